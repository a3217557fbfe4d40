import { describe, expect, it } from "vitest";
import { isSlug } from "./slug.ts";
import { hasControlCharacters, hasStrayControlCharacters } from "./text.ts";

describe("control characters", () => {
  it("are refused in single-line values, line breaks included", () => {
    expect(hasControlCharacters("Ada Lovelace")).toBe(false);
    expect(hasControlCharacters("Ada\r\nBcc: x")).toBe(true);
    expect(hasControlCharacters("nul\u0000")).toBe(true);
  });

  it("allow line breaks and tabs in multi-line text, nothing else", () => {
    expect(hasStrayControlCharacters("line one\r\nline two\tend")).toBe(false);
    expect(hasStrayControlCharacters("nul\u0000")).toBe(true);
    expect(hasStrayControlCharacters("bell\u0007")).toBe(true);
  });
});

describe("isSlug", () => {
  it("accepts what slugify produces and nothing else", () => {
    expect(isSlug("market-day-tote")).toBe(true);
    expect(isSlug("other-products")).toBe(true);
    for (const value of ["", "Market", "a--b", "-a", "a-", "../etc", "a\u0000", "x".repeat(201)]) expect(isSlug(value), value).toBe(false);
  });
});
