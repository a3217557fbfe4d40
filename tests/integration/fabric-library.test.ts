import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FABRIC_NOT_FOUND_MESSAGE, FABRIC_REQUIRED_MESSAGE, type FabricInput } from "../../core/fabric.ts";
import { fabricCodeTakenMessage, type FabricOptionInput, type ProductInput } from "../../core/product.ts";
import {
  deleteFabric,
  FABRIC_CODE_FIXED_MESSAGE,
  isFabricCodeTaken,
  isLibraryMissing,
  listLibraryFabrics,
  loadFabricForEdit,
  saveFabric,
  type FabricSaveResult,
} from "../../server/catalog/fabric-library.ts";
import { listProductsForAdmin, loadProductForEdit, saveProduct } from "../../server/catalog/product-editor.ts";
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

// The fabric library against real engines: every rule the fabric save enforces, how a
// library save reaches every product option linked to it in one transaction (stock,
// name, swatch always; price and pictures unless the product set its own), deleting a
// fabric with its options, and store isolation. Each test makes its own store.

let storeCount = 0;

/** A store with one category and no fabrics yet. */
async function createStore(db: Database) {
  const tenantId = `library-${++storeCount}-${randomUUID().slice(0, 8)}`;
  await db.insert(tenants).values({ id: tenantId });
  const [bags] = await db.insert(categories).values({ tenantId, slug: "bags", name: "Bags" }).returning();
  const scope: StoreScope = { db, tenantId };
  return { scope, tenantId, bags: bags! };
}
type Store = Awaited<ReturnType<typeof createStore>>;

function fabricInput(overrides: Partial<FabricInput> = {}): FabricInput {
  return {
    name: "Navy Gingham",
    code: "navy-gingham",
    description: "Small navy checks on white cotton.",
    color: "navy",
    customColor: "Midnight",
    price: "5.00",
    swatchUrl: storedImage("fabrics", 1),
    images: [storedImage("fabrics", 2)],
    inStock: true,
    sortOrder: "3",
    ...overrides,
  };
}

/** Adds a fabric and answers its id, failing the test when the save is refused. */
async function addFabric(store: Store, overrides: Partial<FabricInput> = {}): Promise<string> {
  const result = await saveFabric(store.scope, fabricInput(overrides));
  if (!result.ok) throw new Error(`fabric save refused: ${result.error}`);
  return result.id;
}

/** The option the wizard sends for a library fabric: its price and pictures unless customised. */
async function libraryOption(
  store: Store,
  fabricId: string,
  custom: { upcharge?: string; imgOverride?: string[] } = {},
): Promise<FabricOptionInput> {
  const fabric = await loadFabricForEdit(store.scope, fabricId);
  if (!fabric) throw new Error("no such fabric");
  return {
    code: fabric.code,
    label: fabric.name,
    swatchUrl: fabric.swatchUrl,
    upcharge: custom.upcharge ?? fabric.price,
    imgOverride: custom.imgOverride ?? fabric.images,
    libraryFabricId: fabricId,
  };
}

function manualOption(overrides: Partial<FabricOptionInput> = {}): FabricOptionInput {
  return {
    code: "hand-dyed-indigo",
    label: "Hand-dyed Indigo",
    swatchUrl: storedImage("fabrics", 40),
    upcharge: "1.00",
    imgOverride: [storedImage("products", 41)],
    libraryFabricId: null,
    ...overrides,
  };
}

/** Creates a product offering the given options and answers its id. */
async function addProduct(store: Store, slug: string, fabrics: FabricOptionInput[]): Promise<string> {
  const input: ProductInput = {
    name: `Tote ${slug}`,
    slug,
    categoryId: store.bags.id,
    price: "45.00",
    description: "A roomy canvas tote, cut and sewn by hand for the farmers market.",
    defaultImages: [storedImage("products", 10), "", ""],
    hasFabricSelection: true,
    fabrics,
  };
  const result = await saveProduct(store.scope, input);
  if (!result.ok) throw new Error(`product save refused: ${result.error}`);
  return result.id;
}

/** Every fabric, product and option of every store, to prove that something changed nothing. */
async function dump(db: Database) {
  return {
    library: await db.select().from(fabricLibrary).orderBy(asc(fabricLibrary.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    options: await db.select().from(productFabrics).orderBy(asc(productFabrics.id)),
  };
}

async function optionOf(db: Database, productId: string, code: string) {
  const [row] = await db
    .select()
    .from(productFabrics)
    .where(and(eq(productFabrics.productId, productId), eq(productFabrics.code, code)));
  return row;
}

async function updatedAtOf(db: Database, productId: string) {
  const [row] = await db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, productId));
  return row!.updatedAt.getTime();
}

function expectRefused(result: FabricSaveResult, status: 400 | 404 | 409, field: string | null, message: string) {
  expect(result).toMatchObject({ ok: false, status, error: message });
  if (field) expect(result.ok ? {} : result.fieldErrors).toEqual({ [field]: message });
}

/** The fields a refused save (status 400) names. */
function fieldsOf(result: FabricSaveResult) {
  expect(result).toMatchObject({ ok: false, status: 400 });
  return Object.keys(result.ok ? {} : result.fieldErrors);
}

/**
 * A store where one library fabric (navy) is offered by two products: the tote with a
 * custom upcharge and a manual option beside it, the purse with custom pictures. A
 * third product offers another fabric; another store has a fabric with the same code.
 */
async function createSharedFabricStore(db: Database) {
  const store = await createStore(db);
  const navy = await addFabric(store);
  const amber = await addFabric(store, { name: "Amber Linen", code: "amber-linen", price: "2.50", images: [] });
  const tote = await addProduct(store, "tote", [
    await libraryOption(store, navy, { upcharge: "9.00" }),
    manualOption(),
  ]);
  const purse = await addProduct(store, "purse", [
    await libraryOption(store, navy, { imgOverride: [storedImage("products", 50)] }),
  ]);
  const clutch = await addProduct(store, "clutch", [await libraryOption(store, amber)]);

  const other = await createStore(db);
  const theirNavy = await addFabric(other);
  const theirs = await addProduct(other, "tote", [await libraryOption(other, theirNavy)]);
  return { store, navy, amber, tote, purse, clutch, other, theirNavy, theirs };
}

describe.each(ENGINES)("fabric library on %s", (engine) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    // A real failure part-way through a library save: the database refuses to rename a
    // product's option after the library row and other options were already written.
    await db.execute(
      sql.raw(`create function refuse_exploding_option() returns trigger language plpgsql as $$
        begin
          if new.label = 'Explode' then raise exception 'option update refused by the database'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_exploding_option before update on product_fabrics
        for each row execute function refuse_exploding_option()`),
    );
  });

  afterAll(async () => {
    await database?.dispose();
  });

  describe("adding and loading", () => {
    it("adds a fabric that loads back exactly as sent and lists with its sort order", async () => {
      const store = await createStore(db);
      const input = fabricInput();
      const result = await saveFabric(store.scope, input);
      expect(result).toEqual({ ok: true, id: expect.any(String) });
      const id = result.ok ? result.id : "";

      expect(await loadFabricForEdit(store.scope, id)).toEqual({ id, ...input });
      const [row] = await db.select().from(fabricLibrary).where(eq(fabricLibrary.id, id));
      expect(row).toMatchObject({ tenantId: store.tenantId, priceCents: 500, sortOrder: 3, inStock: true });
      expect(await listLibraryFabrics(store.scope)).toEqual([
        {
          id,
          code: "navy-gingham",
          name: "Navy Gingham",
          description: "Small navy checks on white cotton.",
          color: "navy",
          customColor: "Midnight",
          priceCents: 500,
          swatchUrl: storedImage("fabrics", 1),
          inStock: true,
          images: [storedImage("fabrics", 2)],
          sortOrder: 3,
          productCount: 0,
        },
      ]);
    });

    it("defaults a blank price and sort order to 0 and trims the text", async () => {
      const store = await createStore(db);
      const id = await addFabric(store, {
        name: "  Plain Canvas ",
        code: " plain-canvas ",
        description: "",
        customColor: "",
        price: "",
        sortOrder: "",
        images: [],
      });
      expect(await loadFabricForEdit(store.scope, id)).toMatchObject({
        name: "Plain Canvas",
        code: "plain-canvas",
        price: "0.00",
        sortOrder: "0",
        images: [],
      });
    });

    it("lists the store's fabrics by sort order, then name, and no other store's", async () => {
      const store = await createStore(db);
      const other = await createStore(db);
      await addFabric(store, { name: "Zebra Twill", code: "zebra", sortOrder: "0" });
      await addFabric(store, { name: "Late Linen", code: "late", sortOrder: "2" });
      await addFabric(store, { name: "Amber Linen", code: "amber", sortOrder: "0" });
      await addFabric(other, { name: "Aardvark", code: "aardvark", sortOrder: "0" });
      expect((await listLibraryFabrics(store.scope)).map((fabric) => fabric.code)).toEqual(["amber", "zebra", "late"]);
      expect(await listLibraryFabrics({ db, tenantId: "no-such-store" })).toEqual([]);
    });
  });

  describe("refusing bad input", () => {
    it("refuses a fabric without name, code or swatch with the spec's message", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      for (const overrides of [{ name: "" }, { name: "   " }, { code: "" }, { swatchUrl: "" }] as const) {
        const result = await saveFabric(store.scope, fabricInput(overrides));
        expect(result, JSON.stringify(overrides)).toMatchObject({
          ok: false,
          status: 400,
          error: FABRIC_REQUIRED_MESSAGE,
        });
        expect(fieldsOf(result)).toEqual(Object.keys(overrides));
      }
      const empty = await saveFabric(store.scope, fabricInput({ name: "", code: "", swatchUrl: "" }));
      expect(empty).toMatchObject({ ok: false, status: 400, error: FABRIC_REQUIRED_MESSAGE });
      expect(fieldsOf(empty).sort()).toEqual(["code", "name", "swatchUrl"]);
      expect(await dump(db)).toEqual(before);
    });

    it("refuses a colour outside the list, a bad price and a bad sort order", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      const cases: [Partial<FabricInput> | Record<string, unknown>, string][] = [
        [{ color: "chartreuse" }, "color"],
        [{ color: "" }, "color"],
        [{ color: "Navy" }, "color"],
        ...["-1", "-0.01", "abc", "1e3", "5.001", "NaN", "1000000.00", "100000.01"].map(
          (price) => [{ price }, "price"] as [Partial<FabricInput>, string],
        ),
        [{ price: 5 }, "price"],
        ...["-1", "1.5", "abc", "1e3", "1000000", "100001", "0x10"].map(
          (sortOrder) => [{ sortOrder }, "sortOrder"] as [Partial<FabricInput>, string],
        ),
        [{ sortOrder: 3 }, "sortOrder"],
        [{ inStock: "yes" }, "inStock"],
      ];
      for (const [overrides, field] of cases) {
        const result = await saveFabric(store.scope, { ...fabricInput(), ...overrides });
        expect(fieldsOf(result), JSON.stringify(overrides)).toEqual([field]);
      }
      expect(await dump(db)).toEqual(before);
    });

    it("refuses oversize text and control characters", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      const cases: [Partial<FabricInput>, string][] = [
        [{ name: "x".repeat(101) }, "name"],
        [{ code: "x".repeat(41) }, "code"],
        [{ description: "x".repeat(1001) }, "description"],
        [{ customColor: "x".repeat(61) }, "customColor"],
        [{ name: "Navy\u0000Gingham" }, "name"],
        [{ code: "navy\ngingham" }, "code"],
        [{ description: "Checks\u0000" }, "description"],
        [{ customColor: "Mid\u0007night" }, "customColor"],
        [{ name: "Navy \ud800" }, "name"],
      ];
      for (const [overrides, field] of cases) {
        expect(fieldsOf(await saveFabric(store.scope, fabricInput(overrides))), field).toEqual([field]);
      }
      // Line breaks are fine in the description.
      expect(await saveFabric(store.scope, fabricInput({ description: "Line one\nLine two" }))).toMatchObject({
        ok: true,
      });
      expect((await dump(db)).library).toHaveLength(before.library.length + 1);
    });

    it("refuses pictures that are not the shop's own and more than three pictures", async () => {
      const store = await createStore(db);
      const before = await dump(db);
      const cases: [Partial<FabricInput>, string][] = [
        [{ swatchUrl: "https://evil.example/swatch.webp" }, "swatchUrl"],
        [{ swatchUrl: "/uploads/../etc/passwd" }, "swatchUrl"],
        [{ swatchUrl: "javascript:alert(1)" }, "swatchUrl"],
        [{ images: ["https://evil.example/a.webp"] }, "images.0"],
        [{ images: [storedImage("fabrics", 5), "/images/placeholder.jpg"] }, "images.1"],
        [{ images: [1, 2, 3, 4].map((n) => storedImage("fabrics", n)) }, "images"],
      ];
      for (const [overrides, field] of cases) {
        expect(fieldsOf(await saveFabric(store.scope, fabricInput(overrides))), field).toEqual([field]);
      }
      expect(await dump(db)).toEqual(before);
    });

    it("refuses input that is not a fabric at all", async () => {
      const store = await createStore(db);
      for (const input of [null, undefined, "fabric", 42, [], {}, { ...fabricInput(), images: "many" }]) {
        expect(await saveFabric(store.scope, input)).toMatchObject({ ok: false, status: 400 });
      }
      expect(await listLibraryFabrics(store.scope)).toEqual([]);
    });
  });

  describe("codes", () => {
    it("refuses a code another fabric of the store has, whatever its case, with 409", async () => {
      const store = await createStore(db);
      const other = await createStore(db);
      const id = await addFabric(store);
      // Codes from before the code rule could hold capitals.
      await db.insert(fabricLibrary).values({
        tenantId: store.tenantId,
        code: "Plum-Velvet",
        name: "Plum Velvet",
        color: "purple",
        swatchUrl: storedImage("fabrics", 41),
      });
      const before = await dump(db);
      for (const code of ["navy-gingham", "plum-velvet"]) {
        expectRefused(
          await saveFabric(store.scope, fabricInput({ name: "Another", code })),
          409,
          "code",
          fabricCodeTakenMessage(code),
        );
      }
      expect(await dump(db)).toEqual(before);
      // The same code in another store is fine, and a fabric keeps its own code.
      expect(await saveFabric(other.scope, fabricInput())).toMatchObject({ ok: true });
      expect(await saveFabric(store.scope, fabricInput({ name: "Renamed" }), id)).toEqual({ ok: true, id });
    });

    it("keeps a saved fabric's code: a different one is refused on the code field", async () => {
      const store = await createStore(db);
      const id = await addFabric(store);
      const before = await dump(db);
      for (const code of ["navy-gingham-2", "NAVY-GINGHAM"]) {
        expectRefused(await saveFabric(store.scope, fabricInput({ code }), id), 400, "code", FABRIC_CODE_FIXED_MESSAGE);
      }
      expect(await dump(db)).toEqual(before);
    });

    it("answers whether another fabric of the store has a code, case-insensitively", async () => {
      const store = await createStore(db);
      const other = await createStore(db);
      const id = await addFabric(store);
      expect(await isFabricCodeTaken(store.scope, "navy-gingham")).toBe(true);
      expect(await isFabricCodeTaken(store.scope, "Navy-Gingham")).toBe(true);
      expect(await isFabricCodeTaken(store.scope, "navy-gingham", id)).toBe(false);
      expect(await isFabricCodeTaken(store.scope, "navy-gingham", randomUUID())).toBe(true);
      expect(await isFabricCodeTaken(store.scope, "navy-gingham", "not-a-uuid")).toBe(true);
      expect(await isFabricCodeTaken(store.scope, "navy")).toBe(false);
      expect(await isFabricCodeTaken(store.scope, "navy%")).toBe(false);
      expect(await isFabricCodeTaken(store.scope, "navy\u0000gingham")).toBe(false);
      expect(await isFabricCodeTaken(other.scope, "navy-gingham")).toBe(false);
    });

    it("lets exactly one of two simultaneous saves of the same new code through", async () => {
      const store = await createStore(db);
      const results = await Promise.all([
        saveFabric(store.scope, fabricInput({ name: "First Racer", code: "race-one" })),
        saveFabric(store.scope, fabricInput({ name: "Second Racer", code: "race-one" })),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const [refusedSave] = results.filter((result) => !result.ok);
      expect(refusedSave).toMatchObject({ ok: false, status: 409, fieldErrors: { code: expect.any(String) } });
      const rows = await db
        .select()
        .from(fabricLibrary)
        .where(and(eq(fabricLibrary.tenantId, store.tenantId), eq(fabricLibrary.code, "race-one")));
      expect(rows).toHaveLength(1);
    });
  });

  describe("another store's fabric", () => {
    it("is not found for loading, updating or deleting, and nothing changes", async () => {
      const mine = await createStore(db);
      const theirs = await createStore(db);
      const theirFabric = await addFabric(theirs);
      const before = await dump(db);
      for (const fabricId of [theirFabric, randomUUID(), "not-a-uuid", "1; drop table fabric_library"]) {
        expectRefused(await saveFabric(mine.scope, fabricInput(), fabricId), 404, null, FABRIC_NOT_FOUND_MESSAGE);
        expect(await deleteFabric(mine.scope, fabricId)).toEqual({ ok: false });
        expect(await loadFabricForEdit(mine.scope, fabricId)).toBeNull();
      }
      expect(await dump(db)).toEqual(before);
      // A null id adds.
      expect(await saveFabric(mine.scope, fabricInput(), null)).toMatchObject({ ok: true });
    });
  });

  describe("one library, every product", () => {
    it("counts the products offering each fabric", async () => {
      const { store, navy, amber, other, theirNavy } = await createSharedFabricStore(db);
      const unused = await addFabric(store, { name: "Unused", code: "unused" });
      const counts = new Map((await listLibraryFabrics(store.scope)).map((fabric) => [fabric.id, fabric.productCount]));
      expect(counts).toEqual(
        new Map([
          [navy, 2],
          [amber, 1],
          [unused, 0],
        ]),
      );
      expect((await listLibraryFabrics(other.scope)).map((fabric) => [fabric.id, fabric.productCount])).toEqual([
        [theirNavy, 1],
      ]);
    });

    it("marks what each product customised when it is saved", async () => {
      const { tote, purse, clutch } = await createSharedFabricStore(db);
      expect(await optionOf(db, tote, "navy-gingham")).toMatchObject({
        upchargeCents: 900,
        upchargeCustom: true,
        imagesCustom: false,
      });
      expect(await optionOf(db, tote, "hand-dyed-indigo")).toMatchObject({
        libraryFabricId: null,
        inStock: true,
        upchargeCustom: false,
        imagesCustom: false,
      });
      expect(await optionOf(db, purse, "navy-gingham")).toMatchObject({
        upchargeCents: 500,
        upchargeCustom: false,
        imagesCustom: true,
      });
      expect(await optionOf(db, clutch, "amber-linen")).toMatchObject({ upchargeCustom: false, imagesCustom: false });
    });

    it("takes a rename, new price, swatch, pictures and stock to every linked option except what a product customised", async () => {
      const { store, navy, tote, purse, clutch, theirs } = await createSharedFabricStore(db);
      const before = await dump(db);
      const toteBefore = await updatedAtOf(db, tote);
      const clutchBefore = await updatedAtOf(db, clutch);
      const indigoBefore = await optionOf(db, tote, "hand-dyed-indigo");

      const changed = fabricInput({
        name: "Midnight Gingham",
        price: "6.50",
        swatchUrl: storedImage("fabrics", 20),
        images: [storedImage("fabrics", 21), storedImage("fabrics", 22)],
        inStock: false,
      });
      expect(await saveFabric(store.scope, changed, navy)).toEqual({ ok: true, id: navy });

      const shared = {
        label: "Midnight Gingham",
        swatchUrl: storedImage("fabrics", 20),
        inStock: false,
        libraryFabricId: navy,
      };
      // The tote set its own upcharge: it keeps it, and takes the library's new pictures.
      expect(await optionOf(db, tote, "navy-gingham")).toMatchObject({
        ...shared,
        upchargeCents: 900,
        imgOverride: changed.images,
      });
      // The purse set its own pictures: it keeps them, and takes the library's new price.
      expect(await optionOf(db, purse, "navy-gingham")).toMatchObject({
        ...shared,
        upchargeCents: 650,
        imgOverride: [storedImage("products", 50)],
      });
      // Manual options, other fabrics' options and other stores stay as they were.
      expect(await optionOf(db, tote, "hand-dyed-indigo")).toEqual(indigoBefore);
      const after = await dump(db);
      const untouched = (rows: typeof before.options) =>
        rows.filter((row) => row.libraryFabricId !== navy || row.tenantId !== store.tenantId);
      expect(untouched(after.options)).toEqual(untouched(before.options));
      expect(after.products.find((row) => row.id === theirs)).toEqual(before.products.find((row) => row.id === theirs));
      expect(await updatedAtOf(db, clutch)).toBe(clutchBefore);
      // The products that changed say so (shoppers' next page load, caches).
      expect(await updatedAtOf(db, tote)).toBeGreaterThan(toteBefore);

      // The purse offers only this fabric: out of stock, it can no longer be bought.
      const available = async () =>
        new Map((await listProductsForAdmin(store.scope)).map((row) => [row.id, row.available]));
      expect(await available()).toEqual(
        new Map([
          [tote, true],
          [purse, false],
          [clutch, true],
        ]),
      );

      // The wizard sends the options back as loaded: customisations survive a product save.
      const loaded = await loadProductForEdit(store.scope, purse);
      const { id: _id, ...values } = loaded!;
      expect(await saveProduct(store.scope, values, purse)).toMatchObject({ ok: true });
      expect(await optionOf(db, purse, "navy-gingham")).toMatchObject({
        inStock: false,
        upchargeCustom: false,
        imagesCustom: true,
      });

      // Back in stock restores it everywhere.
      expect(await saveFabric(store.scope, { ...changed, inStock: true }, navy)).toMatchObject({ ok: true });
      expect((await optionOf(db, tote, "navy-gingham"))?.inStock).toBe(true);
      expect((await optionOf(db, purse, "navy-gingham"))?.inStock).toBe(true);
      expect((await available()).get(purse)).toBe(true);
    });

    it("writes nothing when the database refuses an option part-way through a library save", async () => {
      const { store, navy } = await createSharedFabricStore(db);
      const before = await dump(db);
      await expect(
        saveFabric(store.scope, fabricInput({ name: "Explode", price: "7.00", inStock: false }), navy),
      ).rejects.toThrow();
      expect(await dump(db)).toEqual(before);
    });

    it("deletes a fabric with the options linked to it; orders keep their snapshot", async () => {
      const { store, navy, amber, tote, purse, clutch, other, theirNavy, theirs } = await createSharedFabricStore(db);
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
      const item = {
        tenantId: store.tenantId,
        orderId: order!.id,
        productId: purse,
        productName: "Tote purse",
        fabricCode: "navy-gingham",
        fabricLabel: "Navy Gingham",
        unitPriceCents: 5000,
        quantity: 1,
        imageUrl: storedImage("products", 50),
        position: 0,
      };
      await db.insert(orderItems).values(item);
      const theirsBefore = await db.select().from(productFabrics).where(eq(productFabrics.tenantId, other.tenantId));
      const toteBefore = await updatedAtOf(db, tote);

      expect(await deleteFabric(store.scope, navy)).toEqual({ ok: true, removedOptions: 2, name: "Navy Gingham" });
      expect(await db.select().from(fabricLibrary).where(eq(fabricLibrary.id, navy))).toEqual([]);
      expect(await db.select().from(productFabrics).where(eq(productFabrics.libraryFabricId, navy))).toEqual([]);
      expect((await listLibraryFabrics(store.scope)).map((fabric) => fabric.id)).toEqual([amber]);
      // The tote keeps its manual option; the purse has none left and cannot be bought.
      expect((await loadProductForEdit(store.scope, tote))?.fabrics.map((fabric) => fabric.code)).toEqual([
        "hand-dyed-indigo",
      ]);
      expect(await updatedAtOf(db, tote)).toBeGreaterThan(toteBefore);
      const rows = new Map((await listProductsForAdmin(store.scope)).map((row) => [row.id, row]));
      expect(rows.get(purse)).toMatchObject({ fabricCount: 0, available: false });
      expect(rows.get(clutch)).toMatchObject({ fabricCount: 1, available: true });
      expect(await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))).toMatchObject([item]);
      // Another store's fabric with the same code is untouched.
      expect(await loadFabricForEdit(other.scope, theirNavy)).toMatchObject({ code: "navy-gingham" });
      expect(await db.select().from(productFabrics).where(eq(productFabrics.tenantId, other.tenantId))).toEqual(
        theirsBefore,
      );
      expect((await listProductsForAdmin(other.scope)).map((row) => row.id)).toEqual([theirs]);

      expect(await deleteFabric(store.scope, navy)).toEqual({ ok: false });
      expect(await deleteFabric(store.scope, amber)).toEqual({ ok: true, removedOptions: 1, name: "Amber Linen" });
    });
  });

  describe("the owner's product list", () => {
    it("narrows to the products offering a library fabric", async () => {
      const { store, navy, amber, tote, purse, clutch, other, theirNavy } = await createSharedFabricStore(db);
      const ids = async (filter: { search?: string; libraryFabricId?: string }) =>
        (await listProductsForAdmin(store.scope, filter)).map((row) => row.id).sort();
      expect(await ids({ libraryFabricId: navy })).toEqual([tote, purse].sort());
      expect(await ids({ libraryFabricId: amber })).toEqual([clutch]);
      expect(await ids({ libraryFabricId: navy, search: "purse" })).toEqual([purse]);
      expect(await ids({ libraryFabricId: theirNavy })).toEqual([]);
      expect(await ids({ libraryFabricId: randomUUID() })).toEqual([]);
      expect(await ids({ libraryFabricId: "not-a-uuid" })).toEqual([]);
      expect(await ids({})).toHaveLength(3);
      expect((await listProductsForAdmin(other.scope, { libraryFabricId: navy })).map((row) => row.id)).toEqual([]);
    });

    it("says a product is unavailable when every fabric it offers is out of stock", async () => {
      const store = await createStore(db);
      const navy = await addFabric(store);
      const amber = await addFabric(store, { name: "Amber Linen", code: "amber-linen" });
      const both = await addProduct(store, "both", [
        await libraryOption(store, navy),
        await libraryOption(store, amber),
      ]);
      const available = async () => (await listProductsForAdmin(store.scope)).map((row) => row.available);

      expect(await available()).toEqual([true]);
      await saveFabric(store.scope, fabricInput({ inStock: false }), navy);
      expect(await available()).toEqual([true]);
      await saveFabric(store.scope, fabricInput({ name: "Amber Linen", code: "amber-linen", inStock: false }), amber);
      expect(await listProductsForAdmin(store.scope)).toMatchObject([{ id: both, fabricCount: 2, available: false }]);
    });
  });

  describe("a database whose library table is missing", () => {
    let bare: TestDatabase;

    beforeAll(async () => {
      bare = await createTestDatabase(engine);
      await bare.db.execute(sql.raw("drop table fabric_library cascade"));
    });

    afterAll(async () => {
      await bare?.dispose();
    });

    it("fails to list or load with an error the library page recognises", async () => {
      const store = await createStore(bare.db);
      await expect(listLibraryFabrics(store.scope)).rejects.toSatisfy(isLibraryMissing);
      await expect(loadFabricForEdit(store.scope, randomUUID())).rejects.toSatisfy(isLibraryMissing);
      // Other failures are not mistaken for it.
      expect(isLibraryMissing(new Error("connection reset"))).toBe(false);
      expect(isLibraryMissing(null)).toBe(false);
      expect(isLibraryMissing(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
      await expect(listLibraryFabrics(store.scope)).rejects.toThrow(/migrations/);
    });
  });

  // A race that needs a second connection holding a transaction open.
  describe.runIf(engine === "postgres")(
    "against another connection's open transaction (PostgreSQL only: PGlite has one connection)",
    () => {
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

      it("answers 409 when the unique index refuses a code another transaction took after our check", async () => {
        const store = await createStore(db);
        const holder = new pg.Client({ connectionString: database.url });
        await holder.connect();
        try {
          await holder.query("begin");
          await holder.query(
            `insert into fabric_library (tenant_id, code, name, color, swatch_url) values ($1, 'contested', 'Holder', 'navy', $2)`,
            [store.tenantId, storedImage("fabrics", 9)],
          );
          const [saved] = await Promise.all([
            saveFabric(store.scope, fabricInput({ code: "contested" })),
            lockWaitBegins().then(() => holder.query("commit")),
          ]);
          expectRefused(saved, 409, "code", fabricCodeTakenMessage("contested"));
        } finally {
          await holder.query("rollback").catch(() => {});
          await holder.end();
        }
        expect((await listLibraryFabrics(store.scope)).map((fabric) => fabric.name)).toEqual(["Holder"]);
      });

      it("a product save waits for a library save of its fabric and takes its new stock", async () => {
        const store = await createStore(db);
        const navy = await addFabric(store);
        const holder = new pg.Client({ connectionString: database.url });
        await holder.connect();
        try {
          await holder.query("begin");
          await holder.query("select 1 from fabric_library where id = $1 for update", [navy]);
          await holder.query("update fabric_library set in_stock = false where id = $1", [navy]);
          const option = await libraryOption(store, navy);
          const [id] = await Promise.all([
            addProduct(store, "waiter", [option]),
            lockWaitBegins().then(() => holder.query("commit")),
          ]);
          expect((await optionOf(db, id, "navy-gingham"))?.inStock).toBe(false);
        } finally {
          await holder.query("rollback").catch(() => {});
          await holder.end();
        }
      });
    },
  );
});

describe.skipIf(ENGINES.includes("postgres"))("fabric library on postgres", () => {
  it.skip("is skipped: set TEST_DATABASE_URL to run these tests against a PostgreSQL server", () => {});
});
