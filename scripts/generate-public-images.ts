// Writes the static images under public/images (placeholder, default logo, contact
// picture) from the same drawing code as the demo store. Run after changing the
// drawings; the results are committed.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { demoFabric } from "../server/seed/demo-catalog.ts";
import { renderContactImage, renderLogo, renderPlaceholder } from "../server/seed/demo-images.ts";

const out = path.resolve(import.meta.dirname, "../public/images");
const jpeg = (png: Buffer) =>
  sharp(png).flatten({ background: "#FDFCF7" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();

await writeFile(path.join(out, "placeholder.jpg"), await jpeg(await renderPlaceholder(800)));
await writeFile(
  path.join(out, "logo.png"),
  await sharp(await renderLogo())
    .png({ compressionLevel: 9 })
    .toBuffer(),
);
await writeFile(
  path.join(out, "contact.jpg"),
  await jpeg(await renderContactImage(demoFabric("rose-garden-floral").look)),
);
console.log(`Wrote placeholder.jpg, logo.png and contact.jpg to ${out}`);
