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

  const { data, info } = await sharp(input, { animated: false })
    .rotate()
    .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });

  const hash = createHash("sha256").update(data).digest("hex").slice(0, 20);
  const { width, height } = info;
  const url = await storage.put(`${folder}/${storedImageName(hash, width, height)}`, data);

  for (const variantWidth of IMAGE_WIDTHS) {
    if (variantWidth >= width) continue;
    const variant = await sharp(data).resize({ width: variantWidth }).webp({ quality: 80 }).toBuffer();
    await storage.put(`${folder}/${storedImageName(hash, width, height, variantWidth)}`, variant);
  }
  return { url, width, height };
}
