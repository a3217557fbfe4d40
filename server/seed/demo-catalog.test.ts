import { describe, expect, it } from "vitest";
import { FABRIC_COLORS, fabricSchema } from "../../core/fabric.ts";
import {
  DEMO_CATEGORIES,
  DEMO_FABRICS,
  DEMO_PRODUCTS,
  DEMO_STORE,
  defaultFabricCode,
  demoFabric,
} from "./demo-catalog.ts";
import { ITEM_SHAPES } from "./demo-images.ts";

const slugLike = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const hex = /^#[0-9A-Fa-f]{6}$/;

/** What a shopper pays extra for the fabric on this product. */
const upchargeOf = (code: string, override?: number) => override ?? demoFabric(code).priceCents;

describe("demo fabrics", () => {
  it("has at least 12 fabrics in at least 7 colour categories", () => {
    expect(DEMO_FABRICS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DEMO_FABRICS.map((f) => f.color)).size).toBeGreaterThanOrEqual(7);
  });

  it("uses unique, short codes that the fabric form would take, and unique sort orders", () => {
    const codes = DEMO_FABRICS.map((f) => f.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(fabricSchema.shape.code.safeParse(code).success, code).toBe(true);
      expect(code.length).toBeLessThanOrEqual(20);
    }
    expect(new Set(DEMO_FABRICS.map((f) => f.sortOrder)).size).toBe(codes.length);
  });

  it("shows off at least gingham, stripes, dots, plaid and floral prints", () => {
    const patterns = new Set(DEMO_FABRICS.map((f) => f.look.pattern));
    for (const p of ["gingham", "stripes", "dots", "plaid", "floral"] as const) expect(patterns).toContain(p);
  });

  it("has valid colours, prices and looks", () => {
    for (const f of DEMO_FABRICS) {
      expect(FABRIC_COLORS).toContain(f.color);
      expect(Number.isInteger(f.priceCents) && f.priceCents >= 0).toBe(true);
      expect(f.name.trim()).not.toBe("");
      expect(f.description.length).toBeGreaterThan(40);
      for (const c of [f.look.base, f.look.accent, f.look.accent2 ?? "#000000"]) expect(c).toMatch(hex);
    }
    expect(DEMO_FABRICS.filter((f) => f.priceCents === 0).length).toBeGreaterThan(DEMO_FABRICS.length / 2);
    expect(DEMO_FABRICS.some((f) => f.priceCents >= 300 && f.priceCents <= 800)).toBe(true);
    const outOfStock = DEMO_FABRICS.filter((f) => !f.inStock).length;
    expect(outOfStock).toBeGreaterThanOrEqual(1);
    expect(outOfStock).toBeLessThanOrEqual(2);
  });
});

describe("demo categories and store", () => {
  it("lists the four fixed categories in order", () => {
    expect(DEMO_CATEGORIES.map((c) => [c.slug, c.name])).toEqual([
      ["purses", "Purses"],
      ["bags", "Bags"],
      ["wallets", "Wallets"],
      ["other-products", "Other Products"],
    ]);
    for (const c of DEMO_CATEGORIES) expect(c.description.length).toBeGreaterThan(20);
  });

  it("seeds the store settings from the spec", () => {
    expect(DEMO_STORE).toMatchObject({
      name: "Selvage Handmade",
      email: "studio@example.com",
      phone: "(303) 555-0142",
      primaryColor: "#D4AF37",
      textColor: "#1F1E1D",
      bgColor: "#FDFCF7",
    });
    expect(DEMO_STORE.defaultProductDescription.length).toBeGreaterThanOrEqual(20);
  });
});

describe("demo products", () => {
  const categorySlugs = new Set(DEMO_CATEGORIES.map((c) => c.slug));

  it("has at least 14 products with at least 3 per category", () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(14);
    for (const slug of categorySlugs) {
      expect(DEMO_PRODUCTS.filter((p) => p.categorySlug === slug).length).toBeGreaterThanOrEqual(3);
    }
    for (const p of DEMO_PRODUCTS) expect(categorySlugs.has(p.categorySlug)).toBe(true);
  });

  it("uses unique lowercase-hyphen slugs and distinct creation days", () => {
    const slugs = DEMO_PRODUCTS.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(slugLike);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.createdDaysAgo)).size).toBe(slugs.length);
  });

  it("prices each category like handmade goods", () => {
    const ranges: Record<string, readonly [number, number]> = {
      wallets: [2800, 4500],
      purses: [4500, 9500],
      bags: [5500, 14000],
      "other-products": [1200, 4000],
    };
    for (const p of DEMO_PRODUCTS) {
      const [min, max] = ranges[p.categorySlug]!;
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.priceCents, p.slug).toBeGreaterThanOrEqual(min);
      expect(p.priceCents, p.slug).toBeLessThanOrEqual(max);
    }
  });

  it("has warm, specific descriptions", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.description.length, p.slug).toBeGreaterThanOrEqual(120);
      expect(p.description, p.slug).toMatch(/Colorado/);
    }
  });

  it("draws each product in a known shape and picture slots", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(ITEM_SHAPES).toContain(p.shape);
      expect(p.images[0]).toBe("main");
      expect(new Set(p.images).size).toBe(p.images.length);
    }
  });

  it("has exactly two products without fabric selection, each with a fixed library fabric", () => {
    const fixed = DEMO_PRODUCTS.filter((p) => !p.hasFabricSelection);
    expect(fixed).toHaveLength(2);
    for (const p of fixed) {
      if (p.hasFabricSelection) continue;
      expect(p.fabrics).toHaveLength(0);
      expect(() => demoFabric(p.fixedFabric)).not.toThrow();
    }
  });

  it("offers 2 to 5 existing, distinct fabrics on every product with selection", () => {
    for (const p of DEMO_PRODUCTS.filter((p) => p.hasFabricSelection)) {
      expect(p.fabrics.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.fabrics.length, p.slug).toBeLessThanOrEqual(5);
      const codes = p.fabrics.map((f) => f.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const f of p.fabrics) {
        expect(() => demoFabric(f.code), `${p.slug}: ${f.code}`).not.toThrow();
        if (f.upchargeCents !== undefined) expect(Number.isInteger(f.upchargeCents) && f.upchargeCents >= 0).toBe(true);
      }
    }
  });

  it("has per-fabric pictures on at least 5 products and upcharges on at least 4", () => {
    expect(DEMO_PRODUCTS.filter((p) => p.fabrics.some((f) => f.withImages)).length).toBeGreaterThanOrEqual(5);
    // The first fabric is the one the default pictures show, so extra pictures of it would be duplicates.
    for (const p of DEMO_PRODUCTS) expect(p.fabrics[0]?.withImages, p.slug).not.toBe(true);
    const withUpcharge = DEMO_PRODUCTS.filter((p) => p.fabrics.some((f) => upchargeOf(f.code, f.upchargeCents) > 0));
    expect(withUpcharge.length).toBeGreaterThanOrEqual(4);
    expect(DEMO_PRODUCTS.some((p) => p.fabrics.some((f) => f.upchargeCents !== undefined))).toBe(true);
  });

  it("knows which fabric to draw the default pictures in", () => {
    for (const p of DEMO_PRODUCTS) expect(() => demoFabric(defaultFabricCode(p))).not.toThrow();
    expect(() => demoFabric("no-such-fabric")).toThrow();
  });
});
