import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_WIDTHS, storedImageName } from "../../core/images.ts";
import type { FileStorage } from "./local-storage.ts";

/** Formats accepted from owners; decided by the file's content, never by its name or type. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);
const MAX_DIMENSION = 2000;

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/**
 * Re-encodes an image to WebP (dropping metadata such as GPS), caps its size and
 * writes it with narrower variants for srcset. The name is the content hash, so
 * a URL never changes meaning and can be cached forever.
 */
export async function storeImage(storage: FileStorage, input: Buffer, folder: string): Promise<StoredImage> {
  const format = await sharp(input)
    .metadata()
    .then((metadata) => metadata.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRejectedError("Please upload an image file");
  }

  // Decode once; the stored image and its variants are all encoded from these pixels.
  const { data: pixels, info } = await sharp(input, { animated: false })
    .rotate()
    .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const fromPixels = () => sharp(pixels, { raw: { width, height, channels } });
  // Effort 2 encodes about twice as fast as the default for files a few percent larger.
  const encode = (image: ReturnType<typeof sharp>) => image.webp({ quality: 82, effort: 2 }).toBuffer();

  const data = await encode(fromPixels());
  const hash = createHash("sha256").update(data).digest("hex").slice(0, 20);
  const url = await storage.put(`${folder}/${storedImageName(hash, width, height)}`, data);
  await Promise.all(
    IMAGE_WIDTHS.filter((variantWidth) => variantWidth < width).map(async (variantWidth) => {
      const variant = await encode(fromPixels().resize({ width: variantWidth }));
      await storage.put(`${folder}/${storedImageName(hash, width, height, variantWidth)}`, variant);
    }),
  );
  return { url, width, height };
}
