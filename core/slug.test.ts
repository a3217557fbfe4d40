import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

describe("slugify", () => {
  it("lowercases, trims and joins words with single hyphens", () => {
    expect(slugify("  Market Tote  ")).toBe("market-tote");
    expect(slugify("Snap   Wallet__Mini")).toBe("snap-wallet-mini");
  });

  it("spells out ampersands and drops other punctuation", () => {
    expect(slugify("Bags & Purses")).toBe("bags-and-purses");
    expect(slugify("Rosie's Clutch!")).toBe("rosies-clutch");
  });

  it("collapses repeated hyphens and strips them at the ends", () => {
    expect(slugify("--Crossbody -- Bag--")).toBe("crossbody-bag");
    expect(slugify("")).toBe("");
  });
});
