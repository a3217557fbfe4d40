import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "../../core/constants.ts";
import {
  addLine,
  CART_MESSAGES,
  cartCount,
  cartTotalCents,
  lineFor,
  lineQuantity,
  parseStoredCart,
  removeLine,
  resolveFabric,
  serializeCart,
  setLineQuantity,
  type CartLine,
  type ProductForCart,
} from "./cart-lines.ts";
import { withoutOrdered } from "./cart-after-order.ts";
import { reconcileWithServer } from "./use-server-cart-prices.ts";

const tote: ProductForCart = {
  id: "p-tote",
  name: "Market Tote",
  priceCents: 4500,
  hasFabricSelection: true,
  fabrics: [
    { code: "navy-gingham", label: "Navy Gingham", upchargeCents: 0 },
    { code: "rose-floral", label: "Rose Floral", upchargeCents: 500 },
  ],
};
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

describe("adding to the cart", () => {
  it("adds a new line, then increments the same product and fabric", () => {
    const first = addLine([], lineFor(tote, tote.fabrics[0]!, "/img.webp"), 2);
    expect(first.outcome).toBe("added");
    expect(first.lines).toEqual([line({ quantity: 2 })]);
    const again = addLine(first.lines, lineFor(tote, tote.fabrics[0]!, "/img.webp"), 3);
    expect(again.outcome).toBe("updated");
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0]!.quantity).toBe(5);
  });

  it("keeps a separate line per fabric, priced with the upcharge", () => {
    const { lines } = addLine([line()], lineFor(tote, tote.fabrics[1]!, "/rose.webp"), 1);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ fabricCode: "rose-floral", fabricLabel: "Rose Floral", priceCents: 5000 });
  });
});

describe("the most of one item a cart holds", () => {
  it("fills a line up to the checkout's limit and says when not all fitted", () => {
    const item = lineFor(tote, tote.fabrics[0]!, "/img.webp");
    const almost = addLine([line({ quantity: MAX_LINE_QUANTITY - 2 })], item, 2);
    expect(almost).toEqual({ lines: [line({ quantity: MAX_LINE_QUANTITY })], outcome: "updated" });
    expect(addLine(almost.lines, item, 1)).toEqual({ lines: almost.lines, outcome: "limited" });
    expect(addLine([line({ quantity: MAX_LINE_QUANTITY - 1 })], item, 5)).toEqual({
      lines: [line({ quantity: MAX_LINE_QUANTITY })],
      outcome: "limited",
    });
    expect(addLine([], item, MAX_LINE_QUANTITY + 1)).toEqual({
      lines: [line({ quantity: MAX_LINE_QUANTITY })],
      outcome: "limited",
    });
  });

  it("sets a larger quantity to the limit", () => {
    expect(setLineQuantity([line()], "p-tote", "navy-gingham", MAX_LINE_QUANTITY + 51)[0]!.quantity).toBe(
      MAX_LINE_QUANTITY,
    );
    expect(lineQuantity(150)).toBe(MAX_LINE_QUANTITY);
    expect(lineQuantity(0)).toBe(1);
    expect(lineQuantity(2.7)).toBe(2);
  });

  it("reads a cart stored with more than the limit as holding the limit", () => {
    const stored = JSON.stringify([{ productId: "x", name: "X", price: 12, quantity: 150 }]);
    expect(parseStoredCart(stored)![0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe("choosing the fabric of a new line", () => {
  it("uses 'default' without fabric selection", () => {
    const result = resolveFabric({ ...tote, hasFabricSelection: false, fabrics: [] }, null);
    expect(result).toEqual({ ok: true, fabric: { code: "default", label: "Default", upchargeCents: 0 } });
  });

  it("refuses a product whose fabric selection has no fabrics", () => {
    expect(resolveFabric({ ...tote, fabrics: [] }, "x")).toEqual({ ok: false, message: CART_MESSAGES.noFabrics });
  });

  it("asks for a fabric when none is chosen, and falls back to the first for an unknown code", () => {
    expect(resolveFabric(tote, null)).toEqual({ ok: false, message: "Please select a fabric option" });
    expect(resolveFabric(tote, "gone")).toEqual({ ok: true, fabric: tote.fabrics[0] });
    expect(resolveFabric(tote, "rose-floral")).toEqual({ ok: true, fabric: tote.fabrics[1] });
  });

  it("never picks a fabric out of stock: a stale or tampered choice falls back to the first in stock", () => {
    const navy = { code: "navy-gingham", label: "Navy Gingham", upchargeCents: 0, inStock: false };
    const rose = { code: "rose-floral", label: "Rose Floral", upchargeCents: 500, inStock: true };
    const mint = { code: "mint", label: "Mint", upchargeCents: 0, inStock: true };
    const stocked = { ...tote, fabrics: [navy, rose, mint] };
    expect(resolveFabric(stocked, "navy-gingham")).toEqual({ ok: true, fabric: rose });
    expect(resolveFabric(stocked, "gone")).toEqual({ ok: true, fabric: rose });
    expect(resolveFabric(stocked, "mint")).toEqual({ ok: true, fabric: mint });
    expect(resolveFabric({ ...tote, fabrics: [navy] }, "navy-gingham")).toEqual({
      ok: false,
      message: CART_MESSAGES.noFabrics,
    });
  });
});

describe("changing lines", () => {
  it("sets a quantity, and removes the line at zero or below", () => {
    expect(setLineQuantity([line()], "p-tote", "navy-gingham", 4)[0]!.quantity).toBe(4);
    expect(setLineQuantity([line()], "p-tote", "navy-gingham", 0)).toEqual([]);
    expect(setLineQuantity([line()], "p-tote", "navy-gingham", -2)).toEqual([]);
  });

  it("removes only the matching product and fabric", () => {
    const lines = [line(), line({ fabricCode: "rose-floral" })];
    expect(removeLine(lines, "p-tote", "navy-gingham")).toEqual([line({ fabricCode: "rose-floral" })]);
  });

  it("takes out what an order bought, keeping what was added since", () => {
    const lines = [
      line({ quantity: 3 }),
      line({ fabricCode: "rose-floral", quantity: 2 }),
      line({ productId: "p-wallet", name: "Wallet" }),
    ];
    const ordered = [
      { productId: "p-tote", fabricCode: "navy-gingham", quantity: 2 },
      { productId: "p-tote", fabricCode: "rose-floral", quantity: 2 },
      { productId: null, fabricCode: "default", quantity: 1 },
    ];
    expect(withoutOrdered(lines, ordered)).toEqual([
      line({ quantity: 1 }),
      line({ productId: "p-wallet", name: "Wallet" }),
    ]);
    expect(
      withoutOrdered([line({ quantity: 2 })], [{ productId: "p-tote", fabricCode: "navy-gingham", quantity: 5 }]),
    ).toEqual([]);
  });

  it("counts quantities and totals price times quantity", () => {
    const lines = [line({ quantity: 2 }), line({ fabricCode: "rose-floral", priceCents: 5000, quantity: 3 })];
    expect(cartCount(lines)).toBe(5);
    expect(cartTotalCents(lines)).toBe(2 * 4500 + 3 * 5000);
    expect(cartCount([])).toBe(0);
  });
});

describe("stored cart", () => {
  it("stores the spec's shape with the price in dollars, and reads it back", () => {
    const raw = serializeCart([line({ priceCents: 4550 })]);
    expect(JSON.parse(raw)).toEqual([
      {
        productId: "p-tote",
        name: "Market Tote",
        price: 45.5,
        quantity: 1,
        fabricCode: "navy-gingham",
        fabricLabel: "Navy Gingham",
        image: "/img.webp",
      },
    ]);
    expect(parseStoredCart(raw)).toEqual([line({ priceCents: 4550 })]);
  });

  it("answers null for data that is not a cart, and an empty cart for nothing stored", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("{not json")).toBeNull();
    expect(parseStoredCart('{"productId":"x"}')).toBeNull();
    expect(parseStoredCart('[{"productId":"x","name":"X","price":"12","quantity":1}]')).toBeNull();
    expect(parseStoredCart('[{"productId":"x","name":"X","price":12,"quantity":0}]')).toBeNull();
  });
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
