import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, storedImageName } from "../../core/images.ts";
import { isSafeStorageKey, type FileStorage } from "./local-storage.ts";

/** Formats accepted from owners; decided by the file's content, never by its name or type. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
const MAX_DIMENSION = 2000;
/**
 * Largest picture decoded, in pixels (50 megapixels, about 8700 × 5800). A few kilobytes
 * can declare a picture whose pixels would fill the server's memory; such a file is
 * refused from its header, before anything is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageRejection = "not-an-image" | "too-many-pixels" | "damaged";

const REJECTION_MESSAGES: Record<ImageRejection, string> = {
  "not-an-image": "Please upload an image file",
  "too-many-pixels": "the picture is larger than 50 megapixels",
  damaged: "the file is damaged or incomplete",
};

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
  readonly reason: ImageRejection;
  constructor(reason: ImageRejection) {
    super(REJECTION_MESSAGES[reason]);
    this.reason = reason;
  }
}

// Effort 2 encodes about twice as fast as the default for files a few percent larger.
const WEBP = { quality: 82, effort: 2 } as const;

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/**
 * Re-encodes an image to WebP (dropping metadata such as GPS), caps its size and
 * writes it with narrower variants for srcset. The name is the content hash, so
 * a URL never changes meaning and can be cached forever. Refused before anything is
 * written: other formats, pictures over MAX_INPUT_PIXELS, and files that do not decode
 * to the end (truncated, or something else behind a picture's first bytes).
 */
export async function storeImage(storage: FileStorage, input: Buffer, folder: string): Promise<StoredImage> {
  // The header alone, whatever size it declares; the limit is ours to apply below.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new ImageRejectedError("not-an-image");
  // Only the first frame of an animation is decoded, so its size is what counts.
  if (metadata.width * (metadata.pageHeight ?? metadata.height) > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError("too-many-pixels");
  }

  // Decode once; the stored image and its variants are all encoded from these pixels.
  // failOn "warning" makes a truncated or corrupt file an error instead of grey pixels.
  const decoded = await sharp(input, { animated: false, limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" })
    .rotate()
    .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw Object.assign(new ImageRejectedError("damaged"), { cause: error });
    });
  const { data: pixels, info } = decoded;
  const { width, height, channels } = info;
  const fromPixels = () => sharp(pixels, { raw: { width, height, channels } });
  const encode = (image: ReturnType<typeof sharp>) => image.webp(WEBP).toBuffer();

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

/** A narrower copy's storage key: the stored picture's key with `-<w>w` before `.webp`. */
const VARIANT_KEY = /^(?<picture>(?:[\w-]+\/)*[\w-]+-(?<width>\d+)x\d+)-(?<variant>\d+)w\.webp$/;

/**
 * Makes a narrower copy that a stored picture lacks because the shop stored it before that width
 * was one of IMAGE_WIDTHS, from the stored picture, and answers whether it did. Nothing is
 * written for a key that is not a copy the shop makes (a width it does not make, or one not
 * narrower than the picture) or whose picture is not stored.
 */
export async function storeMissingVariant(storage: FileStorage, key: string): Promise<boolean> {
  const match = VARIANT_KEY.exec(key);
  if (!match?.groups || !isSafeStorageKey(key)) return false;
  const variantWidth = Number(match.groups.variant);
  const widths: readonly number[] = IMAGE_WIDTHS;
  if (!widths.includes(variantWidth) || variantWidth >= Number(match.groups.width)) return false;
  let picture: Buffer;
  try {
    picture = await readFile(path.join(storage.root, `${match.groups.picture}.webp`));
  } catch {
    return false;
  }
  const variant = await sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: variantWidth })
    .webp(WEBP)
    .toBuffer();
  await storage.put(key, variant);
  return true;
}
