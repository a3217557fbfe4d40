// Writes the brand fonts under app/fonts from the @fontsource-variable packages, cut down to
// what the pages draw: the latin characters (the unicode-range app/styles.css gives each face),
// the weights the pages use, and the OpenType features a browser applies by itself plus
// tabular figures (prices). The two preloaded faces go from 99 KB to 46 KB, and the italic from
// 52 KB to 18 KB. Run after changing a font package or what the pages use; the results are
// committed (scripts/subset-fonts.test.ts checks they are what this script makes).
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
export const FONTS_DIR = path.join(root, "app/fonts");
const packages = path.join(root, "node_modules/@fontsource-variable");

/** The characters of fontsource's latin subset, as app/styles.css gives them. */
export const LATIN_UNICODE_RANGE =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, " +
  "U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

/**
 * Features browsers turn on by default for latin text (shaping, kerning, ligatures, the variable
 * fonts' own substitutions), and `tnum` for Tailwind's `tabular-nums` on prices.
 */
const FEATURES = ["ccmp", "locl", "mark", "mkmk", "kern", "liga", "clig", "calt", "rlig", "rclt", "rvrn", "tnum"];

export interface BrandFont {
  file: string;
  /** The fontsource file it is cut from, under node_modules/@fontsource-variable. */
  source: string;
  /** One weight (a static font) or the range of the weight axis kept. */
  weight: number | { min: number; max: number };
}

/**
 * Inter is drawn at 400–700 and at 800 in the card logos at checkout; the serif, normal and
 * italic, only at its regular weight (headings, the store's name, the home page's tagline).
 */
export const BRAND_FONTS: BrandFont[] = [
  {
    file: "inter-latin-wght-normal.woff2",
    source: "inter/files/inter-latin-wght-normal.woff2",
    weight: { min: 400, max: 800 },
  },
  {
    file: "source-serif-4-latin-normal.woff2",
    source: "source-serif-4/files/source-serif-4-latin-wght-normal.woff2",
    weight: 400,
  },
  {
    file: "source-serif-4-latin-italic.woff2",
    source: "source-serif-4/files/source-serif-4-latin-wght-italic.woff2",
    weight: 400,
  },
];

/** Every code point of a CSS unicode-range list. */
export function codePointsOf(unicodeRange: string): number[] {
  return unicodeRange.split(",").flatMap((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, "").split("-");
    const from = parseInt(first!, 16);
    const to = parseInt(last!, 16);
    return Array.from({ length: to - from + 1 }, (_, index) => from + index);
  });
}

export async function subsetBrandFont(font: BrandFont): Promise<Buffer> {
  return subsetFont(
    await readFile(path.join(packages, font.source)),
    String.fromCodePoint(...codePointsOf(LATIN_UNICODE_RANGE)),
    { targetFormat: "woff2", keepFeatures: FEATURES, variationAxes: { wght: font.weight } },
  );
}

if (import.meta.main) {
  for (const font of BRAND_FONTS) {
    const bytes = await subsetBrandFont(font);
    await writeFile(path.join(FONTS_DIR, font.file), bytes);
    console.log(`${font.file}: ${(bytes.length / 1024).toFixed(1)} KB`);
  }
  // The SIL Open Font License goes with every copy of the fonts.
  for (const family of new Set(BRAND_FONTS.map((font) => font.source.split("/")[0]!))) {
    await copyFile(path.join(packages, family, "LICENSE"), path.join(FONTS_DIR, `${family}-LICENSE.txt`));
  }
}
