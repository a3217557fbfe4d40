import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSlug } from "./slug.ts";
import {
  hasControlCharacters,
  hasLoneSurrogates,
  hasStrayControlCharacters,
  multiLineText,
  normalizeText,
  singleLineText,
} from "./text.ts";

/** Any UTF-16 text, lone surrogates and control characters included: what a hostile client can send. */
const rawText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
/** Text with decomposed accents, line breaks and emoji mixed in, as people paste it. */
const typedText = fc.string({
  unit: fc.constantFrom("a", "Z", "7", " ", "e\u0301", "\u00e9", "o\u0308", "\n", "\t", "\r\n", "\u{1f9f5}", "ß", "用"),
  maxLength: 40,
});
const anyText = fc.oneof(rawText, typedText);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("the text normaliser (properties)", () => {
  it("is idempotent and yields NFC without edge whitespace", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const once = normalizeText(value);
        expect(normalizeText(once)).toBe(once);
        expect(once.normalize("NFC")).toBe(once);
        expect(once).toBe(once.trim());
      }),
    );
  });

  it("single-line fields keep only clean, bounded, normalised text", () => {
    const field = singleLineText("Full name", 20);
    fc.assert(
      fc.property(anyText, (value) => {
        const result = field.safeParse(value);
        if (!result.success) return;
        expect(result.data).toBe(normalizeText(value));
        expect(result.data.length).toBeGreaterThan(0);
        expect(result.data.length).toBeLessThanOrEqual(20);
        expect(result.data).not.toMatch(/\p{Cc}/u);
        expect(result.data).not.toMatch(LONE_SURROGATE);
        expect(field.parse(result.data)).toBe(result.data);
      }),
    );
  });

  it("multi-line fields keep line breaks and tabs, never another control character", () => {
    const field = multiLineText("Message", 50);
    fc.assert(
      fc.property(anyText, (value) => {
        const result = field.safeParse(value);
        if (!result.success) return;
        expect(result.data).toBe(normalizeText(value));
        expect(result.data).not.toMatch(/[^\P{Cc}\t\n\r]/u);
        expect(result.data).not.toMatch(LONE_SURROGATE);
      }),
    );
  });

  it("refuses NUL, other controls and lone surrogates anywhere, with the field's message", () => {
    const name = singleLineText("Full name", 100);
    const notes = multiLineText("Order notes", 2000, { optional: true });
    const phone = singleLineText("Phone", 30, { optional: true, invalid: "Please enter a valid phone number" });
    const bad = fc.constantFrom("\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\ud800", "\udc00", "\udbff");
    const clean = fc.string({ unit: fc.constantFrom("a", "b", "é", " ", "-"), minLength: 2, maxLength: 20 });
    fc.assert(
      fc.property(clean, bad, fc.nat(), (value, char, at) => {
        const position = 1 + (at % (value.length - 1));
        const dirty = value.slice(0, position) + char + value.slice(position);
        expect(name.safeParse(dirty).error?.issues[0]?.message).toBe(
          "Please remove line breaks and control characters",
        );
        expect(notes.safeParse(dirty).error?.issues[0]?.message).toBe("Please remove control characters");
        expect(phone.safeParse(dirty).error?.issues[0]?.message).toBe("Please enter a valid phone number");
      }),
    );
  });
});

describe("text checks (examples)", () => {
  it("refuse control characters in single-line values, line breaks included", () => {
    expect(hasControlCharacters("Ada Lovelace")).toBe(false);
    expect(hasControlCharacters("Ada\r\nBcc: x")).toBe(true);
    expect(hasControlCharacters("nul\u0000")).toBe(true);
    expect(hasControlCharacters("next line\u0085")).toBe(true);
  });

  it("allow line breaks and tabs in multi-line text, nothing else", () => {
    expect(hasStrayControlCharacters("line one\r\nline two\tend")).toBe(false);
    expect(hasStrayControlCharacters("nul\u0000")).toBe(true);
    expect(hasStrayControlCharacters("bell\u0007")).toBe(true);
  });

  it("tell lone surrogates from whole pairs", () => {
    expect(hasLoneSurrogates("thread \u{1f9f5}")).toBe(false);
    expect(hasLoneSurrogates("half \ud83e")).toBe(true);
    expect(hasLoneSurrogates("\udff5 half")).toBe(true);
    expect(hasLoneSurrogates("\udff5\ud83e")).toBe(true);
  });

  it("count lengths after normalising", () => {
    const field = singleLineText("City", 4);
    // Four letters typed with combining accents are eight code units but four after NFC.
    expect(field.parse(" Ce\u0301ze\u0301 ")).toBe("C\u00e9z\u00e9");
    expect(field.safeParse("abcde").error?.issues[0]?.message).toBe("City must be at most 4 characters");
    expect(field.safeParse("   ").error?.issues[0]?.message).toBe("City is required");
    expect(singleLineText("Apartment", 10, { optional: true }).parse("  ")).toBe("");
  });
});

describe("isSlug", () => {
  it("accepts what slugify produces and nothing else", () => {
    expect(isSlug("market-day-tote")).toBe(true);
    expect(isSlug("other-products")).toBe(true);
    for (const value of ["", "Market", "a--b", "-a", "a-", "../etc", "a\u0000", "x".repeat(201)])
      expect(isSlug(value), value).toBe(false);
  });
});
