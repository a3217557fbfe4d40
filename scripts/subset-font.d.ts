// The part of subset-font (no types of its own) that scripts/subset-fonts.ts uses.
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "sfnt" | "woff" | "woff2";
    /** OpenType feature tags to keep; every feature when left out. */
    keepFeatures?: string[];
    /** Per axis tag: a value pins the axis (a static font), a range keeps part of it. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}
