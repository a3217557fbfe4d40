import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { FABRIC_REQUIRED_MESSAGE, type FabricInput } from "../../core/fabric.ts";
import {
  FABRIC_CODE_FORMAT_MESSAGE,
  FABRIC_CODE_RESERVED_MESSAGE,
  fabricCodeTakenMessage,
  type FabricOptionInput,
  type ProductInput,
} from "../../core/product.ts";
import { FABRIC_CODE_FIXED_MESSAGE } from "../../server/catalog/fabric-library.ts";
import {
  categories,
  fabricLibrary,
  orderItems,
  orders,
  productFabrics,
  products,
  tenants,
} from "../../server/db/schema.ts";
import {
  AdminClient,
  decodeSingleFetch,
  flashOf,
  signedInOwner,
  startAdminApp,
  type AdminApp,
} from "../support/admin-app.ts";
import { storedImage } from "../support/image-fixtures.ts";
import { CUSTOMER } from "../support/catalog-fixture.ts";
import { ENGINES } from "../support/test-database.ts";

// The owner's fabric library over HTTP, as the browser uses it: the form page's fetcher
// posts JSON to /admin/fabrics/new.data and /admin/fabrics/edit/:id.data, the library's
// dialog and delete post JSON to /admin/fabrics.data (single fetch). Every answer is
// checked together with the database behind it and with what shoppers see on their next
// request: the product page, cart pricing and checkout. What is refused writes nothing,
// and nothing is ever answered with a 5xx.

const RIVAL_TENANT = "rival-store";
const LIBRARY = "/admin/fabrics";
const NEW = "/admin/fabrics/new";
const edit = (id: string) => `/admin/fabrics/edit/${id}`;
const data = (path: string) => `${path}.data`;
const UNKNOWN_ID = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";
const OUT_OF_STOCK = "Out of stock";
const SOLD_OUT = "This product is currently out of stock in every fabric";

/** Server-rendered HTML with the comments React puts between adjacent text parts ("+<!-- -->$7.50") taken out. */
const withoutTextSeparators = (html: string) => html.replaceAll("<!-- -->", "");

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

describe.each(ENGINES)("the owner's fabric library over HTTP on %s", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;
  let bags: { id: string };
  let rivalFabric: typeof fabricLibrary.$inferSelect;
  let uniqueCount = 0;
  let clients = 0;

  beforeAll(async () => {
    app = await startAdminApp(engine);
    owner = await signedInOwner(app);
    const { db } = app.database;

    // Before anything is added, the library says so.
    const empty = await get(LIBRARY);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("No Fabrics Added Yet");

    const [ourBags] = await db
      .insert(categories)
      .values({ tenantId: DEFAULT_TENANT, slug: "bags", name: "Bags", sortOrder: 0 })
      .returning();
    bags = ourBags!;

    // Another store on the same database, with a library fabric of the same code as ours will have.
    await db.insert(tenants).values({ id: RIVAL_TENANT });
    const [theirs] = await db
      .insert(fabricLibrary)
      .values({
        tenantId: RIVAL_TENANT,
        code: "rival-denim",
        name: "Rival Denim",
        color: "blue",
        swatchUrl: storedImage("fabrics", 900),
      })
      .returning();
    rivalFabric = theirs!;
  });
  afterAll(() => app?.stop());

  /** A request with this site's Origin and the owner's session, as the browser sends it; never a 5xx. */
  const post = async (
    path: string,
    body: string,
    contentType: string,
    { client = owner, headers = {} }: { client?: AdminClient; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { origin: app.url, cookie: client.cookieHeader(), "content-type": contentType, ...headers },
      body,
      redirect: "manual",
    });
    expect(response.status, `POST ${path}`).toBeLessThan(500);
    return response;
  };
  const postJson = (path: string, body: unknown, options?: Parameters<typeof post>[3]) =>
    post(path, JSON.stringify(body), "application/json", options);
  async function get(path: string, client: AdminClient | null = owner) {
    const response = await fetch(`${app.url}${path}`, {
      headers: client ? { cookie: client.cookieHeader() } : {},
      redirect: "manual",
    });
    expect(response.status, `GET ${path}`).toBeLessThan(500);
    return response;
  }
  /** The public product page's HTML, as a shopper loads it. */
  const productPage = async (slug: string) => {
    const response = await get(`/product/${slug}`, null);
    expect(response.status).toBe(200);
    return withoutTextSeparators(await response.text());
  };
  const cartPrices = async (lines: { productId: string; fabricCode: string }[]) => {
    const response = await fetch(`${app.url}/api/cart/prices`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/json" },
      body: JSON.stringify({ lines }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { lines: Record<string, unknown>[] }).lines;
  };
  /** A checkout as the checkout page's fetcher posts it, each from its own address. */
  const checkout = async (items: { productId: string; fabricCode: string; quantity: number }[]) => {
    const response = await fetch(`${app.url}/checkout.data`, {
      method: "POST",
      headers: {
        origin: app.url,
        "content-type": "application/json",
        "x-forwarded-for": `198.51.100.${++clients}`,
      },
      body: JSON.stringify({ customer: CUSTOMER, items }),
      redirect: "manual",
    });
    expect(response.status).toBeLessThan(500);
    return { status: response.status, answer: (await decodeSingleFetch(response)).data as Record<string, unknown> };
  };
  const orderCount = async () => {
    const [row] = await app.database.db.select({ n: count() }).from(orders);
    return Number(row?.n ?? 0);
  };

  const unique = (base: string) => `${base}-${++uniqueCount}`;

  /** A redirect as the browser's fetcher receives it: 202 with the target, and the notice cookie. */
  const expectDataRedirect = async (response: Response, to: string, flash: string) => {
    expect(response.status).toBe(202);
    expect(await decodeSingleFetch(response)).toMatchObject({ redirect: to, status: 302 });
    expect(flashOf(response)).toBe(flash);
  };

  const libraryRow = async (code: string) => {
    const [row] = await app.database.db
      .select()
      .from(fabricLibrary)
      .where(and(eq(fabricLibrary.tenantId, DEFAULT_TENANT), eq(fabricLibrary.code, code)));
    return row;
  };

  /** Adds a fabric through the form page's data request and answers its row. */
  const addFabric = async (overrides: Partial<FabricInput> = {}) => {
    const input = fabricInput({ code: unique("navy-gingham"), ...overrides });
    await expectDataRedirect(
      await postJson(data(NEW), { intent: "save", fabricId: null, fabric: input }),
      LIBRARY,
      "fabric-added",
    );
    const row = await libraryRow(input.code);
    expect(row).toBeDefined();
    return { ...row!, input };
  };

  /** A product created through the wizard's data request, offering the library fabric as the wizard adds it. */
  const createProduct = async (
    name: string,
    fabrics: { input: FabricInput; id: string }[],
    typed: FabricOptionInput[] = [],
  ) => {
    const input: ProductInput = {
      name,
      slug: unique(name.toLowerCase().replace(/ /g, "-")),
      categoryId: bags.id,
      price: "45.00",
      description: "A roomy canvas tote, cut and sewn by hand for the farmers market.",
      defaultImages: [storedImage("products", 10), "", ""],
      hasFabricSelection: true,
      fabrics: [
        ...fabrics.map(({ input: fabric, id }) => ({
          code: fabric.code,
          label: fabric.name,
          swatchUrl: fabric.swatchUrl,
          upcharge: fabric.price,
          imgOverride: fabric.images,
          libraryFabricId: id,
        })),
        ...typed,
      ],
    };
    await expectDataRedirect(
      await postJson("/admin/products/new.data", { intent: "save", product: input }),
      "/admin/products",
      "product-created",
    );
    const [row] = await app.database.db.select().from(products).where(eq(products.slug, input.slug));
    expect(row).toBeDefined();
    return row!;
  };
  const typedOption = (code: string, label: string): FabricOptionInput => ({
    code,
    label,
    swatchUrl: storedImage("fabrics", 40),
    upcharge: "0.00",
    imgOverride: [],
    libraryFabricId: null,
  });
  const optionsLinkedTo = (fabricId: string) =>
    app.database.db
      .select()
      .from(productFabrics)
      .where(eq(productFabrics.libraryFabricId, fabricId))
      .orderBy(asc(productFabrics.id));

  /** Every library fabric, product, option and order of every store, to prove a refusal changed nothing. */
  const dump = async () => {
    const { db } = app.database;
    return {
      library: await db.select().from(fabricLibrary).orderBy(asc(fabricLibrary.id)),
      products: await db.select().from(products).orderBy(asc(products.id)),
      fabrics: await db.select().from(productFabrics).orderBy(asc(productFabrics.id)),
      orders: await db.select().from(orders).orderBy(asc(orders.id)),
      orderItems: await db.select().from(orderItems).orderBy(asc(orderItems.id)),
    };
  };

  describe("adding", () => {
    it("adds a fabric from the form page's data request: a redirect with a notice, the row, and the library lists it", async () => {
      const input = fabricInput({ name: "Sage Linen", code: "sage-linen", color: "green", price: "7.50" });
      const response = await postJson(data(NEW), { intent: "save", fabricId: null, fabric: input });
      await expectDataRedirect(response, LIBRARY, "fabric-added");

      expect(await libraryRow("sage-linen")).toMatchObject({
        tenantId: DEFAULT_TENANT,
        name: "Sage Linen",
        description: "Small navy checks on white cotton.",
        color: "green",
        customColor: "Midnight",
        priceCents: 750,
        swatchUrl: input.swatchUrl,
        images: input.images,
        inStock: true,
        sortOrder: 3,
      });

      // The library the owner is sent back to shows the notice once, and the fabric.
      const list = await fetch(`${app.url}${LIBRARY}`, {
        headers: { cookie: `${owner.cookieHeader()}; selvage.flash=fabric-added` },
        redirect: "manual",
      });
      expect(list.status).toBe(200);
      const html = withoutTextSeparators(await list.text());
      expect(html).toContain("Fabric added successfully");
      expect(html).toContain("Sage Linen");
      expect(html).toContain("+$7.50 upcharge");
      expect(flashOf(list)).toBe("");

      // The editor's data request loads exactly what was sent.
      const row = await libraryRow("sage-linen");
      const editor = await get(data(edit(row!.id)));
      expect(editor.status).toBe(200);
      const loaded = (await decodeSingleFetch(editor)) as Record<string, { data?: { initial?: unknown } }>;
      const initial = Object.values(loaded).find((route) => route.data?.initial)?.data?.initial;
      expect(initial).toEqual(input);
    });

    it("adds a fabric from the library's dialog, and from a document POST of the form page", async () => {
      const dialog = fabricInput({ name: "Coral Poplin", code: "coral-poplin", color: "coral", price: "" });
      await expectDataRedirect(
        await postJson(data(LIBRARY), { intent: "save", fabricId: null, fabric: dialog }),
        LIBRARY,
        "fabric-added",
      );
      expect(await libraryRow("coral-poplin")).toMatchObject({ name: "Coral Poplin", color: "coral", priceCents: 0 });

      const page = fabricInput({ name: "Mint Voile", code: "mint-voile", color: "mint" });
      const response = await postJson(NEW, { intent: "save", fabricId: null, fabric: page });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(LIBRARY);
      expect(flashOf(response)).toBe("fabric-added");
      expect(await libraryRow("mint-voile")).toMatchObject({ name: "Mint Voile", color: "mint", priceCents: 500 });
    });
  });

  describe("updating reaches every product offering the fabric", () => {
    it("takes a rename, a new price and stock to the product page, cart pricing and checkout on the next request", async () => {
      const fabric = await addFabric({ name: "Rose Floral", code: "rose-floral", price: "5.00" });
      const tote = await createProduct("Market Tote", [fabric], [typedOption("hand-dyed-indigo", "Hand-dyed Indigo")]);
      const pouch = await createProduct("Zip Pouch", [fabric]);
      expect(await optionsLinkedTo(fabric.id)).toHaveLength(2);
      expect(await productPage(tote.slug)).toContain("Rose Floral");

      // A rename and a new price from the edit page.
      const renamed = { ...fabric.input, name: "Rose Garden Floral", price: "7.25" };
      await expectDataRedirect(
        await postJson(data(edit(fabric.id)), { intent: "save", fabricId: fabric.id, fabric: renamed }),
        LIBRARY,
        "fabric-updated",
      );
      expect(await libraryRow("rose-floral")).toMatchObject({ name: "Rose Garden Floral", priceCents: 725 });
      expect(await optionsLinkedTo(fabric.id)).toEqual([
        expect.objectContaining({ label: "Rose Garden Floral", upchargeCents: 725, inStock: true }),
        expect.objectContaining({ label: "Rose Garden Floral", upchargeCents: 725, inStock: true }),
      ]);
      const renamedPage = await productPage(tote.slug);
      expect(renamedPage).toContain("Rose Garden Floral");
      expect(renamedPage).toContain("+$7.25");
      expect(renamedPage).not.toContain(OUT_OF_STOCK);
      expect(await cartPrices([{ productId: tote.id, fabricCode: "rose-floral" }])).toEqual([
        expect.objectContaining({
          productId: tote.id,
          fabricCode: "rose-floral",
          available: true,
          fabricLabel: "Rose Garden Floral",
          priceCents: 4500 + 725,
        }),
      ]);

      // Out of stock from the library's dialog: off every product at once.
      await expectDataRedirect(
        await postJson(data(LIBRARY), {
          intent: "save",
          fabricId: fabric.id,
          fabric: { ...renamed, inStock: false },
        }),
        LIBRARY,
        "fabric-updated",
      );
      expect((await optionsLinkedTo(fabric.id)).map((option) => option.inStock)).toEqual([false, false]);
      const totePage = await productPage(tote.slug);
      expect(totePage).toContain(OUT_OF_STOCK);
      expect(totePage).toContain('id="fabric-stock-rose-floral"');
      expect(totePage).not.toContain(SOLD_OUT);
      const pouchPage = await productPage(pouch.slug);
      expect(pouchPage).toContain(SOLD_OUT);
      const library = await get(LIBRARY);
      expect(await library.text()).toContain("Out of Stock");

      expect(
        await cartPrices([
          { productId: tote.id, fabricCode: "rose-floral" },
          { productId: tote.id, fabricCode: "hand-dyed-indigo" },
          { productId: pouch.id, fabricCode: "rose-floral" },
        ]),
      ).toEqual([
        {
          productId: tote.id,
          fabricCode: "rose-floral",
          available: false,
          reason: "Market Tote in Rose Garden Floral is out of stock",
        },
        expect.objectContaining({ fabricCode: "hand-dyed-indigo", available: true, priceCents: 4500 }),
        {
          productId: pouch.id,
          fabricCode: "rose-floral",
          available: false,
          reason: "Zip Pouch in Rose Garden Floral is out of stock",
        },
      ]);

      // A checkout naming the fabric directly is refused, naming the line, and writes nothing.
      const before = await dump();
      const refusedCheckout = await checkout([
        { productId: tote.id, fabricCode: "hand-dyed-indigo", quantity: 1 },
        { productId: tote.id, fabricCode: "rose-floral", quantity: 2 },
      ]);
      expect(refusedCheckout).toEqual({
        status: 400,
        answer: {
          ok: false,
          status: 400,
          error: "Market Tote in Rose Garden Floral is out of stock. Please remove it from your cart and try again.",
        },
      });
      const document = await fetch(`${app.url}/checkout`, {
        method: "POST",
        headers: { origin: app.url, "content-type": "application/json", "x-forwarded-for": "198.51.100.250" },
        body: JSON.stringify({
          customer: CUSTOMER,
          items: [{ productId: pouch.id, fabricCode: "rose-floral", quantity: 1 }],
        }),
        redirect: "manual",
      });
      expect(document.status).toBe(400);
      expect(await document.text()).toContain("Zip Pouch in Rose Garden Floral is out of stock");
      expect(await dump()).toEqual(before);

      // Back in stock from the edit page: sold again everywhere.
      await expectDataRedirect(
        await postJson(data(edit(fabric.id)), { intent: "save", fabricId: fabric.id, fabric: renamed }),
        LIBRARY,
        "fabric-updated",
      );
      expect((await optionsLinkedTo(fabric.id)).map((option) => option.inStock)).toEqual([true, true]);
      expect(await productPage(tote.slug)).not.toContain(OUT_OF_STOCK);
      expect(await productPage(pouch.slug)).not.toContain(SOLD_OUT);
      expect(await cartPrices([{ productId: pouch.id, fabricCode: "rose-floral" }])).toEqual([
        expect.objectContaining({ available: true, fabricLabel: "Rose Garden Floral", priceCents: 4500 + 725 }),
      ]);
      const orderBefore = await orderCount();
      const placed = await checkout([{ productId: pouch.id, fabricCode: "rose-floral", quantity: 1 }]);
      expect(placed).toMatchObject({ status: 200, answer: { ok: true } });
      expect(await orderCount()).toBe(orderBefore + 1);
    });

    it("saves a fabric whose code predates the code rule, which products can still offer", async () => {
      const legacyFabric = async (code: string) => {
        const [row] = await app.database.db
          .insert(fabricLibrary)
          .values({ tenantId: DEFAULT_TENANT, code, name: code, color: "teal", swatchUrl: storedImage("fabrics", 42) })
          .returning();
        return row!;
      };
      /** Saves from the edit page and from the library's dialog. */
      const saveEdited = async (id: string, fabric: FabricInput) => {
        for (const path of [data(edit(id)), data(LIBRARY)]) {
          const response = await postJson(path, { intent: "save", fabricId: id, fabric });
          await expectDataRedirect(response, LIBRARY, "fabric-updated");
        }
      };

      const seaGlass = await legacyFabric("Sea Glass");
      const input = fabricInput({ name: "Sea Glass Linen", code: "Sea Glass", color: "teal" });
      await saveEdited(seaGlass.id, input);
      expect(await libraryRow("Sea Glass")).toMatchObject({ name: "Sea Glass Linen", priceCents: 500 });
      const tote = await createProduct("Beach Tote", [{ input, id: seaGlass.id }]);
      expect((await optionsLinkedTo(seaGlass.id)).map((option) => [option.productId, option.code])).toEqual([
        [tote.id, "Sea Glass"],
      ]);

      // Even one that took the reserved code can still be edited.
      const reserved = await legacyFabric("default");
      await saveEdited(reserved.id, fabricInput({ name: "Plain Calico", code: "default" }));
      expect(await libraryRow("default")).toMatchObject({ name: "Plain Calico" });
    });
  });

  describe("deleting", () => {
    it("deletes a fabric from the library's dialog with its linked options; the product no longer offers it and orders keep their snapshot", async () => {
      const fabric = await addFabric({ name: "Rust Corduroy", code: "rust-corduroy", price: "3.00" });
      const keep = await addFabric({ name: "Olive Twill", code: "olive-twill", color: "olive" });
      const tote = await createProduct("Field Tote", [fabric, keep], [typedOption("plain-canvas", "Plain Canvas")]);
      const placed = await checkout([{ productId: tote.id, fabricCode: "rust-corduroy", quantity: 1 }]);
      expect(placed).toMatchObject({ status: 200, answer: { ok: true } });
      const snapshot = await app.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.fabricCode, "rust-corduroy"));
      expect(snapshot).toMatchObject([
        { productId: tote.id, productName: "Field Tote", fabricLabel: "Rust Corduroy", unitPriceCents: 4800 },
      ]);
      expect(await productPage(tote.slug)).toContain("Rust Corduroy");

      const response = await postJson(data(LIBRARY), { intent: "delete", fabricId: fabric.id });
      await expectDataRedirect(response, LIBRARY, "fabric-deleted");

      expect(await libraryRow("rust-corduroy")).toBeUndefined();
      expect(await optionsLinkedTo(fabric.id)).toEqual([]);
      const remaining = await app.database.db
        .select()
        .from(productFabrics)
        .where(eq(productFabrics.productId, tote.id))
        .orderBy(asc(productFabrics.sortOrder));
      expect(remaining.map((option) => option.code)).toEqual(["olive-twill", "plain-canvas"]);
      expect(await libraryRow("olive-twill")).toBeDefined();
      // The order keeps the fabric as it was sold.
      expect(await app.database.db.select().from(orderItems).where(eq(orderItems.fabricCode, "rust-corduroy"))).toEqual(
        snapshot,
      );

      const page = await productPage(tote.slug);
      expect(page).not.toContain("Rust Corduroy");
      expect(page).toContain("Olive Twill");
      expect(await cartPrices([{ productId: tote.id, fabricCode: "rust-corduroy" }])).toMatchObject([
        { available: false },
      ]);
      expect(await (await get(LIBRARY)).text()).not.toContain("Rust Corduroy");

      // Deleting it again: a 404 with the spec's message.
      const again = await postJson(data(LIBRARY), { intent: "delete", fabricId: fabric.id });
      expect(again.status).toBe(404);
      expect(await decodeSingleFetch(again)).toEqual({
        data: { intent: "delete", error: "Failed to delete fabric: Fabric not found" },
      });
    });

    it("deletes from a document POST too, back to the library", async () => {
      const fabric = await addFabric({ name: "Gray Flannel", code: "gray-flannel", color: "gray" });
      const response = await postJson(LIBRARY, { intent: "delete", fabricId: fabric.id });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(LIBRARY);
      expect(flashOf(response)).toBe("fabric-deleted");
      expect(await libraryRow("gray-flannel")).toBeUndefined();
    });
  });

  describe("refused saves", () => {
    const PRICE_FORMAT = "Enter an upcharge in dollars, like 5.00 (0 or more)";
    const STORED_ONLY = "Use a picture uploaded to the shop";
    const CONTROL = "Please remove line breaks and control characters";
    const refusals: {
      name: string;
      overrides: Record<string, unknown>;
      message: string;
      fieldErrors: Record<string, string>;
    }[] = [
      {
        name: "a blank name",
        overrides: { name: "   " },
        message: FABRIC_REQUIRED_MESSAGE,
        fieldErrors: { name: FABRIC_REQUIRED_MESSAGE },
      },
      {
        name: "a blank code",
        overrides: { code: "" },
        message: FABRIC_REQUIRED_MESSAGE,
        fieldErrors: { code: FABRIC_REQUIRED_MESSAGE },
      },
      {
        name: "no swatch",
        overrides: { swatchUrl: "" },
        message: FABRIC_REQUIRED_MESSAGE,
        fieldErrors: { swatchUrl: FABRIC_REQUIRED_MESSAGE },
      },
      {
        name: "a colour outside the list",
        overrides: { color: "chartreuse" },
        message: "Choose one of the colour categories",
        fieldErrors: { color: "Choose one of the colour categories" },
      },
      {
        name: "a negative price",
        overrides: { price: "-5.00" },
        message: PRICE_FORMAT,
        fieldErrors: { price: PRICE_FORMAT },
      },
      {
        name: "a price that is not a number",
        overrides: { price: "five dollars" },
        message: PRICE_FORMAT,
        fieldErrors: { price: PRICE_FORMAT },
      },
      {
        name: "a sort order that is not a number",
        overrides: { sortOrder: "first" },
        message: "Sort order is a whole number, 0 or more",
        fieldErrors: { sortOrder: "Sort order is a whole number, 0 or more" },
      },
      {
        name: "a swatch on another site",
        overrides: { swatchUrl: "https://evil.example/swatch.webp" },
        message: STORED_ONLY,
        fieldErrors: { swatchUrl: STORED_ONLY },
      },
      {
        name: "a swatch path that climbs out of storage",
        overrides: { swatchUrl: "/uploads/../../etc/passwd.webp" },
        message: STORED_ONLY,
        fieldErrors: { swatchUrl: STORED_ONLY },
      },
      {
        name: "four pictures",
        overrides: { images: [1, 2, 3, 4].map((n) => storedImage("fabrics", 20 + n)) },
        message: "At most 3 pictures",
        fieldErrors: { images: "At most 3 pictures" },
      },
      {
        name: "NUL bytes in the name",
        overrides: { name: "Navy\u0000Gingham" },
        message: CONTROL,
        fieldErrors: { name: CONTROL },
      },
      {
        name: "a 300-character name",
        overrides: { name: "N".repeat(300) },
        message: "Name must be at most 100 characters",
        fieldErrors: { name: "Name must be at most 100 characters" },
      },
    ];

    it.each(refusals)(
      "refuses $name with 400 and its field error, on the page and in the dialog, adding or editing, and writes nothing",
      async (testCase) => {
        const existing = await addFabric();
        const before = await dump();
        const targets = [
          { path: data(NEW), fabricId: null, editing: false },
          { path: data(LIBRARY), fabricId: null, editing: false },
          { path: data(edit(existing.id)), fabricId: existing.id, editing: true },
          { path: data(LIBRARY), fabricId: existing.id, editing: true },
        ];
        for (const { path, fabricId, editing } of targets) {
          // When editing, the fabric keeps its own code, which must not count as taken.
          const fabric = {
            ...fabricInput({ code: editing ? existing.code : unique("new-fabric") }),
            ...testCase.overrides,
          };
          const response = await postJson(path, { intent: "save", fabricId, fabric });
          expect(response.status, `${path} ${fabricId}`).toBe(400);
          expect(flashOf(response)).toBeNull();
          expect(await decodeSingleFetch(response)).toEqual({
            data: {
              intent: "save",
              error: `${editing ? "Failed to update fabric" : "Failed to add fabric"}: ${testCase.message}`,
              fieldErrors: testCase.fieldErrors,
            },
          });
        }
        expect(await dump()).toEqual(before);
      },
    );

    it.each([
      { code: "default", message: FABRIC_CODE_RESERVED_MESSAGE },
      { code: "Default", message: FABRIC_CODE_FORMAT_MESSAGE },
      { code: "a b/../c?#x", message: FABRIC_CODE_FORMAT_MESSAGE },
      { code: "<b>x</b>", message: FABRIC_CODE_FORMAT_MESSAGE },
    ])("refuses adding a fabric with the code $code with 400 and its field error, and writes nothing", async (test) => {
      await addFabric();
      const before = await dump();
      for (const path of [data(NEW), data(LIBRARY)]) {
        const response = await postJson(path, {
          intent: "save",
          fabricId: null,
          fabric: fabricInput({ name: "Default", code: test.code }),
        });
        expect(response.status, path).toBe(400);
        expect(flashOf(response)).toBeNull();
        expect(await decodeSingleFetch(response)).toEqual({
          data: {
            intent: "save",
            error: `Failed to add fabric: ${test.message}`,
            fieldErrors: { code: test.message },
          },
        });
      }
      expect(await dump()).toEqual(before);
    });

    it("refuses a code the store already uses, in any case, with 409, but not another store's code", async () => {
      const existing = await addFabric({ name: "Teal Chambray", code: "teal-chambray", color: "teal" });
      // Codes from before the code rule could hold capitals.
      await app.database.db.insert(fabricLibrary).values({
        tenantId: DEFAULT_TENANT,
        code: "Plum-Velvet",
        name: "Plum Velvet",
        color: "purple",
        swatchUrl: storedImage("fabrics", 41),
      });
      const before = await dump();
      for (const path of [data(NEW), data(LIBRARY)]) {
        for (const code of ["teal-chambray", "plum-velvet"]) {
          const response = await postJson(path, {
            intent: "save",
            fabricId: null,
            fabric: fabricInput({ name: "Another Teal", code }),
          });
          expect(response.status, `${path} ${code}`).toBe(409);
          expect(flashOf(response)).toBeNull();
          expect(await decodeSingleFetch(response)).toEqual({
            data: {
              intent: "save",
              error: `Failed to add fabric: ${fabricCodeTakenMessage(code)}`,
              fieldErrors: { code: fabricCodeTakenMessage(code) },
            },
          });
        }
      }
      expect(await dump()).toEqual(before);
      expect(existing.code).toBe("teal-chambray");
      // The other store's code is free for this one.
      await addFabric({ name: "Our Denim", code: rivalFabric.code, color: "blue" });
    });

    it("refuses changing a fabric's code on edit, to a new code or another fabric's, and writes nothing", async () => {
      const existing = await addFabric();
      const other = await addFabric();
      const before = await dump();
      for (const path of [data(edit(existing.id)), data(LIBRARY)]) {
        for (const code of [unique("renamed-code"), existing.code.toUpperCase(), other.code]) {
          const response = await postJson(path, {
            intent: "save",
            fabricId: existing.id,
            fabric: fabricInput({ code }),
          });
          expect(response.status, `${path} ${code}`).toBe(400);
          expect(await decodeSingleFetch(response)).toEqual({
            data: {
              intent: "save",
              error: `Failed to update fabric: ${FABRIC_CODE_FIXED_MESSAGE}`,
              fieldErrors: { code: FABRIC_CODE_FIXED_MESSAGE },
            },
          });
        }
      }
      expect(await dump()).toEqual(before);
    });

    it("refuses a request that is neither a save nor a delete with 400", async () => {
      const existing = await addFabric();
      const before = await dump();
      const requests: unknown[] = [
        { fabricId: null, fabric: fabricInput({ code: unique("no-intent") }) },
        { intent: "publish", fabricId: null, fabric: fabricInput({ code: unique("publish") }) },
        { intent: "save", fabric: fabricInput({ code: unique("no-id") }) },
        [{ intent: "save", fabricId: null, fabric: fabricInput({ code: unique("array") }) }],
        "save",
        null,
      ];
      for (const body of requests) {
        for (const [path, editing] of [
          [data(NEW), false],
          [data(LIBRARY), false],
          [data(edit(existing.id)), true],
        ] as const) {
          const response = await postJson(path, body);
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
          const answer = (await decodeSingleFetch(response)).data as {
            intent: string;
            error: string;
            fieldErrors: object;
          };
          expect(answer.intent).toBe("save");
          expect(answer.error.startsWith(editing ? "Failed to update fabric: " : "Failed to add fabric: ")).toBe(true);
          expect(answer.fieldErrors).toEqual({});
        }
      }
      const unknown = await postJson(data(LIBRARY), { intent: "publish" });
      expect((await decodeSingleFetch(unknown)).data).toEqual({
        intent: "save",
        error: "Failed to add fabric: Unknown request",
        fieldErrors: {},
      });
      // A delete on the new fabric's page names no fabric.
      const deleteNothing = await postJson(data(NEW), { intent: "delete", fabricId: existing.id });
      expect(deleteNothing.status).toBe(400);
      expect((await decodeSingleFetch(deleteNothing)).data).toEqual({
        intent: "delete",
        error: "Failed to delete fabric: Unknown request",
      });
      expect(await dump()).toEqual(before);
    });

    it("refuses a form body with 415 and malformed JSON with 400, on the data and document paths", async () => {
      const existing = await addFabric();
      const before = await dump();
      const form = new URLSearchParams({ intent: "delete", fabricId: existing.id }).toString();
      for (const path of [NEW, LIBRARY, edit(existing.id)]) {
        const wrongType = await post(data(path), form, "application/x-www-form-urlencoded");
        expect(wrongType.status, path).toBe(415);
        expect((await decodeSingleFetch(wrongType)).error).toMatchObject({
          status: 415,
          data: "Unsupported content type: send application/json",
        });
        const malformed = await post(data(path), '{"intent":"save","fabric":', "application/json");
        expect(malformed.status, path).toBe(400);
        expect((await decodeSingleFetch(malformed)).error).toMatchObject({
          status: 400,
          data: "Malformed request body",
        });

        expect((await post(path, form, "application/x-www-form-urlencoded")).status, path).toBe(415);
        expect((await post(path, "{oops", "application/json")).status, path).toBe(400);
        expect(
          (await post(path, JSON.stringify({ intent: "delete", fabricId: existing.id }), "text/plain")).status,
          path,
        ).toBe(415);
      }
      expect(await dump()).toEqual(before);
    });
  });

  describe("the other store's fabric", () => {
    it("sends the editor of another store's fabric, or of an unknown one, back to the library and changes nothing", async () => {
      const before = await dump();
      for (const id of [rivalFabric.id, UNKNOWN_ID, "not-a-uuid"]) {
        const page = await get(edit(id));
        expect(page.status, id).toBe(302);
        expect(page.headers.get("location")).toBe(LIBRARY);
        expect(flashOf(page)).toBe("fabric-not-found");
        const loader = await get(data(edit(id)));
        expect(await decodeSingleFetch(loader)).toMatchObject({ redirect: LIBRARY, status: 302 });
        expect(flashOf(loader)).toBe("fabric-not-found");

        const hijack = fabricInput({ name: "Hijacked Denim", code: rivalFabric.code, color: "blue" });
        await expectDataRedirect(
          await postJson(data(edit(id)), { intent: "save", fabricId: id, fabric: hijack }),
          LIBRARY,
          "fabric-not-found",
        );
        await expectDataRedirect(
          await postJson(data(LIBRARY), { intent: "save", fabricId: id, fabric: hijack }),
          LIBRARY,
          "fabric-not-found",
        );
      }
      expect(await dump()).toEqual(before);
    });

    it("answers 404 to deleting another store's fabric, which stays, or an unknown one", async () => {
      const before = await dump();
      for (const fabricId of [UNKNOWN_ID, "not-a-uuid"]) {
        const response = await postJson(data(LIBRARY), { intent: "delete", fabricId });
        expect(response.status, fabricId).toBe(404);
        expect(await decodeSingleFetch(response)).toEqual({
          data: { intent: "delete", error: "Failed to delete fabric: Fabric not found" },
        });
      }
      const tooLong = await postJson(data(LIBRARY), { intent: "delete", fabricId: "x".repeat(65) });
      expect(tooLong.status).toBe(400);
      for (const path of [data(LIBRARY), LIBRARY, data(edit(rivalFabric.id))]) {
        const response = await postJson(path, { intent: "delete", fabricId: rivalFabric.id });
        expect(response.status, path).toBe(404);
        if (path.endsWith(".data")) {
          expect(await decodeSingleFetch(response)).toEqual({
            data: { intent: "delete", error: "Failed to delete fabric: Fabric not found" },
          });
        }
      }
      expect(await dump()).toEqual(before);
      expect(before.library.some((row) => row.id === rivalFabric.id && row.tenantId === RIVAL_TENANT)).toBe(true);
    });
  });

  describe("strangers", () => {
    it("lets neither anonymous nor cross-origin posts add, update or delete anything", async () => {
      const target = await addFabric();
      const before = await dump();
      const anonymous = new AdminClient(app.url);
      const save = { intent: "save", fabricId: null, fabric: fabricInput({ code: unique("stranger") }) };
      const update = { intent: "save", fabricId: target.id, fabric: { ...target.input, inStock: false } };
      const remove = { intent: "delete", fabricId: target.id };
      const attempts: [path: string, body: unknown][] = [
        [data(NEW), save],
        [NEW, save],
        [data(LIBRARY), save],
        [data(LIBRARY), update],
        [data(edit(target.id)), update],
        [edit(target.id), update],
        [data(LIBRARY), remove],
        [LIBRARY, remove],
      ];
      for (const [path, body] of attempts) {
        const response = await postJson(path, body, { client: anonymous });
        expect([202, 302], path).toContain(response.status);
        if (response.status === 202)
          expect(await decodeSingleFetch(response)).toMatchObject({ redirect: "/admin/login" });
        else expect(response.headers.get("location")).toBe("/admin/login");
        expect(flashOf(response) ?? "").not.toMatch(/^fabric-/);
      }
      // React Router's own origin check refuses these with 400 before the admin guard's 403.
      for (const origin of ["https://evil.example", "null"]) {
        for (const [path, body] of attempts) {
          const response = await postJson(path, body, { headers: { origin } });
          expect(response.status, `${origin} ${path}`).toBe(400);
          expect(flashOf(response)).toBeNull();
        }
      }
      expect(await dump()).toEqual(before);
    });
  });
});

describe.each(ENGINES)("the fabric library page on %s when its table is missing", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;

  beforeAll(async () => {
    // This app's own database: a server whose library migration was not applied.
    app = await startAdminApp(engine);
    await app.database.db.execute(sql.raw("DROP TABLE fabric_library CASCADE"));
    owner = await signedInOwner(app);
  });
  afterAll(() => app?.stop());

  it("tells the owner the library needs setting up, not a server error", async () => {
    const page = await fetch(`${app.url}${LIBRARY}`, { headers: { cookie: owner.cookieHeader() }, redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Fabric Library Setup Required");
    expect(html).not.toContain("Failed to load fabric library");

    const loader = await fetch(`${app.url}${data(LIBRARY)}`, {
      headers: { cookie: owner.cookieHeader() },
      redirect: "manual",
    });
    expect(loader.status).toBe(200);
    const routes = (await decodeSingleFetch(loader)) as Record<string, { data?: { missing?: boolean } }>;
    expect(Object.values(routes).find((route) => route.data?.missing !== undefined)?.data).toEqual({
      missing: true,
      fabrics: [],
    });
  });
});

describe.skipIf(ENGINES.includes("postgres"))("the owner's fabric library over HTTP on postgres", () => {
  it.skip("is skipped: set TEST_DATABASE_URL to run these tests against a PostgreSQL server", () => {});
});
