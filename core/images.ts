// Stored images are named `<hash>-<width>x<height>.webp`, with narrower copies
// `<hash>-<width>x<height>-<w>w.webp` for every width in IMAGE_WIDTHS below the original.
// The name alone therefore tells a page the size and the available variants.

/**
 * 200 serves the small slots (fabric swatches at 64 px, gallery thumbnails at 96) on a phone's
 * 2× screen. Pictures stored before it was added get that copy on first request
 * (server/http/image-variants.ts).
 */
export const IMAGE_WIDTHS = [200, 320, 640, 960, 1280] as const;

const STORED_IMAGE = /^(?<base>\/uploads\/.+-(?<width>\d+)x(?<height>\d+))\.webp$/;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/** Builds src, srcset and intrinsic size for an image URL; foreign URLs pass through as they are. */
export function responsiveImage(url: string): ResponsiveImage {
  const match = STORED_IMAGE.exec(url);
  if (!match?.groups) return { src: url };
  const { base = "", width: w = "0", height: h = "0" } = match.groups;
  const width = Number(w);
  const height = Number(h);
  const variants = IMAGE_WIDTHS.filter((candidate) => candidate < width).map(
    (candidate) => `${base}-${candidate}w.webp ${candidate}w`,
  );
  return { src: url, srcSet: [...variants, `${url} ${width}w`].join(", "), width, height };
}

/** Name of a stored image and of its narrower variant (used by the storage module). */
export function storedImageName(hash: string, width: number, height: number, variantWidth?: number): string {
  const base = `${hash}-${width}x${height}`;
  return variantWidth ? `${base}-${variantWidth}w.webp` : `${base}.webp`;
}

/** The first picture of a product's image slots (blank slots skipped), or null. */
export function firstImage(images: readonly string[]): string | null {
  return images.find((image) => image.trim() !== "") ?? null;
}
