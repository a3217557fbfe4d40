import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CATEGORY_LIMIT_MESSAGE,
  CATEGORY_NOT_FOUND_MESSAGE,
  CATEGORY_PICTURE_MESSAGE,
  CATEGORY_REPLACEMENT_MESSAGE,
  CATEGORY_SLUG_MESSAGE,
  CATEGORY_SLUG_TAKEN_MESSAGE,
  LAST_CATEGORY_MESSAGE,
  type CategoryAnswer,
} from "../../core/category.ts";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { SINGLE_LINE_MESSAGE } from "../../core/text.ts";
import { categories, categoryRedirects, products, tenants } from "../../server/db/schema.ts";
import { AdminClient, decodeSingleFetch, signedInOwner, startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { storedImage } from "../support/image-fixtures.ts";
import { ENGINES } from "../support/test-database.ts";

// Settings › Categories over HTTP, as the tab's fetchers use it: form posts with an
// "category:…" intent to /admin/settings.data (single fetch). Every answer is checked with
// the database behind it and with what shoppers see next: category pages, old links
// (permanent redirects), the header, the sitemap and the wizard's category select.
// What is refused writes nothing, and nothing is answered with a 5xx.

const SETTINGS = "/admin/settings.data";
const RIVAL_TENANT = "rival-store";
const UNKNOWN_ID = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";
const FOUR = [
  { slug: "purses", name: "Purses" },
  { slug: "bags", name: "Bags" },
  { slug: "wallets", name: "Wallets" },
  { slug: "other-products", name: "Other Products" },
];

type Row = typeof categories.$inferSelect;

describe.each(ENGINES)("Settings › Categories over HTTP on %s", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;
  let rivalCategory: Row;
  let byslug: Record<string, Row>;
  let productCounter = 0;

  beforeAll(async () => {
    app = await startAdminApp(engine);
    owner = await signedInOwner(app);
    await app.database.db.insert(tenants).values({ id: RIVAL_TENANT });
    const [theirs] = await app.database.db
      .insert(categories)
      .values({ tenantId: RIVAL_TENANT, slug: "rival-bags", name: "Rival Bags" })
      .returning();
    rivalCategory = theirs!;
  });
  afterAll(() => app?.stop());

  // Each test starts from the store's four categories, no products and no redirects.
  beforeEach(async () => {
    const { db } = app.database;
    await db.delete(products).where(eq(products.tenantId, DEFAULT_TENANT));
    await db.delete(categoryRedirects).where(eq(categoryRedirects.tenantId, DEFAULT_TENANT));
    await db.delete(categories).where(eq(categories.tenantId, DEFAULT_TENANT));
    const rows = await db
      .insert(categories)
      .values(FOUR.map((category, index) => ({ ...category, tenantId: DEFAULT_TENANT, sortOrder: index })))
      .returning();
    byslug = Object.fromEntries(rows.map((row) => [row.slug, row]));
  });

  /** A post as the tab's fetcher sends it; never a 5xx. */
  async function post(
    fields: Record<string, string>,
    { client = owner, origin }: { client?: AdminClient; origin?: string } = {},
  ) {
    const response = await fetch(`${app.url}${SETTINGS}`, {
      method: "POST",
      headers: {
        origin: origin ?? app.url,
        cookie: client.cookieHeader(),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    expect(response.status, JSON.stringify(fields)).toBeLessThan(500);
    return response;
  }
  async function answerOf(response: Response) {
    return (await decodeSingleFetch(response)).data as CategoryAnswer;
  }
  const get = async (path: string) => {
    const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
    expect(response.status, `GET ${path}`).toBeLessThan(500);
    return response;
  };
  const update = (row: Row, changes: Record<string, string>) =>
    post({
      intent: "category:update",
      categoryId: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      imageUrl: row.imageUrl ?? "",
      ...changes,
    });
  const add = (changes: Record<string, string> = {}) =>
    post({
      intent: "category:add",
      name: "Totes",
      slug: "totes",
      description: "Roomy totes.",
      imageUrl: "",
      ...changes,
    });

  /** Everything the tab can change, in a stable order. */
  async function dump() {
    const { db } = app.database;
    return {
      categories: await db.select().from(categories).orderBy(asc(categories.tenantId), asc(categories.slug)),
      redirects: await db.select().from(categoryRedirects).orderBy(asc(categoryRedirects.slug)),
      products: await db
        .select({ id: products.id, categoryId: products.categoryId, updatedAt: products.updatedAt })
        .from(products)
        .orderBy(asc(products.id)),
    };
  }
  async function createProduct(category: { id: string }, tenantId = DEFAULT_TENANT) {
    const n = ++productCounter;
    const [row] = await app.database.db
      .insert(products)
      .values({
        tenantId,
        slug: `stitched-item-${n}`,
        name: `Stitched Item ${n}`,
        description: "A sturdy handmade piece sewn in our Colorado studio.",
        priceCents: 4500,
        categoryId: category.id,
        source: "selvage",
        defaultImages: [storedImage("products", n)],
      })
      .returning();
    return row!;
  }
  async function categoryOf(productId: string) {
    const [row] = await app.database.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, productId));
    return row?.categoryId;
  }
  /**
   * An old link, loaded as a page and by client navigation: it moves permanently, but no
   * browser, shared cache or the page cache may keep the move, as the slug can be given back.
   */
  const expectRedirect = async (from: string, to: string) => {
    const response = await get(from);
    expect([301, 308], from).toContain(response.status);
    expect(response.headers.get("location"), from).toBe(to);
    expect(response.headers.get("cache-control"), from).toBe("no-store");
    expect(response.headers.get("x-cache"), from).toBeNull();
    const [path, query = ""] = from.split("?");
    const navigation = await get(`${path}.data${query && `?${query}`}`);
    expect(navigation.headers.get("cache-control"), from).toBe("no-store");
    expect(await decodeSingleFetch(navigation), from).toMatchObject({ redirect: to, status: 301 });
  };

  describe("updates", () => {
    it("saves name, slug, description and picture, and old links move permanently to the new slug", async () => {
      const picture = storedImage("products", 4242);
      const response = await update(byslug.bags!, {
        name: "Bags & Totes",
        slug: "bags-and-totes",
        description: "Everyday bags, sewn to last.",
        imageUrl: picture,
      });
      expect(response.status).toBe(200);
      expect(await answerOf(response)).toEqual({
        intent: "category:update",
        ok: true,
        message: 'Category "Bags & Totes" updated successfully',
      });
      const [stored] = await app.database.db.select().from(categories).where(eq(categories.id, byslug.bags!.id));
      expect(stored).toMatchObject({
        name: "Bags & Totes",
        slug: "bags-and-totes",
        description: "Everyday bags, sewn to last.",
        imageUrl: picture,
      });

      await expectRedirect("/category/bags", "/category/bags-and-totes");
      await expectRedirect("/category/bags?page=2&sort=new", "/category/bags-and-totes?page=2&sort=new");
      // A slug is lowercase: an address in capitals, typed or shared, leads to the category too.
      await expectRedirect("/category/Bags-And-Totes?page=2", "/category/bags-and-totes?page=2");
      await expectRedirect("/category/BAGS", "/category/bags-and-totes");
      expect((await get("/category/NO-SUCH-CATEGORY")).status).toBe(404);
      const page = await get("/category/bags-and-totes");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Everyday bags, sewn to last.");
      expect(html).toContain('href="/category/bags-and-totes"');
      expect(html).not.toContain('href="/category/bags"');
      const sitemap = await (await get("/sitemap.xml")).text();
      expect(sitemap).toContain("/category/bags-and-totes");
      expect(sitemap).not.toMatch(/\/category\/bags</);

      // The wizard's category select offers the new name.
      const wizard = await fetch(`${app.url}/admin/products/new`, { headers: { cookie: owner.cookieHeader() } });
      expect(await wizard.text()).toContain("Bags &amp; Totes");

      // Removing the picture stores none.
      expect((await update({ ...stored!, imageUrl: picture }, { imageUrl: "" })).status).toBe(200);
      const [cleared] = await app.database.db.select().from(categories).where(eq(categories.id, byslug.bags!.id));
      expect(cleared?.imageUrl).toBeNull();
    });

    it("collapses chains of renames, and a slug taken back stops redirecting", async () => {
      const bags = byslug.bags!;
      expect((await update(bags, { slug: "carryalls" })).status).toBe(200);
      expect((await update({ ...bags, slug: "carryalls" }, { slug: "satchels" })).status).toBe(200);
      // a → b → c: the first link goes straight to c.
      await expectRedirect("/category/bags", "/category/satchels");
      await expectRedirect("/category/carryalls", "/category/satchels");
      expect((await get("/category/satchels")).status).toBe(200);

      // Back to the first slug: it is the category's own again, and the others (satchels,
      // whose page was just kept by the page cache) lead to it.
      expect((await update({ ...bags, slug: "satchels" }, { slug: "bags" })).status).toBe(200);
      expect((await get("/category/bags")).status).toBe(200);
      await expectRedirect("/category/satchels", "/category/bags");
      const redirects = await app.database.db
        .select({ slug: categoryRedirects.slug })
        .from(categoryRedirects)
        .where(eq(categoryRedirects.tenantId, DEFAULT_TENANT))
        .orderBy(asc(categoryRedirects.slug));
      expect(redirects.map((row) => row.slug)).toEqual(["carryalls", "satchels"]);

      // A former slug of one category can be taken by another; its redirect goes.
      expect((await update(byslug.wallets!, { slug: "carryalls" })).status).toBe(200);
      expect((await get("/category/carryalls")).status).toBe(200);
      expect(await (await get("/category/carryalls")).text()).toContain("Wallets");
    });

    it.each([
      ["a slug another category uses", { slug: "purses" }, 409, "slug", CATEGORY_SLUG_TAKEN_MESSAGE],
      ["a slug with spaces and capitals", { slug: "Big Bags!" }, 400, "slug", CATEGORY_SLUG_MESSAGE],
      ["an empty slug", { slug: "  " }, 400, "slug", "URL slug is required"],
      ["an oversized slug", { slug: "b".repeat(61) }, 400, "slug", CATEGORY_SLUG_MESSAGE],
      ["an empty name", { name: "   " }, 400, "name", "Name is required"],
      ["a name with a control character", { name: "Bags\u0007" }, 400, "name", SINGLE_LINE_MESSAGE],
      ["a name with a line break", { name: "Bags\nTotes" }, 400, "name", SINGLE_LINE_MESSAGE],
      ["an oversized name", { name: "B".repeat(61) }, 400, "name", "Name must be at most 60 characters"],
      [
        "an oversized description",
        { description: "d".repeat(1001) },
        400,
        "description",
        "Description must be at most 1000 characters",
      ],
      ["a description with NUL", { description: "Bags\u0000" }, 400, "description", "Please remove control characters"],
      [
        "a picture on another site",
        { imageUrl: "https://evil.example/bag.webp" },
        400,
        "imageUrl",
        CATEGORY_PICTURE_MESSAGE,
      ],
      [
        "a picture outside the uploads",
        { imageUrl: "/images/placeholder.jpg" },
        400,
        "imageUrl",
        CATEGORY_PICTURE_MESSAGE,
      ],
      [
        "a path out of the uploads",
        { imageUrl: "/uploads/../server/x-1x1.webp" },
        400,
        "imageUrl",
        CATEGORY_PICTURE_MESSAGE,
      ],
    ] as const)(
      "refuses %s with the field's message and writes nothing",
      async (_, changes, status, field, message) => {
        const before = await dump();
        const response = await update(byslug.bags!, changes);
        expect(response.status).toBe(status);
        expect(await answerOf(response)).toEqual({
          intent: "category:update",
          ok: false,
          error: `Failed to update category: ${message}`,
          fieldErrors: expect.objectContaining({ [field]: message }),
        });
        expect(await dump()).toEqual(before);
      },
    );

    it("answers 'Category not found' for unknown, malformed and other stores' ids", async () => {
      const before = await dump();
      for (const categoryId of [UNKNOWN_ID, "not-a-uuid", "", rivalCategory.id]) {
        const response = await update({ ...byslug.bags!, id: categoryId }, { name: "Taken Over" });
        expect(response.status, categoryId).toBe(404);
        expect(await answerOf(response)).toMatchObject({ ok: false, error: CATEGORY_NOT_FOUND_MESSAGE });
      }
      expect(await dump()).toEqual(before);
    });
  });

  describe("deletes", () => {
    it("moves the products to the replacement and deletes the category in one step; its links lead there", async () => {
      const wallets = byslug.wallets!;
      const [first, second] = [await createProduct(wallets), await createProduct(wallets)];
      const elsewhere = await createProduct(byslug.purses!);
      // A former slug too: it must follow the category into its replacement.
      expect((await update(wallets, { slug: "billfolds" })).status).toBe(200);

      const response = await post({
        intent: "category:delete",
        categoryId: wallets.id,
        replacementId: byslug.bags!.id,
      });
      expect(response.status).toBe(200);
      expect(await answerOf(response)).toEqual({
        intent: "category:delete",
        ok: true,
        message: 'Category "Wallets" deleted successfully',
      });
      expect(await categoryOf(first!.id)).toBe(byslug.bags!.id);
      expect(await categoryOf(second!.id)).toBe(byslug.bags!.id);
      expect(await categoryOf(elsewhere.id)).toBe(byslug.purses!.id);
      const left = await app.database.db.select().from(categories).where(eq(categories.tenantId, DEFAULT_TENANT));
      expect(left.map((row) => row.slug).sort()).toEqual(["bags", "other-products", "purses"]);

      await expectRedirect("/category/billfolds", "/category/bags");
      await expectRedirect("/category/wallets?x=1", "/category/bags?x=1");
      const bagsPage = await (await get("/category/bags")).text();
      expect(bagsPage).toContain(first!.name);
      expect(bagsPage).toContain(second!.name);
      const home = await (await get("/")).text();
      expect(home).not.toContain('href="/category/wallets"');
    });

    it("deletes a category without products without asking for a replacement; its page is gone", async () => {
      const response = await post({ intent: "category:delete", categoryId: byslug["other-products"]!.id });
      expect(response.status).toBe(200);
      expect(await answerOf(response)).toMatchObject({
        ok: true,
        message: 'Category "Other Products" deleted successfully',
      });
      expect((await get("/category/other-products")).status).toBe(404);
    });

    it("changes nothing when the replacement is missing, itself, unknown or another store's", async () => {
      const wallets = byslug.wallets!;
      const product = await createProduct(wallets);
      const before = await dump();
      const attempts: [replacementId: string | undefined, status: number, error: string][] = [
        [undefined, 400, `Failed to delete category: ${CATEGORY_REPLACEMENT_MESSAGE}`],
        [wallets.id, 400, `Failed to delete category: ${CATEGORY_REPLACEMENT_MESSAGE}`],
        [UNKNOWN_ID, 404, CATEGORY_NOT_FOUND_MESSAGE],
        ["not-a-uuid", 404, CATEGORY_NOT_FOUND_MESSAGE],
        [rivalCategory.id, 404, CATEGORY_NOT_FOUND_MESSAGE],
      ];
      for (const [replacementId, status, error] of attempts) {
        const fields: Record<string, string> = { intent: "category:delete", categoryId: wallets.id };
        if (replacementId !== undefined) fields.replacementId = replacementId;
        const response = await post(fields);
        expect(response.status, String(replacementId)).toBe(status);
        expect(await answerOf(response)).toMatchObject({ intent: "category:delete", ok: false, error });
      }
      expect(await dump()).toEqual(before);
      expect(await categoryOf(product.id)).toBe(wallets.id);
    });

    it("answers 'Category not found' for unknown and other stores' categories, whose products stay", async () => {
      const theirs = await createProduct(rivalCategory, RIVAL_TENANT);
      const before = await dump();
      for (const categoryId of [UNKNOWN_ID, "nope", rivalCategory.id]) {
        const response = await post({ intent: "category:delete", categoryId, replacementId: byslug.bags!.id });
        expect(response.status, categoryId).toBe(404);
        expect(await answerOf(response)).toMatchObject({ ok: false, error: CATEGORY_NOT_FOUND_MESSAGE });
      }
      expect(await dump()).toEqual(before);
      expect(await categoryOf(theirs.id)).toBe(rivalCategory.id);
    });

    it("refuses to delete the store's last category", async () => {
      for (const slug of ["purses", "bags", "wallets"]) {
        expect((await post({ intent: "category:delete", categoryId: byslug[slug]!.id })).status).toBe(200);
      }
      const before = await dump();
      const response = await post({ intent: "category:delete", categoryId: byslug["other-products"]!.id });
      expect(response.status).toBe(409);
      expect(await answerOf(response)).toMatchObject({
        ok: false,
        error: `Failed to delete category: ${LAST_CATEGORY_MESSAGE}`,
      });
      expect(await dump()).toEqual(before);
    });
  });

  describe("additions", () => {
    it("refuses a fifth category", async () => {
      const before = await dump();
      const response = await add();
      expect(response.status).toBe(409);
      expect(await answerOf(response)).toMatchObject({
        intent: "category:add",
        ok: false,
        error: `Failed to add category: ${CATEGORY_LIMIT_MESSAGE}`,
      });
      expect(await dump()).toEqual(before);
    });

    it("adds one at the end while fewer than four exist, and it reaches the storefront", async () => {
      expect((await post({ intent: "category:delete", categoryId: byslug.wallets!.id })).status).toBe(200);
      const taken = await add({ slug: "bags" });
      expect(taken.status).toBe(409);
      expect(await answerOf(taken)).toMatchObject({ fieldErrors: { slug: CATEGORY_SLUG_TAKEN_MESSAGE } });
      const refused = await add({ name: "\u0000" });
      expect(refused.status).toBe(400);

      const response = await add();
      expect(response.status).toBe(200);
      expect(await answerOf(response)).toEqual({
        intent: "category:add",
        ok: true,
        message: 'Category "Totes" added successfully',
      });
      const rows = await app.database.db
        .select({ slug: categories.slug, sortOrder: categories.sortOrder })
        .from(categories)
        .where(eq(categories.tenantId, DEFAULT_TENANT))
        .orderBy(asc(categories.sortOrder));
      expect(rows.at(-1)).toEqual({ slug: "totes", sortOrder: 4 });
      const home = await (await get("/")).text();
      expect(home).toContain('href="/category/totes"');
      expect((await get("/category/totes")).status).toBe(200);
    });

    it("lets exactly one of two simultaneous additions at three categories through", async () => {
      expect((await post({ intent: "category:delete", categoryId: byslug.wallets!.id })).status).toBe(200);
      const answers = await Promise.all([
        add({ name: "Totes", slug: "totes" }),
        add({ name: "Clutches", slug: "clutches" }),
      ]);
      expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
      const refused = answers.find((response) => response.status === 409)!;
      expect(await answerOf(refused)).toMatchObject({ error: `Failed to add category: ${CATEGORY_LIMIT_MESSAGE}` });
      const count = await app.database.db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.tenantId, DEFAULT_TENANT));
      expect(count).toHaveLength(4);
    });
  });

  describe("strangers", () => {
    it("lets neither anonymous nor cross-origin posts change categories", async () => {
      const product = await createProduct(byslug.wallets!);
      await app.database.db
        .delete(categories)
        .where(and(eq(categories.tenantId, DEFAULT_TENANT), eq(categories.slug, "other-products")));
      const before = await dump();
      const anonymous = new AdminClient(app.url);
      const attempts: Record<string, string>[] = [
        {
          intent: "category:update",
          categoryId: byslug.bags!.id,
          name: "Hacked",
          slug: "hacked",
          description: "",
          imageUrl: "",
        },
        { intent: "category:delete", categoryId: byslug.wallets!.id, replacementId: byslug.bags!.id },
        { intent: "category:add", name: "Hacked", slug: "hacked", description: "", imageUrl: "" },
      ];
      for (const fields of attempts) {
        const response = await post(fields, { client: anonymous });
        expect([202, 302], fields.intent).toContain(response.status);
        if (response.status === 202)
          expect(await decodeSingleFetch(response)).toMatchObject({ redirect: "/admin/login" });
        for (const origin of ["https://evil.example", "null"]) {
          const crossOrigin = await post(fields, { origin });
          expect(crossOrigin.status, `${origin} ${fields.intent}`).toBeGreaterThanOrEqual(400);
        }
      }
      expect(await dump()).toEqual(before);
      expect(await categoryOf(product.id)).toBe(byslug.wallets!.id);
    });

    it("answers an unknown category intent with 400", async () => {
      const response = await post({ intent: "category:rename-all" });
      expect(response.status).toBe(400);
    });
  });
});
