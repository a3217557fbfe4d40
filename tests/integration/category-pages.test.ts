import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TENANT, SEARCH_PAGE_LIMIT, SEARCH_PAGE_SIZE } from "../../core/constants.ts";
import { CATEGORY_PAGE_SIZE, listCategoryPage } from "../../server/catalog/product-catalog.ts";
import { decodeKeysetCursor, encodeKeysetCursor } from "../../server/db/keyset-cursor.ts";
import { categories, products, tenants } from "../../server/db/schema.ts";
import { startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { ENGINES } from "../support/test-database.ts";

// A category larger than a page comes a page at a time, newest first, with Previous / Next
// links that carry a keyset cursor: every product is shown once, in order, however many
// products share a timestamp, and a link this server did not make is answered 400.

const RIVAL_TENANT = "rival-store";
const MINUTE = 60_000;
const SAMPLE_ID = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";

describe.each(ENGINES)("category pages on %s", (engine) => {
  let app: AdminApp;
  /** Names of the big category's products, newest first (ties by id, descending). */
  let newestFirst: string[];
  const scope = () => ({ db: app.database.app.forTenant(DEFAULT_TENANT), tenantId: DEFAULT_TENANT });

  beforeAll(async () => {
    app = await startAdminApp(engine);
    const { db } = app.database;
    await db.insert(tenants).values({ id: RIVAL_TENANT });
    const [big, small, theirs] = await db
      .insert(categories)
      .values([
        { tenantId: DEFAULT_TENANT, slug: "totes", name: "Totes", sortOrder: 0 },
        { tenantId: DEFAULT_TENANT, slug: "wallets", name: "Wallets", sortOrder: 1 },
        { tenantId: RIVAL_TENANT, slug: "totes", name: "Their Totes", sortOrder: 0 },
      ])
      .returning();
    const start = Date.now() - 1000 * MINUTE;
    const product = (tenantId: string, categoryId: string, name: string, createdAt: Date) => ({
      tenantId,
      categoryId,
      name,
      slug: name.toLowerCase().replaceAll(" ", "-"),
      description: `${name}, sewn to order.`,
      priceCents: 4000,
      source: "selvage" as const,
      createdAt,
    });
    // A page and a half, the middle ten written in the same microsecond (one import).
    const rows = Array.from({ length: CATEGORY_PAGE_SIZE + 24 }, (_, index) =>
      product(
        DEFAULT_TENANT,
        big!.id,
        `Tote ${String(index).padStart(3, "0")}`,
        new Date(index >= 30 && index < 40 ? start + 30 * MINUTE : start + index * MINUTE),
      ),
    );
    const written = await db
      .insert(products)
      .values([
        ...rows,
        product(DEFAULT_TENANT, small!.id, "Wallet One", new Date(start)),
        product(RIVAL_TENANT, theirs!.id, "Their Tote", new Date()),
      ])
      .returning({ id: products.id, name: products.name, createdAt: products.createdAt });
    newestFirst = written
      .filter((row) => row.name.startsWith("Tote "))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.name);
  });
  afterAll(() => app?.stop());

  it("walks a category page by page to its end and back, every product once, in order", async () => {
    const forward: string[][] = [];
    let page = await listCategoryPage(scope(), "totes", {}, 7);
    expect(page.newerCursor).toBeNull();
    forward.push(page.products.map((row) => row.name));
    // Bounded, so paging that never ends fails here rather than running on.
    while (page.olderCursor && forward.length <= newestFirst.length) {
      page = await listCategoryPage(scope(), "totes", { after: decodeKeysetCursor(page.olderCursor)! }, 7);
      forward.push(page.products.map((row) => row.name));
    }
    expect(forward.flat()).toEqual(newestFirst);
    expect(forward.slice(0, -1).every((names) => names.length === 7)).toBe(true);

    const backward: string[][] = [];
    while (page.newerCursor && backward.length <= newestFirst.length) {
      page = await listCategoryPage(scope(), "totes", { before: decodeKeysetCursor(page.newerCursor)! }, 7);
      backward.unshift(page.products.map((row) => row.name));
    }
    expect(backward).toEqual(forward.slice(0, -1));
    expect(page.newerCursor).toBeNull();
  });

  it("answers the whole first page when Previous page reaches the newest products", async () => {
    // A link made before products were removed (or newer ones added) from above it.
    const first = await listCategoryPage(scope(), "totes", {}, 7);
    const third = first.products[2]!;
    const page = await listCategoryPage(scope(), "totes", { before: { createdAt: third.cursorTime, id: third.id } }, 7);
    expect(page.products.map((row) => row.name)).toEqual(newestFirst.slice(0, 7));
    expect(page.newerCursor).toBeNull();
    expect(page.olderCursor).toBe(first.olderCursor);
  });

  it("shows the first page with a Next page link, the next with Previous page, as a shopper follows them", async () => {
    const first = await fetch(`${app.url}/category/totes`);
    expect(first.status).toBe(200);
    const firstHtml = await first.text();
    expect(firstHtml).toContain(newestFirst[0]);
    expect(firstHtml).toContain(newestFirst[CATEGORY_PAGE_SIZE - 1]);
    expect(firstHtml).not.toContain(`>${newestFirst[CATEGORY_PAGE_SIZE]}<`);
    expect(firstHtml).not.toContain("Previous page");
    expect(firstHtml).not.toContain("Their Tote");
    const next = /href="(\/category\/totes\?after=[\w-]+)"[^>]*>Next page/.exec(firstHtml)?.[1];
    expect(next).toBeDefined();

    const second = await fetch(`${app.url}${next!}`);
    expect(second.status).toBe(200);
    const secondHtml = await second.text();
    for (const name of newestFirst.slice(CATEGORY_PAGE_SIZE)) expect(secondHtml).toContain(name);
    expect(secondHtml).not.toContain(`>${newestFirst[0]}<`);
    expect(secondHtml).not.toContain("Next page");
    // Each page is its own page for search engines.
    expect(secondHtml).toContain(`<link rel="canonical" href="${app.url}${next!}"`);
    const previous = /href="(\/category\/totes\?before=[\w-]+)"[^>]*>.*?Previous page/.exec(secondHtml)?.[1];
    const back = await (await fetch(`${app.url}${previous!}`)).text();
    expect(back).toContain(newestFirst[0]);
    expect(back).toContain(newestFirst[CATEGORY_PAGE_SIZE - 1]);
  });

  it("shows a small category whole, with no page links", async () => {
    const html = await (await fetch(`${app.url}/category/wallets`)).text();
    expect(html).toContain("Wallet One");
    expect(html).not.toContain("Next page");
    expect(html).not.toContain("Previous page");
  });

  it("answers a page link it did not make with 400 and a way back, and an empty one with the first page", async () => {
    // A well-formed cursor dated year 0000, which PostgreSQL cannot hold, is as broken as the rest.
    const yearZero = encodeKeysetCursor({ createdAt: "0000-01-01T00:00:00.000000Z", id: SAMPLE_ID });
    for (const query of [
      "?after=not-a-cursor",
      "?before=%00",
      `?after=${"A".repeat(500)}`,
      "?after=MjAyNnwx",
      `?after=${yearZero}`,
      `?before=${yearZero}`,
    ]) {
      const response = await fetch(`${app.url}/category/totes${query}`);
      expect(response.status, query).toBe(400);
      const html = await response.text();
      expect(html).toContain("This page link is not valid.");
      expect(html).toContain('href="/category/totes"');
    }
    // The earliest and latest times a cursor may hold are ones the database reads: the oldest
    // products come after the year 0001, the newest before the year 9999.
    const boundaries: [name: "before" | "after", createdAt: string, shown: string][] = [
      ["before", "0001-01-01T00:00:00.000000Z", newestFirst.at(-1)!],
      ["after", "9999-12-31T23:59:59.999999Z", newestFirst[0]!],
    ];
    for (const [name, createdAt, shown] of boundaries) {
      const cursor = encodeKeysetCursor({ createdAt, id: SAMPLE_ID });
      const response = await fetch(`${app.url}/category/totes?${name}=${cursor}`);
      expect(response.status, createdAt).toBe(200);
      const html = await response.text();
      expect(html, createdAt).toContain(shown);
      expect(html, createdAt).not.toContain("Error loading products");
    }
    const empty = await fetch(`${app.url}/category/totes?after=`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain(newestFirst[0]);
  });

  it("pages a search too large for one, and answers a page number it never links to with 400", async () => {
    // Every tote matches; the other store's does not count.
    const first = await fetch(`${app.url}/search?q=TOTE`);
    expect(first.status).toBe(200);
    const firstHtml = (await first.text()).replaceAll("<!-- -->", "");
    expect(firstHtml).toContain(`Products 1–${SEARCH_PAGE_SIZE}, newest first`);
    expect(firstHtml).toContain(`>${newestFirst[0]}<`);
    expect(firstHtml).toContain(`>${newestFirst[SEARCH_PAGE_SIZE - 1]}<`);
    expect(firstHtml).not.toContain(`>${newestFirst[SEARCH_PAGE_SIZE]}<`);
    expect(firstHtml).not.toContain("Previous page");
    expect(firstHtml).toMatch(/href="\/search\?q=TOTE&amp;page=2"[^>]*>Next page/);

    const second = (await (await fetch(`${app.url}/search?q=TOTE&page=2`)).text()).replaceAll("<!-- -->", "");
    expect(second).toContain(`Products ${SEARCH_PAGE_SIZE + 1}–${newestFirst.length}, newest first`);
    for (const name of newestFirst.slice(SEARCH_PAGE_SIZE)) expect(second).toContain(`>${name}<`);
    expect(second).not.toContain(`>${newestFirst[0]}<`);
    expect(second).not.toContain("Next page");
    expect(second).not.toContain("Their Tote");
    expect(second).toMatch(/<title>Search: TOTE \(page 2\) \| /);
    expect(second).toMatch(/href="\/search\?q=TOTE"[^>]*>.*?Previous page/);

    expect(await (await fetch(`${app.url}/search?q=TOTE&page=`)).text()).toContain(`>${newestFirst[0]}<`);
    const past = await (await fetch(`${app.url}/search?q=TOTE&page=3`)).text();
    expect(past).toContain("No more results on this page.");
    expect(past).not.toContain("No results found");

    for (const page of ["0", "-1", "abc", "1.5", "2e1", `${SEARCH_PAGE_LIMIT + 1}`, "99999999999999999999"]) {
      const response = await fetch(`${app.url}/search?q=TOTE&page=${page}`);
      expect(response.status, page).toBe(400);
      expect(await response.text(), page).toContain("This page link is not valid.");
    }
  });

  it("says so when a page link outlives the products it led to", async () => {
    const last = await listCategoryPage(scope(), "totes", {}, newestFirst.length - 1);
    const tail = last.olderCursor!;
    const { db } = app.database;
    const [oldest] = await db
      .delete(products)
      .where(eq(products.name, newestFirst.at(-1)!))
      .returning();
    try {
      const html = await (await fetch(`${app.url}/category/totes?after=${tail}`)).text();
      expect(html).toContain("No more products on this page.");
      expect(html).toContain("Back to Totes");
    } finally {
      await db.insert(products).values(oldest!);
    }
  });
});
