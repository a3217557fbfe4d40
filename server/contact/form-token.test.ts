import { describe, expect, it } from "vitest";
import { readContactFormToken, signContactFormToken } from "./form-token.ts";

const SECRET = "a-secret-of-the-shop-that-is-long-enough";
const shownAt = new Date("2026-03-01T17:00:00.250Z");

describe("contact form token", () => {
  it("gives back when the form was shown, for the store it was signed for", () => {
    const token = signContactFormToken(SECRET, "default", shownAt);
    expect(readContactFormToken(SECRET, "default", token)).toEqual(shownAt);
  });

  it("refuses a token of another store, another secret, a changed time or a changed signature", () => {
    const token = signContactFormToken(SECRET, "default", shownAt);
    expect(readContactFormToken(SECRET, "rival-store", token)).toBeNull();
    expect(readContactFormToken(`${SECRET}!`, "default", token)).toBeNull();
    const [time, signature] = token.split(".") as [string, string];
    // Backdating the form to look patient breaks the signature.
    expect(readContactFormToken(SECRET, "default", `${Number(time) - 60_000}.${signature}`)).toBeNull();
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(readContactFormToken(SECRET, "default", `${time}.${flipped}`)).toBeNull();
  });

  it("refuses what is not a token at all", () => {
    for (const token of [undefined, null, 42, "", "1700000000000", "x.y", `${"9".repeat(16)}.${"A".repeat(43)}`]) {
      expect(readContactFormToken(SECRET, "default", token), String(token)).toBeNull();
    }
  });
});
