import { describe, expect, it } from "vitest";
import type { CartLine } from "./cart-lines.ts";
import { reconcileWithServer } from "./use-server-cart-prices.ts";

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  productId: "p-tote",
  name: "Market Tote",
  priceCents: 4500,
  quantity: 1,
  fabricCode: "navy-gingham",
  fabricLabel: "Navy Gingham",
  image: "/img.webp",
  ...overrides,
});

describe("reconciling with the server", () => {
  it("takes the server's prices and names and drops lines that are gone", () => {
    const lines = [line(), line({ productId: "p-gone", name: "Old Clutch" })];
    const result = reconcileWithServer(lines, [
      {
        productId: "p-tote",
        fabricCode: "navy-gingham",
        available: true,
        slug: "market-tote",
        name: "Market Tote II",
        fabricLabel: "Navy Gingham",
        priceCents: 4800,
        image: null,
      },
      { productId: "p-gone", fabricCode: "navy-gingham", available: false },
    ]);
    expect(result.lines).toEqual([line({ name: "Market Tote II", priceCents: 4800 })]);
    expect(result.removed.map((removed) => removed.name)).toEqual(["Old Clutch"]);
    expect(result.repriced).toHaveLength(1);
  });

  it("drops a line whose fabric is out of stock and keeps the server's reason", () => {
    const reason = "Market Tote in Navy Gingham is out of stock";
    const result = reconcileWithServer(
      [line()],
      [{ productId: "p-tote", fabricCode: "navy-gingham", available: false, reason }],
    );
    expect(result.lines).toEqual([]);
    expect(result.removed).toEqual([{ ...line(), reason }]);
  });

  it("keeps lines the server was not asked about", () => {
    expect(reconcileWithServer([line()], []).lines).toEqual([line()]);
  });
});
