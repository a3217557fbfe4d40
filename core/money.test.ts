import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatPrice, priceLineCents } from "./money.ts";

describe("formatPrice", () => {
  it("shows US dollars with exactly two decimals", () => {
    expect(formatPrice(4500)).toBe("$45.00");
    expect(formatPrice(1)).toBe("$0.01");
    expect(formatPrice(123456)).toBe("$1,234.56");
  });
});

describe("priceLineCents", () => {
  it("adds the fabric upcharge to the product price", () => {
    expect(priceLineCents(4500, 500)).toBe(5000);
    expect(priceLineCents(4500, 0)).toBe(4500);
  });
});

describe("dollarsToCents / centsToDollars", () => {
  it("round-trips without floating-point drift", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(4550)).toBe(45.5);
    expect(dollarsToCents(centsToDollars(123456))).toBe(123456);
  });
});
