// What every test shop and test database of a run would otherwise make for itself, made
// once by `npm test` (scripts/test.ts) where its environment names:
//   EMBEDDED_DATABASE_TEMPLATE  a file: a migrated, empty embedded database (a new one
//                               otherwise spends about five seconds in initdb)
//   DEMO_PICTURES_DIR           a folder: the drawn demo pictures (a first start otherwise
//                               spends seconds of both cores drawing them)
import { mkdirSync } from "node:fs";
import path from "node:path";
import { writeEmbeddedTemplate } from "../server/db/client.ts";
import { saveDrawnDemoPictures } from "../server/seed/demo-pictures.ts";

const { EMBEDDED_DATABASE_TEMPLATE: template, DEMO_PICTURES_DIR: pictures } = process.env;
if (!template || !pictures) {
  console.error("EMBEDDED_DATABASE_TEMPLATE and DEMO_PICTURES_DIR must name where to write");
  process.exit(1);
}
mkdirSync(pictures, { recursive: true });
await Promise.all([
  writeEmbeddedTemplate(template, path.resolve(import.meta.dirname, "../drizzle")),
  saveDrawnDemoPictures(pictures),
]);
