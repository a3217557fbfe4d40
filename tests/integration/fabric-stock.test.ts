import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { priceCartLines } from "../../server/catalog/cart-pricing.ts";
import { toProductCard } from "../../server/catalog/product-cards.ts";
import { getProductBySlug, listProducts } from "../../server/catalog/product-catalog.ts";
import { loadConfig } from "../../server/config.ts";
import type { AppServices } from "../../server/context.ts";
import { orderItems, orders, productFabrics } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { startCheckout } from "../../server/orders/checkout-action.ts";
import { createCatalogFixture, CUSTOMER, FIXTURE_TENANT } from "../support/catalog-fixture.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

// A fabric out of stock (the library's switch, copied onto every product option linked
// to it) is shown to shoppers but never sold: not by the cart, not by a checkout request
// that names it directly. The column is flipped here as the library's save would.

describe.each(ENGINES)("fabric stock on %s", (engine) => {
  let database: TestDatabase;
  let fixture: Awaited<ReturnType<typeof createCatalogFixture>>;
  const shop = () => ({ db: database.db, tenantId: FIXTURE_TENANT });
  const services = () =>
    ({
      db: database.db,
      config: loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "selvage-stock-")),
        PUBLIC_URL: "http://shop.test",
      }),
      log: createLogger("silent"),
    }) as unknown as AppServices;
  let clients = 0;
  /** Each checkout from its own address, so the per-client throttle never decides a test. */
  const checkout = (items: unknown[]) =>
    startCheckout(shop(), services(), { clientIp: `198.51.100.${++clients}` }, { customer: CUSTOMER, items });
  const orderCount = async () => {
    const [row] = await database.db.select({ n: count() }).from(orders);
    return Number(row?.n ?? 0);
  };
  const setStock = (code: string, inStock: boolean) =>
    database.db
      .update(productFabrics)
      .set({ inStock })
      .where(and(eq(productFabrics.productId, fixture.tote.id), eq(productFabrics.code, code)));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    fixture = await createCatalogFixture(database.db);
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    await setStock("navy-gingham", true);
    await setStock("rose-floral", true);
  });

  it("lists a fabric out of stock with inStock false, the product still available while another is in stock", async () => {
    await setStock("navy-gingham", false);
    const product = await getProductBySlug(shop(), fixture.tote.slug);
    expect(product?.fabrics.map(({ code, inStock }) => ({ code, inStock }))).toEqual([
      { code: "navy-gingham", inStock: false },
      { code: "rose-floral", inStock: true },
    ]);
    expect(toProductCard(product!)).toMatchObject({ fabricCount: 2, available: true });
  });

  it("makes a product with every fabric out of stock unavailable, and its card says so", async () => {
    await setStock("navy-gingham", false);
    await setStock("rose-floral", false);
    const cards = (await listProducts(shop())).map(toProductCard);
    expect(cards.find((card) => card.slug === fixture.tote.slug)).toMatchObject({
      hasFabricSelection: true,
      available: false,
    });
    // A product without fabric choice is not touched by any fabric's stock.
    expect(cards.find((card) => card.slug === fixture.wallet.slug)).toMatchObject({ available: true });
  });

  it("refuses a cart line in a fabric out of stock, naming the product and the fabric", async () => {
    await setStock("navy-gingham", false);
    const priced = await priceCartLines(shop(), [
      { productId: fixture.tote.id, fabricCode: "navy-gingham" },
      { productId: fixture.tote.id, fabricCode: "rose-floral" },
    ]);
    expect(priced).toEqual([
      {
        productId: fixture.tote.id,
        fabricCode: "navy-gingham",
        available: false,
        reason: "Market Tote in Navy Gingham is out of stock",
      },
      expect.objectContaining({ fabricCode: "rose-floral", available: true, priceCents: 7200 }),
    ]);
  });

  it("refuses a checkout that names the fabric out of stock directly with a 400, writing nothing", async () => {
    await setStock("navy-gingham", false);
    const before = await orderCount();
    const result = await checkout([
      { productId: fixture.wallet.id, fabricCode: "default", quantity: 1 },
      { productId: fixture.tote.id, fabricCode: "navy-gingham", quantity: 2 },
    ]);
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: "Market Tote in Navy Gingham is out of stock. Please remove it from your cart and try again.",
    });
    expect(await orderCount()).toBe(before);
    expect(await database.db.select().from(orderItems).where(eq(orderItems.fabricCode, "navy-gingham"))).toEqual([]);
  });

  it("sells the fabric again once it is back in stock", async () => {
    await setStock("navy-gingham", false);
    expect((await checkout([{ productId: fixture.tote.id, fabricCode: "navy-gingham", quantity: 1 }])).ok).toBe(false);

    await setStock("navy-gingham", true);
    const [line] = await priceCartLines(shop(), [{ productId: fixture.tote.id, fabricCode: "navy-gingham" }]);
    expect(line).toMatchObject({ available: true, fabricLabel: "Navy Gingham", priceCents: 6500 });
    const before = await orderCount();
    const result = await checkout([{ productId: fixture.tote.id, fabricCode: "navy-gingham", quantity: 1 }]);
    expect(result).toMatchObject({ ok: true });
    expect(await orderCount()).toBe(before + 1);
    const product = await getProductBySlug(shop(), fixture.tote.slug);
    expect(product?.fabrics.every((fabric) => fabric.inStock)).toBe(true);
    expect(toProductCard(product!).available).toBe(true);
  });
});
