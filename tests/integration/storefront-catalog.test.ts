import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_PAGE_SIZE } from "../../core/constants.ts";
import { priceCartLines } from "../../server/catalog/cart-pricing.ts";
import {
  categoryTileImage,
  firstProductImageByCategory,
  getCategoryBySlug,
  listCategories,
} from "../../server/catalog/categories.ts";
import {
  escapeLikePattern,
  getProductBySlug,
  listProductsWithImages,
  searchProducts,
} from "../../server/catalog/product-catalog.ts";
import { categories, productFabrics, products, tenants } from "../../server/db/schema.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

const TENANT = "shop-test";
const OTHER_TENANT = "someone-else";

describe.each(ENGINES)("storefront catalogue queries on %s", (engine) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  /** The store under test; the other tenant's rows must never show up in it. */
  const shop = () => ({ db: database.db, tenantId: TENANT });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    await db.insert(tenants).values([{ id: TENANT }, { id: OTHER_TENANT }]);
    const categoryRows = await db
      .insert(categories)
      .values([
        { tenantId: TENANT, slug: "purses", name: "Purses", sortOrder: 0 },
        { tenantId: TENANT, slug: "bags", name: "Bags", sortOrder: 1 },
        { tenantId: TENANT, slug: "other-products", name: "Other Products", sortOrder: 2 },
        { tenantId: OTHER_TENANT, slug: "purses", name: "Their Purses", sortOrder: 0 },
      ])
      .returning({ id: categories.id, slug: categories.slug, tenantId: categories.tenantId });
    const category = (slug: string, tenant = TENANT) =>
      categoryRows.find((row) => row.slug === slug && row.tenantId === tenant)!.id;
    const day = 86_400_000;
    const rows = await db
      .insert(products)
      .values([
        {
          tenantId: TENANT,
          slug: "market-tote",
          name: "Market Tote",
          description: "A roomy CANVAS tote that holds 100% of your groceries.",
          priceCents: 6400,
          categoryId: category("bags"),
          defaultImages: ["", "/uploads/tote-detail.webp"],
          source: "selvage",
          createdAt: new Date(Date.now() - 2 * day),
        },
        {
          tenantId: TENANT,
          slug: "snap_clutch",
          name: "Snap_Clutch",
          description: "A small clutch with a snap.",
          priceCents: 4200,
          categoryId: category("purses"),
          hasFabricSelection: false,
          defaultImages: [],
          source: "selvage",
          createdAt: new Date(Date.now() - day),
        },
        {
          tenantId: OTHER_TENANT,
          slug: "market-tote",
          name: "Their Market Tote",
          description: "Another store's tote.",
          priceCents: 100,
          categoryId: category("purses", OTHER_TENANT),
          defaultImages: ["/uploads/theirs.webp"],
          source: "selvage",
        },
      ])
      .returning({ id: products.id, slug: products.slug, tenantId: products.tenantId });
    for (const row of rows) ids[`${row.tenantId}:${row.slug}`] = row.id;
    await db.insert(productFabrics).values([
      {
        tenantId: TENANT,
        productId: ids[`${TENANT}:market-tote`]!,
        code: "navy",
        label: "Navy",
        upchargeCents: 0,
        sortOrder: 0,
      },
      {
        tenantId: TENANT,
        productId: ids[`${TENANT}:market-tote`]!,
        code: "floral",
        label: "Floral",
        upchargeCents: 500,
        imgOverride: ["/uploads/tote-floral.webp"],
        sortOrder: 1,
      },
      { tenantId: TENANT, productId: ids[`${TENANT}:snap_clutch`]!, code: "default", label: "Default", sortOrder: 0 },
    ]);
  });
  afterAll(() => database?.dispose());

  describe("search", () => {
    it("matches name or description, case-insensitively and trimmed, in this store only", async () => {
      const names = async (query: string) =>
        (await searchProducts(shop(), query)).products.map((product) => product.name);
      expect(await names("  canvas ")).toEqual(["Market Tote"]);
      expect(await names("MARKET")).toEqual(["Market Tote"]);
      expect(await names("snap")).toEqual(["Snap_Clutch"]);
      expect(await names("another store")).toEqual([]);
    });

    it("treats % and _ as themselves, and a blank query as no search", async () => {
      const names = async (query: string) =>
        (await searchProducts(shop(), query)).products.map((product) => product.name);
      expect(await names("100%")).toEqual(["Market Tote"]);
      // As wildcards these would match "snap"; taken literally they match nothing.
      expect(await names("n_p")).toEqual([]);
      expect(await names("n%p")).toEqual([]);
      expect(await names("snap_")).toEqual(["Snap_Clutch"]);
      expect(await names("   ")).toEqual([]);
      expect(escapeLikePattern("50%_off\\")).toBe("50\\%\\_off\\\\");
    });

    it("answers a page at a time, newest first, each product once, and says whether more follow", async () => {
      const store = "paging-store";
      const { db } = database;
      await db.insert(tenants).values({ id: store });
      const [category] = await db
        .insert(categories)
        .values({ tenantId: store, slug: "bags", name: "Bags" })
        .returning({ id: categories.id });
      const count = 2 * SEARCH_PAGE_SIZE + 7;
      const start = Date.now();
      await db.insert(products).values(
        Array.from({ length: count }, (_, n) => ({
          tenantId: store,
          slug: `weekender-${n}`,
          name: `Weekender ${n}`,
          description: "A roomy bag for a weekend away.",
          priceCents: 9000,
          categoryId: category!.id,
          source: "selvage",
          // Two by two at the same moment: ties are split the same way on every page.
          createdAt: new Date(start - Math.floor(n / 2) * 1000),
        })),
      );
      const scope = { db, tenantId: store };
      const pages = [];
      for (const page of [1, 2, 3, 4]) pages.push(await searchProducts(scope, "WEEKENDER", page));
      expect(pages.map((page) => [page.products.length, page.hasNextPage])).toEqual([
        [SEARCH_PAGE_SIZE, true],
        [SEARCH_PAGE_SIZE, true],
        [7, false],
        [0, false],
      ]);
      const names = pages.flatMap((page) => page.products.map((product) => product.name));
      expect(new Set(names).size).toBe(count);
      const created = pages.flatMap((page) => page.products.map((product) => product.createdAt.getTime()));
      expect(created).toEqual([...created].sort((a, b) => b - a));
    });
  });

  describe("products and categories", () => {
    it("finds a product by slug within the store, with its fabrics", async () => {
      const tote = await getProductBySlug(shop(), "market-tote");
      expect(tote).toMatchObject({ name: "Market Tote", categorySlug: "bags", priceCents: 6400 });
      expect(tote?.fabrics.map((fabric) => fabric.code)).toEqual(["navy", "floral"]);
      expect(await getProductBySlug(shop(), "nope")).toBeNull();
    });

    it("lists only products with a picture for the slideshow", async () => {
      expect((await listProductsWithImages(shop(), 4)).map((product) => product.slug)).toEqual(["market-tote"]);
    });

    it("lists the store's categories in order and finds one by slug", async () => {
      expect((await listCategories(shop())).map((category) => category.slug)).toEqual([
        "purses",
        "bags",
        "other-products",
      ]);
      expect(await getCategoryBySlug(shop(), "bags")).toMatchObject({ name: "Bags" });
      expect(await getCategoryBySlug(shop(), "wallets")).toBeNull();
    });

    it("picks tile pictures: own product, else Other Products borrows, else the category's image", async () => {
      const images = await firstProductImageByCategory(shop());
      expect(Object.fromEntries(images)).toEqual({ bags: "/uploads/tote-detail.webp" });
      const all = await listCategories(shop());
      const tile = (slug: string) =>
        categoryTileImage(
          all.find((category) => category.slug === slug)!,
          images,
        );
      expect(tile("bags")).toBe("/uploads/tote-detail.webp");
      expect(tile("other-products")).toBe("/uploads/tote-detail.webp");
      expect(tile("purses")).toBeNull();
    });

    it("takes each category's newest product that has a picture, skipping newer ones without", async () => {
      const bags = (await listCategories(shop())).find((category) => category.slug === "bags")!.id;
      const added = await database.db
        .insert(products)
        .values(
          [
            { slug: "newer-bag", images: ["/uploads/newer-bag.webp"], hoursAgo: 2 },
            { slug: "newest-bag-no-picture", images: [], hoursAgo: 1 },
          ].map(({ slug, images, hoursAgo }) => ({
            tenantId: TENANT,
            slug,
            name: slug,
            description: "",
            priceCents: 1000,
            categoryId: bags,
            defaultImages: images,
            source: "selvage",
            createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
          })),
        )
        .returning({ id: products.id });
      try {
        const images = await firstProductImageByCategory(shop());
        expect(Object.fromEntries(images)).toEqual({ bags: "/uploads/newer-bag.webp" });
      } finally {
        await database.db.delete(products).where(
          inArray(
            products.id,
            added.map((row) => row.id),
          ),
        );
      }
    });
  });

  describe("cart pricing", () => {
    it("prices lines from the database: product price plus the fabric's upcharge", async () => {
      const tote = ids[`${TENANT}:market-tote`]!;
      const clutch = ids[`${TENANT}:snap_clutch`]!;
      const lines = await priceCartLines(shop(), [
        { productId: tote, fabricCode: "floral" },
        { productId: tote, fabricCode: "navy" },
        { productId: clutch, fabricCode: "default" },
      ]);
      expect(lines).toEqual([
        {
          productId: tote,
          fabricCode: "floral",
          available: true,
          slug: "market-tote",
          name: "Market Tote",
          fabricLabel: "Floral",
          priceCents: 6900,
          image: "/uploads/tote-floral.webp",
        },
        {
          productId: tote,
          fabricCode: "navy",
          available: true,
          slug: "market-tote",
          name: "Market Tote",
          fabricLabel: "Navy",
          priceCents: 6400,
          image: "/uploads/tote-detail.webp",
        },
        {
          productId: clutch,
          fabricCode: "default",
          available: true,
          slug: "snap_clutch",
          name: "Snap_Clutch",
          fabricLabel: "Default",
          priceCents: 4200,
          image: null,
        },
      ]);
    });

    it("answers unavailable for unknown products, fabrics, other stores' products and malformed ids", async () => {
      const tote = ids[`${TENANT}:market-tote`]!;
      const theirs = ids[`${OTHER_TENANT}:market-tote`]!;
      const lines = await priceCartLines(shop(), [
        { productId: tote, fabricCode: "gone" },
        { productId: theirs, fabricCode: "default" },
        { productId: "not-a-uuid", fabricCode: "default" },
        { productId: "00000000-0000-4000-8000-000000000000", fabricCode: "navy" },
      ]);
      expect(lines.map((line) => line.available)).toEqual([false, false, false, false]);
    });
  });
});
