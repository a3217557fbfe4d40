import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FABRIC_CODE, DEFAULT_FABRIC_LABEL, PRODUCT_SOURCE } from "../../core/constants.ts";
import {
  FABRIC_CODE_FORMAT_MESSAGE,
  FABRIC_CODE_RESERVED_MESSAGE,
  fabricCodeTakenMessage,
  INVALID_CATEGORY_MESSAGE,
  MAX_FABRIC_OPTIONS,
  SLUG_TAKEN_MESSAGE,
  type FabricOptionInput,
  type ProductInput,
} from "../../core/product.ts";
import { listLibraryFabrics } from "../../server/catalog/fabric-library.ts";
import {
  deleteProduct,
  isSlugTaken,
  listProductsForAdmin,
  loadProductForEdit,
  saveProduct,
  type SaveResult,
} from "../../server/catalog/product-editor.ts";
import type { Database } from "../../server/db/client.ts";
import {
  categories,
  fabricLibrary,
  orderItems,
  orders,
  productFabrics,
  products,
  tenants,
} from "../../server/db/schema.ts";
import type { StoreScope } from "../../server/db/store-scope.ts";
import { createTestDatabase, ENGINES, withAdminClient, type TestDatabase } from "../support/test-database.ts";
import { storedImage } from "../support/image-fixtures.ts";

// The owner's product management against real engines: every rule the save action
// enforces, atomic writes (a failure part-way leaves the database as it was), races on
// a PostgreSQL server, and store isolation. Each test makes its own store.

let storeCount = 0;

/** A store with two categories and three library fabrics (one out of stock). */
async function createStore(db: Database) {
  const tenantId = `editor-${++storeCount}-${randomUUID().slice(0, 8)}`;
  await db.insert(tenants).values({ id: tenantId });
  const [bags, purses] = await db
    .insert(categories)
    .values([
      { tenantId, slug: "bags", name: "Bags", sortOrder: 0 },
      { tenantId, slug: "purses", name: "Purses", sortOrder: 1 },
    ])
    .returning();
  const [navy, rose, amber] = await db
    .insert(fabricLibrary)
    .values([
      {
        tenantId,
        code: "navy-gingham",
        name: "Navy Gingham",
        color: "navy",
        priceCents: 500,
        swatchUrl: storedImage("fabrics", 1),
        sortOrder: 1,
      },
      {
        tenantId,
        code: "rose-floral",
        name: "Rose Floral",
        description: "Small roses on cream cotton.",
        color: "pink",
        customColor: "Dusty rose",
        swatchUrl: storedImage("fabrics", 2),
        inStock: false,
        sortOrder: 0,
        images: [storedImage("fabrics", 3)],
      },
      {
        tenantId,
        code: "amber-linen",
        name: "Amber Linen",
        color: "orange",
        priceCents: 250,
        swatchUrl: storedImage("fabrics", 4),
        sortOrder: 1,
      },
    ])
    .returning();
  const scope: StoreScope = { db, tenantId };
  return { scope, tenantId, bags: bags!, purses: purses!, navy: navy!, rose: rose!, amber: amber! };
}
type Store = Awaited<ReturnType<typeof createStore>>;

function libraryOption(store: Store, overrides: Partial<FabricOptionInput> = {}): FabricOptionInput {
  return {
    code: "navy-gingham",
    label: "Navy Gingham",
    swatchUrl: store.navy.swatchUrl,
    upcharge: "5.00",
    imgOverride: [storedImage("products", 30), storedImage("products", 31)],
    libraryFabricId: store.navy.id,
    ...overrides,
  };
}

function manualOption(overrides: Partial<FabricOptionInput> = {}): FabricOptionInput {
  return {
    code: "hand-dyed-indigo",
    label: "Hand-dyed Indigo",
    swatchUrl: storedImage("fabrics", 40),
    upcharge: "0.00",
    imgOverride: [],
    libraryFabricId: null,
    ...overrides,
  };
}

function productInput(store: Store, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: "Market Tote",
    slug: "market-tote",
    categoryId: store.bags.id,
    price: "45.00",
    description: "A roomy canvas tote, cut and sewn by hand for the farmers market.",
    defaultImages: [storedImage("products", 10), storedImage("products", 11), ""],
    hasFabricSelection: true,
    fabrics: [libraryOption(store), manualOption()],
    ...overrides,
  };
}

/** Saves and answers the new product's id, failing the test when the save is refused. */
async function create(store: Store, overrides: Partial<ProductInput> = {}): Promise<string> {
  const result = await saveProduct(store.scope, productInput(store, overrides));
  if (!result.ok) throw new Error(`save refused: ${result.error}`);
  return result.id;
}

/** Every product and fabric option of every store, to prove that something changed nothing. */
async function dump(db: Database) {
  return {
    products: await db.select().from(products).orderBy(asc(products.id)),
    fabrics: await db.select().from(productFabrics).orderBy(asc(productFabrics.id)),
  };
}

function fabricRows(db: Database, productId: string) {
  return db
    .select()
    .from(productFabrics)
    .where(eq(productFabrics.productId, productId))
    .orderBy(asc(productFabrics.sortOrder));
}

function expectRefused(result: SaveResult, status: 400 | 404 | 409, field: string | null, message: string) {
  expect(result).toMatchObject({ ok: false, status, error: message });
  if (field) expect(result.ok ? {} : result.fieldErrors).toEqual({ [field]: message });
}

/** The field errors of a refused save (status 400). */
function fieldErrorsOf(result: SaveResult) {
  expect(result).toMatchObject({ ok: false, status: 400 });
  return result.ok ? {} : result.fieldErrors;
}

describe.each(ENGINES)("product editor on %s", (engine) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    // A real failure part-way through a save: the database refuses one fabric option
    // after the product row is written and the old options are deleted.
    await db.execute(
      sql.raw(`create function refuse_exploding_fabric() returns trigger language plpgsql as $$
        begin
          if new.code = 'explode' then raise exception 'fabric option refused by the database'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_exploding_fabric before insert on product_fabrics
        for each row execute function refuse_exploding_fabric()`),
    );
  });

  afterAll(async () => {
    await database?.dispose();
  });

  describe("creating", () => {
    it("creates a product with library and typed-in fabrics that loads back exactly as sent", async () => {
      const store = await createStore(db);
      const input = productInput(store);
      const result = await saveProduct(store.scope, input);
      expect(result).toEqual({ ok: true, id: expect.any(String), slug: "market-tote" });
      const id = result.ok ? result.id : "";

      expect(await loadProductForEdit(store.scope, id)).toEqual({ id, ...input });
      const [row] = await db.select().from(products).where(eq(products.id, id));
      expect(row).toMatchObject({
        tenantId: store.tenantId,
        source: PRODUCT_SOURCE,
        priceCents: 4500,
        categoryId: store.bags.id,
        hasFabricSelection: true,
      });
      expect(await fabricRows(db, id)).toMatchObject([
        {
          tenantId: store.tenantId,
          code: "navy-gingham",
          upchargeCents: 500,
          sortOrder: 0,
          libraryFabricId: store.navy.id,
          imgOverride: input.fabrics[0]!.imgOverride,
          // The library's price, but pictures of its own.
          inStock: true,
          upchargeCustom: false,
          imagesCustom: true,
        },
        {
          tenantId: store.tenantId,
          code: "hand-dyed-indigo",
          upchargeCents: 0,
          sortOrder: 1,
          libraryFabricId: null,
          inStock: true,
          upchargeCustom: false,
          imagesCustom: false,
        },
      ]);
    });

    it("copies a library fabric's stock, name and swatch and marks what the product customised", async () => {
      const store = await createStore(db);
      const id = await create(store, {
        fabrics: [
          // Sent with the library's price and pictures: it follows the library.
          libraryOption(store, {
            code: "rose-floral",
            label: "Stale Name",
            swatchUrl: storedImage("fabrics", 99),
            upcharge: "0",
            imgOverride: store.rose.images,
            libraryFabricId: store.rose.id,
          }),
          // A custom upcharge, the library's (empty) pictures.
          libraryOption(store, {
            code: "amber-linen",
            label: "Amber Linen",
            swatchUrl: store.amber.swatchUrl,
            upcharge: "3.00",
            imgOverride: [],
            libraryFabricId: store.amber.id,
          }),
        ],
      });
      expect(await fabricRows(db, id)).toMatchObject([
        {
          code: "rose-floral",
          label: "Rose Floral",
          swatchUrl: store.rose.swatchUrl,
          upchargeCents: 0,
          imgOverride: store.rose.images,
          inStock: false,
          upchargeCustom: false,
          imagesCustom: false,
        },
        { code: "amber-linen", upchargeCents: 300, inStock: true, upchargeCustom: true, imagesCustom: false },
      ]);
      // Its only library fabric in stock is amber: still available; with rose alone it is not.
      expect((await listProductsForAdmin(store.scope))[0]).toMatchObject({ fabricCount: 2, available: true });
      const roseOnly = productInput(store, {
        fabrics: [
          libraryOption(store, {
            code: "rose-floral",
            label: "Rose Floral",
            swatchUrl: store.rose.swatchUrl,
            upcharge: "0",
            imgOverride: store.rose.images,
            libraryFabricId: store.rose.id,
          }),
        ],
      });
      expect(await saveProduct(store.scope, roseOnly, id)).toMatchObject({ ok: true });
      expect((await listProductsForAdmin(store.scope))[0]).toMatchObject({ fabricCount: 1, available: false });
    });

    it("saves a product without fabric selection with one default option and loads it with no chosen fabrics", async () => {
      const store = await createStore(db);
      // Fabrics left in the form while the switch is off are not saved.
      const id = await create(store, { hasFabricSelection: false });

      expect(await fabricRows(db, id)).toMatchObject([
        {
          code: DEFAULT_FABRIC_CODE,
          label: DEFAULT_FABRIC_LABEL,
          swatchUrl: "",
          upchargeCents: 0,
          imgOverride: [],
          libraryFabricId: null,
        },
      ]);
      const loaded = await loadProductForEdit(store.scope, id);
      expect(loaded).toMatchObject({ hasFabricSelection: false, fabrics: [] });
    });

    it("gives a product with fabric selection on but no fabrics the default option", async () => {
      const store = await createStore(db);
      const id = await create(store, { fabrics: [] });
      expect(await fabricRows(db, id)).toMatchObject([{ code: DEFAULT_FABRIC_CODE, label: DEFAULT_FABRIC_LABEL }]);
      expect(await loadProductForEdit(store.scope, id)).toMatchObject({ hasFabricSelection: true, fabrics: [] });
      const [row] = await listProductsForAdmin(store.scope);
      expect(row).toMatchObject({ fabricCount: 1, available: true });
    });

    it("refuses a new fabric coded like the default, but keeps one saved before the code rule, since it has a swatch", async () => {
      const store = await createStore(db);
      const own = manualOption({ code: DEFAULT_FABRIC_CODE, label: "House canvas" });
      const before = await dump(db);
      expectRefused(
        await saveProduct(store.scope, productInput(store, { fabrics: [own] })),
        400,
        "fabrics.0.code",
        FABRIC_CODE_RESERVED_MESSAGE,
      );
      expect(await dump(db)).toEqual(before);

      const id = await create(store, { fabrics: [manualOption({ label: "House canvas" })] });
      await db.update(productFabrics).set({ code: DEFAULT_FABRIC_CODE }).where(eq(productFabrics.productId, id));
      expect((await loadProductForEdit(store.scope, id))?.fabrics).toEqual([own]);
      expect(await saveProduct(store.scope, productInput(store, { fabrics: [own] }), id)).toMatchObject({ ok: true });
    });

    it("uses the same slug in two stores", async () => {
      const one = await createStore(db);
      const two = await createStore(db);
      await create(one);
      expect(await saveProduct(two.scope, productInput(two))).toMatchObject({ ok: true, slug: "market-tote" });
    });
  });

  describe("updating", () => {
    it("replaces the product's fields and its fabric options as a whole", async () => {
      const store = await createStore(db);
      const id = await create(store);
      const [before] = await db.select().from(products).where(eq(products.id, id));
      const oldOptionIds = (await fabricRows(db, id)).map((option) => option.id);

      const changed = productInput(store, {
        name: "Market Tote, Large",
        price: "52.50",
        categoryId: store.purses.id,
        defaultImages: [storedImage("products", 12), "", storedImage("products", 13)],
        fabrics: [
          libraryOption(store, {
            code: "amber-linen",
            label: "Amber Linen",
            swatchUrl: store.amber.swatchUrl,
            upcharge: "2.50",
            imgOverride: [],
            libraryFabricId: store.amber.id,
          }),
          libraryOption(store, { upcharge: "0.00" }),
        ],
      });
      expect(await saveProduct(store.scope, changed, id)).toEqual({ ok: true, id, slug: "market-tote" });

      expect(await loadProductForEdit(store.scope, id)).toEqual({ id, ...changed });
      const options = await fabricRows(db, id);
      expect(options.map((option) => [option.code, option.upchargeCents, option.sortOrder])).toEqual([
        ["amber-linen", 250, 0],
        ["navy-gingham", 0, 1],
      ]);
      expect(options.some((option) => oldOptionIds.includes(option.id))).toBe(false);
      const [after] = await db.select().from(products).where(eq(products.id, id));
      expect(after).toMatchObject({ source: PRODUCT_SOURCE, createdAt: before!.createdAt, priceCents: 5250 });
      expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    });

    it("turning fabric selection off leaves only the default option", async () => {
      const store = await createStore(db);
      const id = await create(store);
      expect(await saveProduct(store.scope, productInput(store, { hasFabricSelection: false }), id)).toMatchObject({
        ok: true,
      });
      expect((await fabricRows(db, id)).map((option) => option.code)).toEqual([DEFAULT_FABRIC_CODE]);
    });

    it("keeps option and library codes from before the code rule, and holds new codes to it", async () => {
      const store = await createStore(db);
      const id = await create(store);
      await db
        .update(productFabrics)
        .set({ code: "Hand Dyed" })
        .where(and(eq(productFabrics.productId, id), eq(productFabrics.code, "hand-dyed-indigo")));
      await db.update(fabricLibrary).set({ code: "Amber Linen" }).where(eq(fabricLibrary.id, store.amber.id));
      const amber = libraryOption(store, {
        code: "Amber Linen",
        label: "Amber Linen",
        swatchUrl: store.amber.swatchUrl,
        upcharge: "2.50",
        imgOverride: [],
        libraryFabricId: store.amber.id,
      });

      // The product as the wizard loaded it saves, and so does a legacy library fabric added to it.
      const { id: _id, ...loaded } = (await loadProductForEdit(store.scope, id))!;
      expect(loaded.fabrics.map((fabric) => fabric.code)).toEqual(["navy-gingham", "Hand Dyed"]);
      const kept = { ...loaded, fabrics: [...loaded.fabrics, amber] };
      expect(await saveProduct(store.scope, kept, id)).toMatchObject({ ok: true });
      expect((await fabricRows(db, id)).map((option) => option.code)).toEqual([
        "navy-gingham",
        "Hand Dyed",
        "Amber Linen",
      ]);

      // A code new to the product is held to the rule, whatever fabric it comes with; so is
      // "default" on a product that has the automatic default option.
      const plain = await create(store, { slug: "plain-tote", fabrics: [] });
      const before = await dump(db);
      const cases: [FabricOptionInput, string][] = [
        [manualOption({ code: "Also Bad", label: "Also Bad" }), FABRIC_CODE_FORMAT_MESSAGE],
        [manualOption({ code: DEFAULT_FABRIC_CODE, label: "House canvas" }), FABRIC_CODE_RESERVED_MESSAGE],
        [{ ...amber, code: "<b>amber</b>" }, FABRIC_CODE_FORMAT_MESSAGE],
      ];
      for (const [option, message] of cases) {
        const result = await saveProduct(store.scope, { ...loaded, fabrics: [...loaded.fabrics, option] }, id);
        expectRefused(result, 400, "fabrics.2.code", message);
      }
      const forged = manualOption({ code: DEFAULT_FABRIC_CODE, label: "House canvas" });
      expectRefused(
        await saveProduct(store.scope, productInput(store, { slug: "plain-tote", fabrics: [forged] }), plain),
        400,
        "fabrics.0.code",
        FABRIC_CODE_RESERVED_MESSAGE,
      );
      expect(await dump(db)).toEqual(before);
    });

    it("refuses a product of another store, an unknown id and a non-UUID, changing nothing", async () => {
      const mine = await createStore(db);
      const theirs = await createStore(db);
      const theirProduct = await create(theirs);
      const before = await dump(db);

      for (const productId of [theirProduct, randomUUID(), "not-a-uuid", "1; drop table products"]) {
        expectRefused(await saveProduct(mine.scope, productInput(mine), productId), 404, null, "Product not found");
        expect(await deleteProduct(mine.scope, productId)).toBe(false);
        expect(await loadProductForEdit(mine.scope, productId)).toBeNull();
      }
      expect(await dump(db)).toEqual(before);
    });

    it("refuses another product's slug but keeps its own", async () => {
      const store = await createStore(db);
      await create(store, { slug: "first-tote" });
      const second = await create(store, { slug: "second-tote" });
      expectRefused(
        await saveProduct(store.scope, productInput(store, { slug: "first-tote" }), second),
        409,
        "slug",
        SLUG_TAKEN_MESSAGE,
      );
      expect(await saveProduct(store.scope, productInput(store, { slug: "second-tote" }), second)).toMatchObject({
        ok: true,
      });
    });
  });

  describe("refusing bad input", () => {
    it("refuses a missing, zero, negative or garbled price", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      for (const price of ["", "0", "0.00", "-1", "-0.01", "abc", "1e3", "45.001", "NaN", "1000000.00", " "]) {
        const errors = fieldErrorsOf(await saveProduct(store.scope, productInput(store, { price })));
        expect(Object.keys(errors), price).toEqual(["price"]);
      }
      const priceAsNumber = { ...productInput(store), price: 45 };
      expect(Object.keys(fieldErrorsOf(await saveProduct(store.scope, priceAsNumber)))).toEqual(["price"]);
      expect(await dump(db)).toEqual(before);
    });

    it("refuses an unknown category, another store's category and a category that is not an id", async () => {
      const store = await createStore(db);
      const other = await createStore(db);
      const before = await dump(db);
      for (const categoryId of [randomUUID(), other.bags.id, "bags", "x".repeat(64)]) {
        expectRefused(
          await saveProduct(store.scope, productInput(store, { categoryId })),
          400,
          "categoryId",
          INVALID_CATEGORY_MESSAGE,
        );
      }
      const id = await create(store);
      const saved = await dump(db);
      expectRefused(
        await saveProduct(store.scope, productInput(store, { categoryId: other.purses.id }), id),
        400,
        "categoryId",
        INVALID_CATEGORY_MESSAGE,
      );
      expect(await dump(db)).toEqual(saved);
      expect(saved.products.length).toBe(before.products.length + 1);
    });

    it("refuses a library fabric of another store or one that does not exist", async () => {
      const store = await createStore(db);
      const other = await createStore(db);
      const before = await dump(db);
      const result = await saveProduct(
        store.scope,
        productInput(store, {
          fabrics: [
            manualOption(),
            libraryOption(store, { libraryFabricId: other.navy.id }),
            libraryOption(store, { code: "ghost", libraryFabricId: randomUUID() }),
          ],
        }),
      );
      expect(result).toEqual({
        ok: false,
        status: 400,
        error: "Selected fabric not found",
        fieldErrors: {
          "fabrics.1.libraryFabricId": "Selected fabric not found",
          "fabrics.2.libraryFabricId": "Selected fabric not found",
        },
      });
      expect(await dump(db)).toEqual(before);
    });

    it("refuses pictures that the shop did not store", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      const foreign = [
        "https://evil.example/x.png",
        "/uploads/../etc/passwd",
        "/uploads/products/../../etc/0123456789abcdef0123-800x600.webp",
        "javascript:alert(1)",
        "//evil.example/uploads/products/0123456789abcdef0123-800x600.webp",
        "/uploads/products/0123456789abcdef0123-800x600.webp?x=1",
      ];
      for (const url of foreign) {
        const images = fieldErrorsOf(
          await saveProduct(store.scope, productInput(store, { defaultImages: [url, "", ""] })),
        );
        expect(Object.keys(images), url).toEqual(["defaultImages.0"]);
        const swatch = fieldErrorsOf(
          await saveProduct(store.scope, productInput(store, { fabrics: [manualOption({ swatchUrl: url })] })),
        );
        expect(Object.keys(swatch), url).toEqual(["fabrics.0.swatchUrl"]);
        const override = fieldErrorsOf(
          await saveProduct(store.scope, productInput(store, { fabrics: [manualOption({ imgOverride: [url] })] })),
        );
        expect(Object.keys(override), url).toEqual(["fabrics.0.imgOverride.0"]);
      }
      expect(await dump(db)).toEqual(before);
    });

    it("refuses a product without a main picture or with the wrong number of slots", async () => {
      const store = await createStore(db);
      const noMain = fieldErrorsOf(
        await saveProduct(store.scope, productInput(store, { defaultImages: ["", storedImage("products", 1), ""] })),
      );
      expect(noMain).toEqual({ "defaultImages.0": "Please provide at least one product image" });
      const slots = Array.from({ length: 4 }, (_, n) => storedImage("products", n + 1));
      expect(
        Object.keys(fieldErrorsOf(await saveProduct(store.scope, productInput(store, { defaultImages: slots })))),
      ).toEqual(["defaultImages"]);
    });

    it("refuses 10,000 fabric options without writing any", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      const fabrics = Array.from({ length: 10_000 }, (_, n) => manualOption({ code: `f-${n}`, label: `Fabric ${n}` }));
      const result = await saveProduct(store.scope, productInput(store, { fabrics }));
      expect(fieldErrorsOf(result)).toEqual({
        fabrics: `A product can offer at most ${MAX_FABRIC_OPTIONS} fabrics`,
      });
      expect(await dump(db)).toEqual(before);
    });

    it("refuses oversize text in every field", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      const cases: [Partial<ProductInput>, string][] = [
        [{ name: "n".repeat(201) }, "name"],
        [{ name: "n".repeat(1_000_000) }, "name"],
        [{ description: "d".repeat(5001) }, "description"],
        [{ slug: "s".repeat(201) }, "slug"],
        [{ fabrics: [manualOption({ code: "c".repeat(41) })] }, "fabrics.0.code"],
        [{ fabrics: [manualOption({ label: "l".repeat(101) })] }, "fabrics.0.label"],
        [{ fabrics: [manualOption({ upcharge: "1000000.00" })] }, "fabrics.0.upcharge"],
      ];
      for (const [overrides, field] of cases) {
        const errors = fieldErrorsOf(await saveProduct(store.scope, productInput(store, overrides)));
        expect(Object.keys(errors), field).toEqual([field]);
      }
      expect(await dump(db)).toEqual(before);
    });

    it("refuses NUL bytes and control characters instead of failing in the database", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      const cases: [Partial<ProductInput>, string][] = [
        [{ name: "Market\u0000Tote" }, "name"],
        [{ description: "A roomy tote\u0000 sewn by hand for the market." }, "description"],
        [{ slug: "market\u0000tote" }, "slug"],
        [{ fabrics: [manualOption({ code: "navy\u0000" })] }, "fabrics.0.code"],
        [{ fabrics: [manualOption({ label: "Navy\u0000Gingham" })] }, "fabrics.0.label"],
        [{ name: "Market\nTote" }, "name"],
      ];
      for (const [overrides, field] of cases) {
        const errors = fieldErrorsOf(await saveProduct(store.scope, productInput(store, overrides)));
        expect(Object.keys(errors), field).toEqual([field]);
      }
      expect(await isSlugTaken(store.scope, "market\u0000tote")).toBe(false);
      expect(await dump(db)).toEqual(before);
    });

    it("refuses two fabrics with the same code, whatever its case", async () => {
      const store = await createStore(db);
      const twice = await saveProduct(
        store.scope,
        productInput(store, { fabrics: [manualOption({ code: "Linen" }), manualOption({ code: "linen" })] }),
      );
      expectRefused(twice, 400, "fabrics.1.code", fabricCodeTakenMessage("linen"));
      expect(fabricCodeTakenMessage("linen")).toBe("Fabric with code linen already exists");
    });

    it("refuses input that is not a product at all", async () => {
      const store = await createStore(db);
      for (const input of [null, undefined, "product", 42, [], {}, { ...productInput(store), fabrics: "many" }]) {
        expect(await saveProduct(store.scope, input)).toMatchObject({ ok: false, status: 400 });
      }
    });
  });

  describe("slugs", () => {
    it("answers whether another product of the same store has the slug", async () => {
      const store = await createStore(db);
      const other = await createStore(db);
      const id = await create(store);
      expect(await isSlugTaken(store.scope, "market-tote")).toBe(true);
      expect(await isSlugTaken(store.scope, "market-tote", id)).toBe(false);
      expect(await isSlugTaken(store.scope, "market-tote", randomUUID())).toBe(true);
      expect(await isSlugTaken(store.scope, "market-tote", "not-a-uuid")).toBe(true);
      expect(await isSlugTaken(store.scope, "market-tote-2")).toBe(false);
      expect(await isSlugTaken(other.scope, "market-tote")).toBe(false);
    });

    it("answers 409 for a slug another product has", async () => {
      const store = await createStore(db);
      await create(store);
      const before = await dump(db);
      expectRefused(
        await saveProduct(store.scope, productInput(store, { name: "Another Tote" })),
        409,
        "slug",
        SLUG_TAKEN_MESSAGE,
      );
      expect(await dump(db)).toEqual(before);
    });

    it("lets exactly one of two simultaneous saves with the same new slug through", async () => {
      const store = await createStore(db);
      for (const slug of ["race-one", "race-two", "race-three"]) {
        const results = await Promise.all([
          saveProduct(store.scope, productInput(store, { name: "First Racer", slug })),
          saveProduct(store.scope, productInput(store, { name: "Second Racer", slug })),
        ]);
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        const [refusedSave] = results.filter((result) => !result.ok);
        expectRefused(refusedSave!, 409, "slug", SLUG_TAKEN_MESSAGE);
        const rows = await db
          .select()
          .from(products)
          .where(and(eq(products.tenantId, store.tenantId), eq(products.slug, slug)));
        expect(rows).toHaveLength(1);
        expect(await fabricRows(db, rows[0]!.id)).toHaveLength(2);
      }
      expect(await db.select().from(productFabrics).where(eq(productFabrics.tenantId, store.tenantId))).toHaveLength(6);
    });
  });

  describe("failures part-way through a save", () => {
    it("leaves the database exactly as it was when a fabric option is refused after the product was written", async () => {
      const store = await createStore(db);
      const id = await create(store);
      const before = await dump(db);
      const exploding = [manualOption({ code: "fine" }), manualOption({ code: "explode", label: "Explodes" })];

      await expect(
        saveProduct(store.scope, productInput(store, { name: "Changed Name", fabrics: exploding }), id),
      ).rejects.toThrow();
      await expect(
        saveProduct(store.scope, productInput(store, { slug: "brand-new", fabrics: exploding })),
      ).rejects.toThrow();
      expect(await dump(db)).toEqual(before);
      expect(await isSlugTaken(store.scope, "brand-new")).toBe(false);
    });
  });

  describe("deleting", () => {
    it("deletes a product and its options; its orders keep their snapshot", async () => {
      const store = await createStore(db);
      const id = await create(store);
      const [order] = await db
        .insert(orders)
        .values({
          tenantId: store.tenantId,
          orderNumber: "VC123456789",
          customerName: "Ada Lovelace",
          customerEmail: "ada@example.com",
          shippingAddress: {
            street: "1550 Blake St",
            apartment: "",
            city: "Denver",
            state: "CO",
            zipCode: "80202",
            country: "United States",
          },
          subtotalCents: 5000,
          totalCents: 5000,
          paymentProvider: "test",
        })
        .returning();
      await db.insert(orderItems).values({
        tenantId: store.tenantId,
        orderId: order!.id,
        productId: id,
        productName: "Market Tote",
        fabricCode: "navy-gingham",
        fabricLabel: "Navy Gingham",
        unitPriceCents: 5000,
        quantity: 1,
        imageUrl: storedImage("products", 10),
        position: 0,
      });

      expect(await deleteProduct(store.scope, id)).toBe(true);
      expect(await db.select().from(products).where(eq(products.id, id))).toEqual([]);
      expect(await fabricRows(db, id)).toEqual([]);
      expect(await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))).toMatchObject([
        { productId: null, productName: "Market Tote", fabricLabel: "Navy Gingham", unitPriceCents: 5000 },
      ]);
      expect(await deleteProduct(store.scope, id)).toBe(false);
      expect(await loadProductForEdit(store.scope, id)).toBeNull();
    });
  });

  describe("the owner's product list", () => {
    it("lists the store's products newest first with category, price, first picture and availability", async () => {
      const store = await createStore(db);
      const other = await createStore(db);
      const tote = await create(store, { name: "Market Tote", slug: "market-tote" });
      const clutch = await create(store, {
        name: "Snap Clutch",
        slug: "snap-clutch",
        price: "32.50",
        categoryId: store.purses.id,
        hasFabricSelection: false,
      });
      await create(other, { name: "Their Tote" });
      // Rows written by other means: a blank main slot, and fabric selection with no fabrics.
      const [bare] = await db
        .insert(products)
        .values({
          tenantId: store.tenantId,
          slug: "bare-pouch",
          name: "Bare Pouch",
          description: "A pouch whose fabrics were all removed.",
          priceCents: 1200,
          categoryId: store.bags.id,
          hasFabricSelection: true,
          defaultImages: ["", storedImage("products", 77)],
          source: PRODUCT_SOURCE,
        })
        .returning();

      expect(await listProductsForAdmin(store.scope)).toEqual([
        {
          id: bare!.id,
          slug: "bare-pouch",
          name: "Bare Pouch",
          categoryName: "Bags",
          priceCents: 1200,
          image: storedImage("products", 77),
          fabricCount: 0,
          available: false,
        },
        {
          id: clutch,
          slug: "snap-clutch",
          name: "Snap Clutch",
          categoryName: "Purses",
          priceCents: 3250,
          image: storedImage("products", 10),
          fabricCount: 1,
          available: true,
        },
        {
          id: tote,
          slug: "market-tote",
          name: "Market Tote",
          categoryName: "Bags",
          priceCents: 4500,
          image: storedImage("products", 10),
          fabricCount: 2,
          available: true,
        },
      ]);
      expect((await listProductsForAdmin(other.scope)).map((row) => row.name)).toEqual(["Their Tote"]);
      expect(await listProductsForAdmin({ db, tenantId: "no-such-store" })).toEqual([]);

      // Loading pads a product's picture slots to three.
      expect((await loadProductForEdit(store.scope, bare!.id))?.defaultImages).toEqual([
        "",
        storedImage("products", 77),
        "",
      ]);
    });

    it("filters by name, case-insensitively, with % and _ matching themselves", async () => {
      const store = await createStore(db);
      const other = await createStore(db);
      for (const [name, slug] of [
        ["100% Cotton Tote", "cotton-tote"],
        ["Snap_Clutch", "snap-clutch"],
        ["Snapxclutch Mini", "snapx-mini"],
        ["Plain Wallet", "plain-wallet"],
        ["Back\\slash Bag", "backslash-bag"],
      ] as const) {
        await create(store, { name, slug });
      }
      await create(other, { name: "100% Theirs", slug: "theirs" });
      const names = async (search: string) =>
        (await listProductsForAdmin(store.scope, { search })).map((row) => row.name).sort();

      expect(await names("%")).toEqual(["100% Cotton Tote"]);
      expect(await names("_")).toEqual(["Snap_Clutch"]);
      expect(await names("SNAP_")).toEqual(["Snap_Clutch"]);
      expect(await names("snap")).toEqual(["Snap_Clutch", "Snapxclutch Mini"]);
      expect(await names("  cotton  ")).toEqual(["100% Cotton Tote"]);
      expect(await names("\\")).toEqual(["Back\\slash Bag"]);
      expect(await names("nothing like it")).toEqual([]);
      expect(await names("")).toHaveLength(5);
      expect(await names("   ")).toHaveLength(5);
      expect(await names("\u0000")).toHaveLength(5);
    });
  });

  describe("the fabric library", () => {
    it("lists the store's library fabrics by sort order, then name", async () => {
      const store = await createStore(db);
      await createStore(db);
      const fabrics = await listLibraryFabrics(store.scope);
      expect(fabrics.map((fabric) => fabric.code)).toEqual(["rose-floral", "amber-linen", "navy-gingham"]);
      expect(fabrics[0]).toEqual({
        id: store.rose.id,
        code: "rose-floral",
        name: "Rose Floral",
        description: "Small roses on cream cotton.",
        color: "pink",
        customColor: "Dusty rose",
        priceCents: 0,
        swatchUrl: storedImage("fabrics", 2),
        inStock: false,
        images: [storedImage("fabrics", 3)],
        sortOrder: 0,
        productCount: 0,
      });
    });
  });

  // Races that need a second connection holding a transaction open.
  describe.runIf(engine === "postgres")(
    "against another connection's open transaction (PostgreSQL only: PGlite has one connection)",
    () => {
      async function withConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          return await work(client);
        } finally {
          await client.query("rollback").catch(() => {});
          await client.end();
        }
      }

      /** Resolves once some session of this test's database waits for a lock. */
      async function lockWaitBegins() {
        const name = new URL(database.url!).pathname.slice(1);
        for (let attempt = 0; attempt < 500; attempt++) {
          const waiting = await withAdminClient((client) =>
            client.query("select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [name]),
          );
          if (waiting.rowCount) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error("no session began to wait for a lock");
      }

      it("answers 409 when the unique index refuses a slug another transaction took after our check", async () => {
        const store = await createStore(db);
        const before = await dump(db);
        const result = await withConnection(async (holder) => {
          await holder.query("begin");
          await holder.query(
            `insert into products (tenant_id, slug, name, description, price_cents, category_id, source)
           values ($1, 'contested', 'Holder', 'Written by another connection.', 100, $2, $3)`,
            [store.tenantId, store.bags.id, PRODUCT_SOURCE],
          );
          const [saved] = await Promise.all([
            saveProduct(store.scope, productInput(store, { slug: "contested" })),
            lockWaitBegins().then(() => holder.query("commit")),
          ]);
          return saved;
        });
        expectRefused(result, 409, "slug", SLUG_TAKEN_MESSAGE);
        const after = await dump(db);
        expect(after.products.filter((row) => row.slug === "contested").map((row) => row.name)).toEqual(["Holder"]);
        expect(after.products).toHaveLength(before.products.length + 1);
        expect(after.fabrics).toEqual(before.fabrics);
      });

      it("refuses the category when another transaction deletes it while the save runs, writing nothing", async () => {
        const store = await createStore(db);
        const before = await dump(db);
        const result = await withConnection(async (holder) => {
          await holder.query("begin");
          await holder.query("delete from categories where id = $1", [store.purses.id]);
          const [saved] = await Promise.all([
            saveProduct(store.scope, productInput(store, { categoryId: store.purses.id })),
            lockWaitBegins().then(() => holder.query("commit")),
          ]);
          return saved;
        });
        expectRefused(result, 400, "categoryId", INVALID_CATEGORY_MESSAGE);
        expect(await dump(db)).toEqual(before);
      });

      it("refuses a library fabric another transaction deletes while the save runs, writing nothing", async () => {
        const store = await createStore(db);
        const id = await create(store);
        const before = await dump(db);
        const result = await withConnection(async (holder) => {
          await holder.query("begin");
          await holder.query("delete from fabric_library where id = $1", [store.amber.id]);
          const [saved] = await Promise.all([
            saveProduct(
              store.scope,
              productInput(store, {
                fabrics: [libraryOption(store, { code: "amber", libraryFabricId: store.amber.id })],
              }),
              id,
            ),
            lockWaitBegins().then(() => holder.query("commit")),
          ]);
          return saved;
        });
        expectRefused(result, 400, "fabrics.0.libraryFabricId", "Selected fabric not found");
        expect(await dump(db)).toEqual(before);
      });
    },
  );
});

describe.skipIf(ENGINES.includes("postgres"))("product editor on postgres", () => {
  it.skip("is skipped: set TEST_DATABASE_URL to run these tests against a PostgreSQL server", () => {});
});
