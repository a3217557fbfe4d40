import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FABRIC_CODE, DEFAULT_FABRIC_LABEL, DEFAULT_TENANT } from "../../core/constants.ts";
import {
  FABRIC_CODE_FORMAT_MESSAGE,
  FABRIC_CODE_RESERVED_MESSAGE,
  INVALID_CATEGORY_MESSAGE,
  MAX_FABRIC_OPTIONS,
  SLUG_TAKEN_MESSAGE,
  type FabricOptionInput,
  type ProductInput,
} from "../../core/product.ts";
import {
  categories,
  fabricLibrary,
  orderItems,
  orders,
  productFabrics,
  products,
  tenants,
} from "../../server/db/schema.ts";
import * as fixtures from "../support/image-fixtures.ts";
import { storedImage } from "../support/image-fixtures.ts";
import {
  AdminClient,
  decodeSingleFetch,
  flashOf,
  signedInOwner,
  startAdminApp,
  type AdminApp,
} from "../support/admin-app.ts";
import { ENGINES } from "../support/test-database.ts";

// The owner's product pages over HTTP, as the browser uses them: the wizard's fetcher posts
// JSON to /admin/products/new.data (single fetch), the list's delete posts a form to
// /admin/products.data. Every answer is checked together with the database behind it:
// what is refused writes nothing, and nothing is ever answered with a 5xx.

const RIVAL_TENANT = "rival-store";
const LIST = "/admin/products";
const NEW = "/admin/products/new";
const edit = (id: string) => `/admin/products/edit/${id}`;
const data = (path: string) => `${path}.data`;
const UNKNOWN_ID = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";

describe.each(ENGINES)("the owner's product routes over HTTP on %s", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;
  let picture: string;
  let bags: { id: string };
  let purses: { id: string };
  let navy: { id: string; swatchUrl: string };
  let rival: { category: { id: string }; fabric: { id: string }; product: typeof products.$inferSelect };
  let slugCount = 0;

  beforeAll(async () => {
    app = await startAdminApp(engine);
    owner = await signedInOwner(app);
    const { db } = app.database;

    const [ourBags, ourPurses] = await db
      .insert(categories)
      .values([
        { tenantId: DEFAULT_TENANT, slug: "bags", name: "Bags", sortOrder: 0 },
        { tenantId: DEFAULT_TENANT, slug: "purses", name: "Purses", sortOrder: 1 },
      ])
      .returning();
    bags = ourBags!;
    purses = ourPurses!;
    const [ourNavy] = await db
      .insert(fabricLibrary)
      .values({
        tenantId: DEFAULT_TENANT,
        code: "navy-gingham",
        name: "Navy Gingham",
        color: "navy",
        priceCents: 500,
        swatchUrl: storedImage("fabrics", 1),
      })
      .returning();
    navy = ourNavy!;

    // Another store on the same database, with its own category, library fabric and product.
    await db.insert(tenants).values({ id: RIVAL_TENANT });
    const [rivalCategory] = await db
      .insert(categories)
      .values({ tenantId: RIVAL_TENANT, slug: "bags", name: "Rival Bags" })
      .returning();
    const [rivalFabric] = await db
      .insert(fabricLibrary)
      .values({
        tenantId: RIVAL_TENANT,
        code: "rival-denim",
        name: "Rival Denim",
        color: "blue",
        swatchUrl: storedImage("fabrics", 2),
      })
      .returning();
    const [rivalProduct] = await db
      .insert(products)
      .values({
        tenantId: RIVAL_TENANT,
        slug: "rival-satchel",
        name: "Rival Satchel",
        description: "A satchel sold by another store.",
        priceCents: 9900,
        categoryId: rivalCategory!.id,
        defaultImages: [storedImage("products", 99), "", ""],
        source: "selvage",
      })
      .returning();
    await db.insert(productFabrics).values({
      tenantId: RIVAL_TENANT,
      productId: rivalProduct!.id,
      code: "rival-denim",
      label: "Rival Denim",
      libraryFabricId: rivalFabric!.id,
    });
    rival = { category: rivalCategory!, fabric: rivalFabric!, product: rivalProduct! };

    // One real picture, uploaded as the wizard's image step does.
    const form = new FormData();
    form.set("purpose", "product");
    form.set("file", new Blob([new Uint8Array(await fixtures.png(800, 600))], { type: "image/png" }), "tote.png");
    const uploaded = await fetch(`${app.url}/admin/uploads`, {
      method: "POST",
      body: form,
      headers: { origin: app.url, cookie: owner.cookieHeader() },
    });
    expect(uploaded.status).toBe(200);
    picture = ((await uploaded.json()) as { url: string }).url;
    expect(picture).toMatch(/^\/uploads\/products\/[0-9a-f]+-800x600\.webp$/);
  });
  afterAll(() => app?.stop());

  /** A POST with this site's Origin and the owner's session, as the browser sends it. */
  const post = (
    path: string,
    body: string,
    contentType: string,
    { client = owner, headers = {} }: { client?: AdminClient; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { origin: app.url, cookie: client.cookieHeader(), "content-type": contentType, ...headers },
      body,
      redirect: "manual",
    });
  const postJson = (path: string, body: unknown, options?: Parameters<typeof post>[3]) =>
    post(path, JSON.stringify(body), "application/json", options);
  const postDelete = (path: string, productId: string, options?: Parameters<typeof post>[3]) =>
    post(
      path,
      new URLSearchParams({ intent: "delete", productId }).toString(),
      "application/x-www-form-urlencoded",
      options,
    );
  const get = (path: string) =>
    fetch(`${app.url}${path}`, { headers: { cookie: owner.cookieHeader() }, redirect: "manual" });

  const uniqueSlug = (base = "market-tote") => `${base}-${engine}-${++slugCount}`;

  const libraryOption = (overrides: Partial<FabricOptionInput> = {}): FabricOptionInput => ({
    code: "navy-gingham",
    label: "Navy Gingham",
    swatchUrl: navy.swatchUrl,
    upcharge: "5.00",
    imgOverride: [storedImage("products", 30)],
    libraryFabricId: navy.id,
    ...overrides,
  });
  const typedOption = (overrides: Partial<FabricOptionInput> = {}): FabricOptionInput => ({
    code: "hand-dyed-indigo",
    label: "Hand-dyed Indigo",
    swatchUrl: storedImage("fabrics", 40),
    upcharge: "0.00",
    imgOverride: [],
    libraryFabricId: null,
    ...overrides,
  });
  const productInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
    name: "Market Tote",
    slug: uniqueSlug(),
    categoryId: bags.id,
    price: "45.00",
    description: "A roomy canvas tote, cut and sewn by hand for the farmers market.",
    defaultImages: [picture, storedImage("products", 11), ""],
    hasFabricSelection: true,
    fabrics: [libraryOption(), typedOption()],
    ...overrides,
  });

  /** A redirect as the browser's fetcher receives it: 202 with the target, and the notice cookie. */
  const expectDataRedirect = async (response: Response, to: string, flash: string) => {
    expect(response.status).toBe(202);
    expect(await decodeSingleFetch(response)).toMatchObject({ redirect: to, status: 302 });
    expect(flashOf(response)).toBe(flash);
  };

  /** Creates a product through the wizard's data request and answers its row. */
  const createProduct = async (overrides: Partial<ProductInput> = {}) => {
    const input = productInput(overrides);
    await expectDataRedirect(await postJson(data(NEW), { intent: "save", product: input }), LIST, "product-created");
    const [row] = await app.database.db.select().from(products).where(eq(products.slug, input.slug));
    expect(row).toBeDefined();
    return { ...row!, input };
  };

  /** Every product, fabric option and order line of every store, to prove a refusal changed nothing. */
  const dump = async () => {
    const { db } = app.database;
    return {
      products: await db.select().from(products).orderBy(asc(products.id)),
      fabrics: await db.select().from(productFabrics).orderBy(asc(productFabrics.id)),
      orderItems: await db.select().from(orderItems).orderBy(asc(orderItems.id)),
    };
  };
  const fabricsOf = (productId: string) =>
    app.database.db
      .select()
      .from(productFabrics)
      .where(eq(productFabrics.productId, productId))
      .orderBy(asc(productFabrics.sortOrder));

  /** A refused save as the wizard receives it: the status, the form's message and the field's. */
  const expectSaveRefused = async (
    response: Response,
    {
      status,
      editing,
      message,
      fieldErrors,
    }: { status: number; editing: boolean; message: string; fieldErrors: Record<string, string> },
  ) => {
    expect(response.status).toBe(status);
    expect(flashOf(response)).toBeNull();
    expect(await decodeSingleFetch(response)).toEqual({
      data: {
        intent: "save",
        error: `${editing ? "Failed to update product" : "Failed to add product"}: ${message}`,
        fieldErrors,
      },
    });
  };

  describe("creating", () => {
    it("creates a product from the wizard's data request: a redirect with a notice, the rows, and the shop shows it at once", async () => {
      const slug = uniqueSlug("linen-apron");
      const input = productInput({
        name: "Linen Apron",
        slug,
        price: "38.50",
        description: "A full apron in washed linen with deep pockets.",
        fabrics: [],
      });
      expect((await fetch(`${app.url}/product/${slug}`)).status).toBe(404);
      expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).not.toContain(slug);

      const response = await postJson(data(NEW), { intent: "save", product: input });
      await expectDataRedirect(response, LIST, "product-created");

      const { db } = app.database;
      const [row] = await db.select().from(products).where(eq(products.slug, slug));
      expect(row).toMatchObject({
        tenantId: DEFAULT_TENANT,
        name: "Linen Apron",
        priceCents: 3850,
        categoryId: bags.id,
        description: "A full apron in washed linen with deep pockets.",
        hasFabricSelection: true,
        defaultImages: [picture, storedImage("products", 11), ""],
      });
      // No fabric chosen: the product is saved with the one default option, so it can be sold.
      expect(await fabricsOf(row!.id)).toMatchObject([
        {
          tenantId: DEFAULT_TENANT,
          code: DEFAULT_FABRIC_CODE,
          label: DEFAULT_FABRIC_LABEL,
          upchargeCents: 0,
          libraryFabricId: null,
        },
      ]);

      // The next requests see it: its page, the search and the sitemap.
      const page = await fetch(`${app.url}/product/${slug}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Linen Apron");
      expect(html).toContain("$38.50");
      const search = await fetch(`${app.url}/search?q=${encodeURIComponent("linen apron")}`);
      expect(search.status).toBe(200);
      expect(await search.text()).toContain(`/product/${slug}`);
      const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>${app.url}/product/${slug}</loc>`);

      // The list the owner is sent back to shows the notice once, and the new product.
      const list = await fetch(`${app.url}${LIST}`, {
        headers: { cookie: `${owner.cookieHeader()}; selvage.flash=product-created` },
        redirect: "manual",
      });
      expect(list.status).toBe(200);
      const listHtml = await list.text();
      expect(listHtml).toContain("Product created successfully");
      expect(listHtml).toContain("Linen Apron");
      expect(flashOf(list)).toBe("");
    });

    it("creates a product from a document POST too, with its library and typed-in fabrics, and loads it back into the editor", async () => {
      const input = productInput({ name: "Quilted Tote" });
      const response = await postJson(NEW, { intent: "save", product: input });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(LIST);
      expect(flashOf(response)).toBe("product-created");

      const [row] = await app.database.db.select().from(products).where(eq(products.slug, input.slug));
      expect(row).toMatchObject({ tenantId: DEFAULT_TENANT, name: "Quilted Tote", priceCents: 4500 });
      expect(await fabricsOf(row!.id)).toMatchObject([
        {
          code: "navy-gingham",
          upchargeCents: 500,
          libraryFabricId: navy.id,
          imgOverride: [storedImage("products", 30)],
        },
        { code: "hand-dyed-indigo", upchargeCents: 0, libraryFabricId: null, imgOverride: [] },
      ]);

      // The editor's data request loads exactly what was sent.
      const editor = await get(data(edit(row!.id)));
      expect(editor.status).toBe(200);
      const loaded = (await decodeSingleFetch(editor)) as Record<string, { data?: { initial?: unknown } }>;
      const initial = Object.values(loaded).find((route) => route.data?.initial)?.data?.initial;
      expect(initial).toEqual({ id: row!.id, ...input });
      const page = await get(edit(row!.id));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Quilted Tote");
    });

    it("refuses a slug the store already uses with 409, and writes nothing", async () => {
      const existing = await createProduct();
      const before = await dump();
      const response = await postJson(data(NEW), { intent: "save", product: productInput({ slug: existing.slug }) });
      await expectSaveRefused(response, {
        status: 409,
        editing: false,
        message: SLUG_TAKEN_MESSAGE,
        fieldErrors: { slug: SLUG_TAKEN_MESSAGE },
      });
      expect(await dump()).toEqual(before);
      // A slug only another store uses is free here.
      const [elsewhere] = await app.database.db
        .insert(products)
        .values({ ...rival.product, id: undefined, slug: uniqueSlug("rival-clutch"), name: "Rival Clutch" })
        .returning();
      await createProduct({ slug: elsewhere!.slug, name: "Our Clutch" });
    });
  });

  describe("updating", () => {
    it("updates a product, replaces its fabrics and says so; the shop shows the change", async () => {
      const product = await createProduct({ name: "Canvas Tote" });
      const countBefore = (await app.database.db.select().from(products)).length;
      const changed = productInput({
        name: "Waxed Canvas Tote",
        slug: product.slug,
        price: "52.50",
        categoryId: purses.id,
        fabrics: [typedOption(), typedOption({ code: "waxed-olive", label: "Waxed Olive", upcharge: "3.25" })],
      });
      const response = await postJson(data(edit(product.id)), { intent: "save", product: changed });
      await expectDataRedirect(response, LIST, "product-updated");

      const [row] = await app.database.db.select().from(products).where(eq(products.id, product.id));
      expect(row).toMatchObject({
        name: "Waxed Canvas Tote",
        priceCents: 5250,
        categoryId: purses.id,
        slug: product.slug,
      });
      expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(product.updatedAt.getTime());
      expect(await fabricsOf(product.id)).toMatchObject([
        { code: "hand-dyed-indigo", upchargeCents: 0, libraryFabricId: null },
        { code: "waxed-olive", upchargeCents: 325, libraryFabricId: null },
      ]);
      expect(await app.database.db.select().from(products)).toHaveLength(countBefore);

      const page = await fetch(`${app.url}/product/${product.slug}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Waxed Canvas Tote");
      expect(html).toContain("$52.50");

      // The document POST the wizard falls back to works the same way.
      const again = await postJson(edit(product.id), {
        intent: "save",
        product: { ...changed, name: "Waxed Canvas Tote II" },
      });
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe(LIST);
      expect(flashOf(again)).toBe("product-updated");
      const [renamed] = await app.database.db.select().from(products).where(eq(products.id, product.id));
      expect(renamed!.name).toBe("Waxed Canvas Tote II");
    });
  });

  describe("a product's former slugs", () => {
    /** An old link, as a page and by client navigation: it moves for good, kept by no cache. */
    const expectMoved = async (from: string, to: string) => {
      const page = await fetch(`${app.url}${from}?ref=shared`, { redirect: "manual" });
      expect(page.status, from).toBe(301);
      expect(page.headers.get("location"), from).toBe(`${to}?ref=shared`);
      expect(page.headers.get("cache-control"), from).toBe("no-store");
      // A move within the shop: React Router's own parameter stays out of the new address.
      const navigation = await fetch(`${app.url}${from}.data?ref=shared&_routes=routes%2Fshop%2Fproduct-page`, {
        redirect: "manual",
      });
      expect(navigation.headers.get("cache-control"), from).toBe("no-store");
      expect(await decodeSingleFetch(navigation), from).toMatchObject({ redirect: `${to}?ref=shared`, status: 301 });
    };
    const statusOf = async (path: string) => (await fetch(`${app.url}${path}`, { redirect: "manual" })).status;
    const renameTo = async (product: { id: string; input: ProductInput }, slug: string) =>
      expectDataRedirect(
        await postJson(data(edit(product.id)), { intent: "save", product: { ...product.input, slug } }),
        LIST,
        "product-updated",
      );
    const formerSlugsOf = async (id: string) =>
      (await app.database.db.select().from(products).where(eq(products.id, id)))[0]?.formerSlugs;

    it("lead to it from old links, without chains, until a product takes one back", async () => {
      const product = await createProduct({ name: "Field Tote" });
      const [first, second, third] = [product.slug, uniqueSlug("field-bag"), uniqueSlug("field-carryall")];
      await renameTo(product, second);
      await expectMoved(`/product/${first}`, `/product/${second}`);
      expect(await statusOf(`/product/${second}`)).toBe(200);

      await renameTo(product, third);
      await expectMoved(`/product/${first}`, `/product/${third}`);
      await expectMoved(`/product/${second}`, `/product/${third}`);
      // A slug is lowercase: the same address in capitals, typed or shared, leads there too.
      await expectMoved(`/product/${third.toUpperCase()}`, `/product/${third}`);
      await expectMoved(`/product/${second.toUpperCase()}`, `/product/${third}`);
      expect(await statusOf(`/product/${uniqueSlug("no-such-tote").toUpperCase()}`)).toBe(404);

      // Given back its first slug, the product is there again and the others lead to it.
      await renameTo(product, first);
      expect(await statusOf(`/product/${first}`)).toBe(200);
      await expectMoved(`/product/${third}`, `/product/${first}`);
      expect(await formerSlugsOf(product.id)).toEqual([second, third]);

      // Another product takes a former slug: that address is its own from then on.
      const other = await createProduct({ name: "Second Field Tote", slug: second });
      const page = await fetch(`${app.url}/product/${second}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Second Field Tote");
      expect(await formerSlugsOf(product.id)).toEqual([third]);
      expect(await formerSlugsOf(other.id)).toEqual([]);

      // A deleted product's old links are gone with it.
      expect((await postDelete(data(LIST), product.id)).status).toBe(202);
      expect(await statusOf(`/product/${third}`)).toBe(404);
      expect(await statusOf(`/product/${first}`)).toBe(404);
    });

    it("keeps the latest twenty, and never leads to another store's product", async () => {
      const product = await createProduct({ name: "Wandering Wallet" });
      const slugs = [product.slug];
      for (let n = 1; n <= 22; n++) {
        slugs.push(uniqueSlug("wandering-wallet"));
        await renameTo(product, slugs.at(-1)!);
      }
      expect(await formerSlugsOf(product.id)).toEqual(slugs.slice(2, 22));
      expect(await statusOf(`/product/${slugs[1]}`)).toBe(404);
      await expectMoved(`/product/${slugs[2]}`, `/product/${slugs[22]}`);

      await app.database.db
        .update(products)
        .set({ formerSlugs: ["rival-old-satchel"] })
        .where(eq(products.id, rival.product.id));
      expect(await statusOf("/product/rival-old-satchel")).toBe(404);
    });
  });

  describe("checking a slug", () => {
    it("says whether the store's other products use a slug, leaving out the product being edited", async () => {
      const first = await createProduct();
      const second = await createProduct();
      const before = await dump();
      const check = async (path: string, slug: string) => {
        const response = await postJson(data(path), { intent: "check-slug", slug });
        expect(response.status).toBe(200);
        return (await decodeSingleFetch(response)).data;
      };
      expect(await check(NEW, first.slug)).toEqual({ intent: "check-slug", taken: true });
      expect(await check(NEW, uniqueSlug("never-used"))).toEqual({ intent: "check-slug", taken: false });
      // Its own slug is not taken when editing; another product's still is.
      expect(await check(edit(first.id), first.slug)).toEqual({ intent: "check-slug", taken: false });
      expect(await check(edit(first.id), second.slug)).toEqual({ intent: "check-slug", taken: true });
      // Another store's slugs are not this store's business.
      expect(await check(NEW, rival.product.slug)).toEqual({ intent: "check-slug", taken: false });
      expect(await check(NEW, "a".repeat(300))).toEqual({ intent: "check-slug", taken: false });
      expect(await dump()).toEqual(before);
    });
  });

  describe("the list", () => {
    it("lists this store's products, narrowed by ?q=, and never another store's", async () => {
      await createProduct({ name: "Corduroy Backpack" });
      await createProduct({ name: "Denim Pouch" });
      const all = await get(LIST);
      expect(all.status).toBe(200);
      const html = await all.text();
      expect(html).toContain("Corduroy Backpack");
      expect(html).toContain("Denim Pouch");
      expect(html).not.toContain("Rival Satchel");

      const narrowed = await (await get(`${LIST}?q=${encodeURIComponent("corduroy")}`)).text();
      expect(narrowed).toContain("Corduroy Backpack");
      expect(narrowed).not.toContain("Denim Pouch");
      expect(await (await get(`${LIST}?q=rival`)).text()).not.toContain("Rival Satchel");
    });
  });

  describe("deleting", () => {
    it("deletes a product from the list's data request: a notice, its page gone, its orders keep their snapshot", async () => {
      const { db } = app.database;
      const product = await createProduct({ name: "Patchwork Pillow" });
      const [order] = await db
        .insert(orders)
        .values({
          tenantId: DEFAULT_TENANT,
          orderNumber: `VC${engine === "pglite" ? "1" : "2"}23456789`,
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
        tenantId: DEFAULT_TENANT,
        orderId: order!.id,
        productId: product.id,
        productName: "Patchwork Pillow",
        fabricCode: "navy-gingham",
        fabricLabel: "Navy Gingham",
        unitPriceCents: 5000,
        quantity: 1,
        imageUrl: picture,
        position: 0,
      });

      const response = await postDelete(data(LIST), product.id);
      await expectDataRedirect(response, LIST, "product-deleted");

      expect(await db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
      expect(await fabricsOf(product.id)).toEqual([]);
      expect(await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))).toMatchObject([
        {
          productId: null,
          productName: "Patchwork Pillow",
          fabricLabel: "Navy Gingham",
          unitPriceCents: 5000,
          imageUrl: picture,
        },
      ]);
      expect((await fetch(`${app.url}/product/${product.slug}`)).status).toBe(404);
      expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).not.toContain(product.slug);

      // Deleting it again: a 404 with the spec's message.
      const again = await postDelete(data(LIST), product.id);
      expect(again.status).toBe(404);
      expect(await decodeSingleFetch(again)).toEqual({ data: { error: "Failed to delete product" } });
    });

    it("deletes from a document POST, back to the owner's search", async () => {
      const product = await createProduct({ name: "Gingham Scrunchie" });
      const response = await postDelete(`${LIST}?q=gingham`, product.id);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${LIST}?q=gingham`);
      expect(flashOf(response)).toBe("product-deleted");
      expect(await app.database.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    });

    it("refuses a delete that names no product or another request, and deletes nothing", async () => {
      await createProduct();
      const before = await dump();
      const refusals: [fields: Record<string, string>, status: number][] = [
        [{ intent: "delete", productId: UNKNOWN_ID }, 404],
        [{ intent: "delete", productId: "not-a-uuid" }, 404],
        [{ intent: "delete", productId: "x".repeat(65) }, 400],
        [{ intent: "delete" }, 400],
        [{ intent: "archive", productId: before.products[0]!.id }, 400],
        [{ productId: before.products[0]!.id }, 400],
      ];
      for (const [fields, status] of refusals) {
        const response = await post(
          data(LIST),
          new URLSearchParams(fields).toString(),
          "application/x-www-form-urlencoded",
        );
        expect(response.status, JSON.stringify(fields)).toBe(status);
        expect(await decodeSingleFetch(response)).toEqual({ data: { error: "Failed to delete product" } });
      }
      // The delete takes a form, not JSON.
      const json = await postJson(data(LIST), { intent: "delete", productId: before.products[0]!.id });
      expect(json.status).toBe(415);
      expect(await dump()).toEqual(before);
    });
  });

  describe("tampered saves", () => {
    const PRICE_FORMAT = "Enter a price in dollars, like 45.00";
    const STORED_ONLY = "Use a picture uploaded to the shop";
    const tampered: {
      name: string;
      product: () => unknown;
      status?: number;
      message: string;
      fieldErrors?: Record<string, string>;
    }[] = [
      {
        name: "a negative price",
        product: () => productInput({ price: "-5.00" }),
        message: PRICE_FORMAT,
        fieldErrors: { price: PRICE_FORMAT },
      },
      {
        name: "a zero price",
        product: () => productInput({ price: "0.00" }),
        message: "Price must be at least $0.01",
        fieldErrors: { price: "Price must be at least $0.01" },
      },
      {
        name: "a price that is not a number",
        product: () => productInput({ price: "abc" }),
        message: PRICE_FORMAT,
        fieldErrors: { price: PRICE_FORMAT },
      },
      {
        name: "a price sent as a number",
        product: () => ({ ...productInput(), price: 45 }),
        message: "Please fill in all required fields",
        fieldErrors: { price: "Please fill in all required fields" },
      },
      {
        name: "an unknown category",
        product: () => productInput({ categoryId: UNKNOWN_ID }),
        message: INVALID_CATEGORY_MESSAGE,
        fieldErrors: { categoryId: INVALID_CATEGORY_MESSAGE },
      },
      {
        name: "a category id that is not a UUID",
        product: () => productInput({ categoryId: "bags" }),
        message: INVALID_CATEGORY_MESSAGE,
        fieldErrors: { categoryId: INVALID_CATEGORY_MESSAGE },
      },
      {
        name: "the other store's category",
        product: () => productInput({ categoryId: rival.category.id }),
        message: INVALID_CATEGORY_MESSAGE,
        fieldErrors: { categoryId: INVALID_CATEGORY_MESSAGE },
      },
      {
        name: "the other store's library fabric",
        product: () => productInput({ fabrics: [typedOption(), libraryOption({ libraryFabricId: rival.fabric.id })] }),
        message: "Selected fabric not found",
        fieldErrors: { "fabrics.1.libraryFabricId": "Selected fabric not found" },
      },
      {
        name: "an image on another site",
        product: () => productInput({ defaultImages: ["https://evil.example/a.png", "", ""] }),
        message: STORED_ONLY,
        fieldErrors: { "defaultImages.0": STORED_ONLY },
      },
      {
        name: "an image path that climbs out of storage",
        product: () => productInput({ defaultImages: [picture, "/uploads/../x.webp", ""] }),
        message: STORED_ONLY,
        fieldErrors: { "defaultImages.1": STORED_ONLY },
      },
      {
        name: "a typed fabric with the reserved code default",
        product: () => productInput({ fabrics: [libraryOption(), typedOption({ code: DEFAULT_FABRIC_CODE })] }),
        message: FABRIC_CODE_RESERVED_MESSAGE,
        fieldErrors: { "fabrics.1.code": FABRIC_CODE_RESERVED_MESSAGE },
      },
      {
        name: "typed fabric codes with spaces, slashes and markup",
        product: () =>
          productInput({
            fabrics: [typedOption({ code: "a b/../c?#x" }), typedOption({ code: "<b>x</b>", label: "Bold" })],
          }),
        message: FABRIC_CODE_FORMAT_MESSAGE,
        fieldErrors: { "fabrics.0.code": FABRIC_CODE_FORMAT_MESSAGE, "fabrics.1.code": FABRIC_CODE_FORMAT_MESSAGE },
      },
      {
        name: "a fabric swatch on another site",
        product: () => productInput({ fabrics: [typedOption({ swatchUrl: "https://evil.example/a.png" })] }),
        message: STORED_ONLY,
        fieldErrors: { "fabrics.0.swatchUrl": STORED_ONLY },
      },
      {
        name: "a fabric picture outside storage",
        product: () => productInput({ fabrics: [typedOption({ imgOverride: ["/uploads/../../etc/passwd.webp"] })] }),
        message: STORED_ONLY,
        fieldErrors: { "fabrics.0.imgOverride.0": STORED_ONLY },
      },
      {
        name: `${MAX_FABRIC_OPTIONS + 1} fabric options`,
        product: () =>
          productInput({
            fabrics: Array.from({ length: MAX_FABRIC_OPTIONS + 1 }, (_, n) =>
              typedOption({ code: `f${n}`, label: `F${n}` }),
            ),
          }),
        message: `A product can offer at most ${MAX_FABRIC_OPTIONS} fabrics`,
        fieldErrors: { fabrics: `A product can offer at most ${MAX_FABRIC_OPTIONS} fabrics` },
      },
      {
        name: "a 300-character name",
        product: () => productInput({ name: "N".repeat(300) }),
        message: "Name must be at most 200 characters",
        fieldErrors: { name: "Name must be at most 200 characters" },
      },
      {
        name: "NUL bytes in the description",
        product: () => productInput({ description: "A tote\u0000 with a NUL\u0000 inside." }),
        message: "Please remove control characters",
        fieldErrors: { description: "Please remove control characters" },
      },
      {
        name: "no product at all",
        product: () => undefined,
        message: "Unknown request",
      },
    ];

    it.each(tampered)("refuses $name, on create and on edit, and writes nothing", async (testCase) => {
      const existing = await createProduct();
      const before = await dump();
      for (const [path, editing] of [
        [NEW, false],
        [edit(existing.id), true],
      ] as const) {
        const product = testCase.product();
        // When editing, the product keeps its own slug, which must not count as taken.
        if (editing && product && typeof product === "object") Object.assign(product, { slug: existing.slug });
        const response = await postJson(data(path), { intent: "save", product });
        if (testCase.fieldErrors) {
          await expectSaveRefused(response, {
            status: testCase.status ?? 400,
            editing,
            message: testCase.message,
            fieldErrors: testCase.fieldErrors,
          });
        } else {
          expect(response.status, path).toBe(400);
          const answer = (await decodeSingleFetch(response)).data as { error: string };
          expect(answer.error).toBe(
            `${editing ? "Failed to update product" : "Failed to add product"}: ${testCase.message}`,
          );
        }
      }
      expect(await dump()).toEqual(before);
    });

    it("answers 10,000 fabric options (over the 100 KB body cap) with 413 before reading them, and writes nothing", async () => {
      const existing = await createProduct();
      const before = await dump();
      const fabrics = Array.from({ length: 10_000 }, (_, n) =>
        typedOption({ code: `fabric-${n}`, label: `Fabric ${n}` }),
      );
      for (const path of [data(NEW), data(edit(existing.id)), NEW]) {
        const response = await postJson(path, { intent: "save", product: productInput({ fabrics }) });
        expect(response.status, path).toBe(413);
        expect(await response.text()).toBe("Request too large: at most 100 KB");
      }
      expect(await dump()).toEqual(before);
    });

    it("refuses a request that is neither a save nor a slug check with 400", async () => {
      const existing = await createProduct();
      const before = await dump();
      const requests: unknown[] = [
        { product: productInput() },
        { intent: "publish", product: productInput() },
        { intent: "check-slug" },
        [{ intent: "save", product: productInput() }],
        "save",
        null,
      ];
      for (const body of requests) {
        for (const [path, editing] of [
          [NEW, false],
          [edit(existing.id), true],
        ] as const) {
          const response = await postJson(data(path), body);
          expect(response.status, JSON.stringify(body)).toBe(400);
          const answer = (await decodeSingleFetch(response)).data as {
            intent: string;
            error: string;
            fieldErrors: object;
          };
          expect(answer.intent).toBe("save");
          expect(answer.error.startsWith(editing ? "Failed to update product: " : "Failed to add product: ")).toBe(
            true,
          );
          expect(answer.fieldErrors).toEqual({});
        }
      }
      const unknown = await postJson(data(NEW), { intent: "publish" });
      expect((await decodeSingleFetch(unknown)).data).toEqual({
        intent: "save",
        error: "Failed to add product: Unknown request",
        fieldErrors: {},
      });
      expect(await dump()).toEqual(before);
    });

    it("refuses a form body with 415 and malformed JSON with 400, on the data and document paths", async () => {
      const existing = await createProduct();
      const before = await dump();
      const form = new URLSearchParams({ intent: "save", name: "Form Tote" }).toString();
      for (const path of [NEW, edit(existing.id)]) {
        const wrongType = await post(data(path), form, "application/x-www-form-urlencoded");
        expect(wrongType.status, path).toBe(415);
        expect((await decodeSingleFetch(wrongType)).error).toMatchObject({
          status: 415,
          data: "Unsupported content type: send application/json",
        });
        const malformed = await post(data(path), '{"intent":"save","product":', "application/json");
        expect(malformed.status, path).toBe(400);
        expect((await decodeSingleFetch(malformed)).error).toMatchObject({
          status: 400,
          data: "Malformed request body",
        });

        expect((await post(path, form, "application/x-www-form-urlencoded")).status, path).toBe(415);
        expect((await post(path, "{oops", "application/json")).status, path).toBe(400);
        expect((await post(path, JSON.stringify({ intent: "save" }), "text/plain")).status, path).toBe(415);
      }
      expect(await dump()).toEqual(before);
    });
  });

  describe("the other store's product", () => {
    it("sends the editor of another store's product, or of an unknown one, back to the list and changes nothing", async () => {
      const before = await dump();
      for (const id of [rival.product.id, UNKNOWN_ID, "not-a-uuid"]) {
        const page = await get(edit(id));
        expect(page.status, id).toBe(302);
        expect(page.headers.get("location")).toBe(LIST);
        expect(flashOf(page)).toBe("product-not-found");
        const loader = await get(data(edit(id)));
        expect(await decodeSingleFetch(loader)).toMatchObject({ redirect: LIST, status: 302 });
        expect(flashOf(loader)).toBe("product-not-found");

        const save = await postJson(data(edit(id)), {
          intent: "save",
          product: productInput({ name: "Hijacked Satchel", slug: rival.product.slug }),
        });
        await expectDataRedirect(save, LIST, "product-not-found");
      }
      expect(await dump()).toEqual(before);
    });

    it("answers 404 to deleting another store's product, which stays", async () => {
      const before = await dump();
      for (const path of [data(LIST), LIST]) {
        const response = await postDelete(path, rival.product.id);
        expect(response.status, path).toBe(404);
        if (path.endsWith(".data")) {
          expect(await decodeSingleFetch(response)).toEqual({ data: { error: "Failed to delete product" } });
        }
      }
      expect(await dump()).toEqual(before);
      expect(before.products.some((row) => row.id === rival.product.id)).toBe(true);
    });
  });

  describe("strangers", () => {
    it("lets neither anonymous nor cross-origin posts create or delete anything", async () => {
      const target = await createProduct();
      const before = await dump();
      const anonymous = new AdminClient(app.url);
      const product = productInput({ name: "Stranger Tote" });

      for (const path of [data(NEW), NEW]) {
        const response = await postJson(path, { intent: "save", product }, { client: anonymous });
        expect([202, 302], path).toContain(response.status);
        if (response.status === 202)
          expect(await decodeSingleFetch(response)).toMatchObject({ redirect: "/admin/login" });
        else expect(response.headers.get("location")).toBe("/admin/login");
      }
      for (const path of [data(LIST), LIST]) {
        const response = await postDelete(path, target.id, { client: anonymous });
        expect([202, 302], path).toContain(response.status);
      }
      // React Router's own origin check refuses these with 400 before the admin guard's 403.
      for (const origin of ["https://evil.example", "null"]) {
        for (const path of [data(NEW), NEW]) {
          const create = await postJson(path, { intent: "save", product }, { headers: { origin } });
          expect(create.status, `${origin} ${path}`).toBe(400);
          expect(flashOf(create)).toBeNull();
        }
        for (const path of [data(LIST), LIST]) {
          const remove = await postDelete(path, target.id, { headers: { origin } });
          expect(remove.status, `${origin} ${path}`).toBe(400);
        }
      }
      expect(await dump()).toEqual(before);
    });
  });
});

describe.skipIf(ENGINES.includes("postgres"))("the owner's product routes over HTTP on postgres", () => {
  it.skip("is skipped: set TEST_DATABASE_URL to run these tests against a PostgreSQL server", () => {});
});
