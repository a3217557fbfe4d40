import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRAND_FONTS, FONTS_DIR, LATIN_UNICODE_RANGE, codePointsOf, subsetBrandFont } from "./subset-fonts.ts";

const STYLES = path.resolve(import.meta.dirname, "../app/styles.css");

/** The @font-face rules of app/styles.css that load a file from app/fonts, by file name. */
async function fontFaces(): Promise<Map<string, { weight: string; unicodeRange: string }>> {
  const css = await readFile(STYLES, "utf8");
  const faces = new Map<string, { weight: string; unicodeRange: string }>();
  for (const [, body] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const file = /url\("\.\/fonts\/([^"]+)"\)/.exec(body!)?.[1];
    if (!file) continue;
    faces.set(file, {
      weight: /font-weight:\s*([^;]+);/.exec(body!)![1]!.trim(),
      unicodeRange: /unicode-range:\s*([^;]+);/.exec(body!)![1]!.replace(/\s+/g, " ").trim(),
    });
  }
  return faces;
}

describe("the brand fonts in app/fonts", () => {
  it.each(BRAND_FONTS)("$file is what scripts/subset-fonts.ts makes from its package", async (font) => {
    const committed = await readFile(path.join(FONTS_DIR, font.file));
    expect((await subsetBrandFont(font)).equals(committed)).toBe(true);
  });

  it("are each loaded by one @font-face naming the weights and characters the file holds", async () => {
    const faces = await fontFaces();
    expect([...faces.keys()].sort()).toEqual(BRAND_FONTS.map((font) => font.file).sort());
    for (const font of BRAND_FONTS) {
      const face = faces.get(font.file)!;
      expect(face.weight).toBe(
        typeof font.weight === "number" ? String(font.weight) : `${font.weight.min} ${font.weight.max}`,
      );
      expect(codePointsOf(face.unicodeRange)).toEqual(codePointsOf(LATIN_UNICODE_RANGE));
    }
  });
});

describe("codePointsOf", () => {
  it("reads single code points and ranges", () => {
    expect(codePointsOf("U+0041-0043, U+20AC")).toEqual([0x41, 0x42, 0x43, 0x20ac]);
  });
});
