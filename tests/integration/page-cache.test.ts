import { createServer, get as httpGet, type Server } from "node:http";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { StorefrontChanges } from "../../server/cache/storefront-changes.ts";
import { fabricLibrary, products } from "../../server/db/schema.ts";
import { PageCache } from "../../server/http/page-cache.ts";
import { AdminClient, decodeSingleFetch, OWNER } from "../support/admin-app.ts";
import { freePort, startAppServer, type AppServer } from "../support/app-server.ts";
import { createTestDatabase, ENGINES, type Engine, type TestDatabase } from "../support/test-database.ts";

// The page cache as shoppers and the owner meet it: production servers (two of them on one
// PostgreSQL database, one on the embedded engine), the owner's changes made through the
// admin's own actions or straight in the database, and what each server answers next.

/** Long enough for a change's notice on a loaded machine; the notice itself takes milliseconds. */
const CHANGE_SEEN_WITHIN_MS = 5_000;

/** A miss renders the page; on a loaded machine a first render can take seconds. */
const HIT_WITHIN_MS = 60_000;

/** A page's text with the comments React puts between adjacent text parts taken out. */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

const get = (server: AppServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });

/** Asks until the page is answered from the cache (a store is cached once its version was read). */
async function hitOf(server: AppServer, path: string, headers: Record<string, string> = {}): Promise<Response> {
  let response: Response | undefined;
  await vi.waitFor(
    async () => {
      response = await get(server, path, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBe("HIT");
    },
    { timeout: HIT_WITHIN_MS, interval: 50 },
  );
  return response!;
}

/** Some object in decoded loader data that has every given key. */
function findWith<T>(value: unknown, keys: string[]): T | undefined {
  if (!value || typeof value !== "object") return undefined;
  if (keys.every((key) => key in value)) return value as T;
  for (const child of Object.values(value)) {
    const found = findWith<T>(child, keys);
    if (found) return found;
  }
  return undefined;
}

/** The owner's price change, through the product editor's own load and save. */
async function changePriceOn(server: AppServer, owner: AdminClient, productId: string, price: string) {
  const editor = `/admin/products/edit/${productId}.data`;
  const loaded = await decodeSingleFetch(await owner.get(editor));
  const { id: _id, ...initial } = findWith<Record<string, unknown>>(loaded, ["id", "price", "fabrics"])!;
  const saved = await fetch(`${server.url}${editor}`, {
    method: "POST",
    headers: { origin: server.url, cookie: owner.cookieHeader(), "content-type": "application/json" },
    body: JSON.stringify({ intent: "save", product: { ...initial, price } }),
    redirect: "manual",
  });
  expect(saved.status).toBe(202);
}

/** Two servers on one database (PostgreSQL), or one on the embedded engine, with the owner signed in. */
async function startServers(engine: Engine, extraEnv: Record<string, string> = {}) {
  const env: Record<string, string> = { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ...extraEnv };
  let database: TestDatabase | undefined;
  let a: AppServer;
  let b: AppServer;
  if (engine === "postgres") {
    database = await createTestDatabase("postgres");
    env.DATABASE_URL = database.url!;
    // One after the other: the first migrates and seeds.
    a = await startAppServer({ env });
    b = await startAppServer({ env });
  } else {
    a = b = await startAppServer({ env });
  }
  const owner = new AdminClient(a.url);
  expect((await owner.signIn()).status).toBe(302);
  const sitemap = await (await get(a, "/sitemap.xml")).text();
  const slug = /\/product\/([a-z0-9-]+)</.exec(sitemap)![1]!;
  const shown = await decodeSingleFetch(await get(a, `/product/${slug}.data`));
  const product = findWith<{ id: string; slug: string }>(shown, ["id", "slug", "priceCents"])!;
  expect(product.slug).toBe(slug);
  const stop = async () => {
    await a?.stop();
    if (b !== a) await b?.stop();
    await database?.dispose();
  };
  return { database, a, b, owner, product, stop };
}

describe.each(ENGINES)("the storefront page cache on %s", (engine: Engine) => {
  let database: TestDatabase | undefined;
  let a: AppServer;
  /** Another process on the same database (PostgreSQL); the same one on the embedded engine. */
  let b: AppServer;
  let owner: AdminClient;
  let product: { id: string; slug: string };

  let stop: () => Promise<void>;

  beforeAll(async () => {
    // A small budget, so the budget test fills it.
    ({ database, a, b, owner, product, stop } = await startServers(engine, { PAGE_CACHE_MAX_MB: "1" }));
  }, 240_000);
  afterAll(() => stop?.());

  const changePrice = (price: string) => changePriceOn(a, owner, product.id, price);

  it("serves a product page from each process's cache, and the owner's new price from every process", async () => {
    const path = `/product/${product.slug}`;
    for (const server of [a, b]) {
      const hit = await hitOf(server, path);
      expect(hit.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=30");
    }
    // The page carries the price in the data it hydrates with.
    await changePrice("987.65");
    await vi.waitFor(async () => expect(await textOf(await get(b, path))).toContain('\\"priceCents\\",98765'), {
      timeout: CHANGE_SEEN_WITHIN_MS,
      interval: 20,
    });
    const again = await hitOf(b, path);
    expect(await textOf(again)).toContain('\\"priceCents\\",98765');
    // Client navigation's data request is kept and dropped the same way.
    await hitOf(a, `${path}.data`);
    await changePrice("123.45");
    await vi.waitFor(async () => expect(await (await get(a, `${path}.data`)).text()).toContain("12345"), {
      timeout: CHANGE_SEEN_WITHIN_MS,
      interval: 20,
    });
  });

  it("answers 304 to a matching If-None-Match, and the same page in brotli, gzip and plain bytes", async () => {
    const path = "/";
    const br = await hitOf(a, path, { "accept-encoding": "br" });
    const gzip = await hitOf(a, path, { "accept-encoding": "gzip, deflate" });
    const plain = await hitOf(a, path, { "accept-encoding": "identity" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-encoding")).toBeNull();
    for (const response of [br, gzip, plain]) expect(response.headers.get("vary")).toBe("Accept-Encoding");
    // fetch decodes what it asked for; read the raw bytes through Node's decoders instead.
    const raw = async (headers: Record<string, string>) =>
      new Promise<Buffer>((resolve, reject) => {
        httpGet(`${a.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject);
      });
    const html = (await raw({ "accept-encoding": "identity" })).toString();
    expect(html).toContain("<!DOCTYPE html>");
    expect(brotliDecompressSync(await raw({ "accept-encoding": "br" })).toString()).toBe(html);
    expect(gunzipSync(await raw({ "accept-encoding": "gzip" })).toString()).toBe(html);

    const etag = br.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const notModified = await get(a, path, { "accept-encoding": "br", "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("content-security-policy")).toBe(br.headers.get("content-security-policy"));
    expect(await notModified.text()).toBe("");
    const changed = await get(a, path, { "accept-encoding": "br", "if-none-match": '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it("keeps the filling render's CSP nonce with its page, and no header of the request that filled it", async () => {
    const path = "/search?q=quilted-nonce-check";
    const filled = await get(a, path, {
      cookie: "visitor=alice-secret",
      "x-request-id": "alice-request",
      origin: "http://alice.example",
    });
    expect(filled.headers.get("x-cache")).toBe("MISS");
    const hit = await hitOf(a, path);
    const html = await hit.text();
    const nonce = /'nonce-([^']+)'/.exec(hit.headers.get("content-security-policy")!)![1]!;
    expect(html).toContain(`nonce="${nonce}"`);
    const headers = [...hit.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
    expect(headers).not.toMatch(/alice|set-cookie/i);
    // Every header of the render is there, the same, but for the cache's own.
    const without = (response: Response) =>
      [...response.headers].filter(([name]) => !["date", "x-cache", "content-length", "etag"].includes(name));
    const again = await get(a, path);
    expect(without(again)).toEqual(without(hit));
    for (const name of ["x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy"])
      expect(hit.headers.get(name), name).toBeTruthy();
  });

  it("never keeps admin pages, the cart, checkout, thank-you, contact or a POST", async () => {
    const cookie = { cookie: owner.cookieHeader() };
    for (const [path, headers] of [
      ["/admin", cookie],
      ["/admin/products", cookie],
      ["/admin/products.data", cookie],
      ["/cart", {}],
      ["/checkout", {}],
      ["/thank-you?session_id=nothing", {}],
      ["/contact", {}],
      ["/contact.data", {}],
      ["/admin/login", {}],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        const response = await get(a, path, headers);
        expect(response.headers.get("x-cache"), path).toBeNull();
        expect(response.headers.get("cache-control") ?? "", path).not.toMatch(/public/);
      }
    }
    for (let round = 0; round < 2; round++) {
      const posted = await fetch(`${a.url}/search?q=post`, {
        method: "POST",
        headers: { origin: a.url, "content-type": "application/x-www-form-urlencoded" },
        body: "q=post",
      });
      expect(posted.headers.get("x-cache")).toBeNull();
    }
  });

  it("holds to its memory budget under many distinct search URLs, dropping the least recently used", async () => {
    const searches = Array.from({ length: 60 }, (_, i) => `/search?q=budget-${i}`);
    await hitOf(a, searches[0]!);
    for (const path of searches) await get(a, path);
    // The budget (1 MB here) holds far fewer than 60 search pages: the first went, the last stayed.
    expect((await get(a, searches[0]!)).headers.get("x-cache")).toBe("MISS");
    expect((await get(a, searches.at(-1)!)).headers.get("x-cache")).toBe("HIT");
    // Too many query entries, or too long a URL: rendered, never kept.
    const crowded = `/search?${Array.from({ length: 9 }, (_, i) => `p${i}=1`).join("&")}`;
    const long = `/search?q=${"x".repeat(600)}`;
    for (const path of [crowded, long, crowded, long])
      expect((await get(a, path)).headers.get("x-cache"), path.slice(0, 40)).toBeNull();
  });

  it("drops a store's pages when the owner renames the store", async () => {
    await hitOf(b, "/privacy");
    const saved = await owner.post("/admin/settings.data", {
      intent: "general:details",
      storeName: `Cache Test Goods ${engine}`,
      contactEmail: "studio@example.com",
      contactPhone: "",
    });
    expect(saved.status).toBe(200);
    await vi.waitFor(
      async () => expect(await textOf(await get(b, "/privacy"))).toContain(`Cache Test Goods ${engine}`),
      { timeout: CHANGE_SEEN_WITHIN_MS, interval: 20 },
    );
  });

  it.runIf(engine === "postgres")("drops a store's pages on a fabric stock change made by any code path", async () => {
    const path = `/product/${product.slug}`;
    await hitOf(b, path);
    // Straight in the database, as no admin action: the triggers see every write.
    const [fabric] = await database!.db.select().from(fabricLibrary).limit(1);
    await database!.db.update(fabricLibrary).set({ inStock: !fabric!.inStock }).where(eq(fabricLibrary.id, fabric!.id));
    await vi.waitFor(async () => expect((await get(b, path)).headers.get("x-cache")).toBe("MISS"), {
      timeout: CHANGE_SEEN_WITHIN_MS,
      interval: 20,
    });
  });
});

describe.each(ENGINES)("catalogue reads kept in memory, with the page cache off, on %s", (engine: Engine) => {
  let servers: Awaited<ReturnType<typeof startServers>>;
  beforeAll(async () => {
    servers = await startServers(engine, { PAGE_CACHE: "false" });
  }, 240_000);
  afterAll(() => servers?.stop());

  it("shows the owner's new price on the product page and the home page of every process", async () => {
    const { a, b, owner } = servers;
    // A product the home page shows, so both pages carry its price.
    const home = await decodeSingleFetch(await get(a, "/_.data"));
    const { slug } = findWith<{ slug: string }>(home, ["slug", "priceCents"])!;
    const path = `/product/${slug}`;
    const product = findWith<{ id: string }>(await decodeSingleFetch(await get(a, `${path}.data`)), ["id", "slug"])!;
    for (const server of [a, b]) for (const page of [path, "/"]) await get(server, page);
    if (servers.database) {
      // Proof that b keeps the product: a price written with the triggers off (no notice)
      // stays unseen there. Until b has read its store's version it keeps nothing.
      const silently = (cents: number) =>
        servers.database!.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.update(products).set({ priceCents: cents }).where(eq(products.id, product.id));
        });
      const [{ priceCents }] = (await servers.database.db
        .select({ priceCents: products.priceCents })
        .from(products)
        .where(eq(products.id, product.id))) as [{ priceCents: number }];
      await vi.waitFor(
        async () => {
          await get(b, path);
          await silently(11111);
          const shown = await textOf(await get(b, path));
          await silently(priceCents);
          // b may have kept the unnoticed price: a noticed write makes it let go.
          if (shown.includes("11111"))
            await servers.database!.db.update(products).set({ priceCents }).where(eq(products.id, product.id));
          expect(shown).not.toContain("11111");
        },
        { timeout: CHANGE_SEEN_WITHIN_MS, interval: 50 },
      );
    }
    await changePriceOn(a, owner, product.id, "876.54");
    for (const page of [path, "/_.data"]) {
      await vi.waitFor(async () => expect(await textOf(await get(b, page))).toContain("87654"), {
        timeout: CHANGE_SEEN_WITHIN_MS,
        interval: 20,
      });
    }
    expect((await get(b, path)).headers.get("x-cache")).toBeNull();
  });
});

describe("the page cache's refill race", () => {
  let server: Server;
  let url: string;
  const changes = new StorefrontChanges();
  const cache = new PageCache(changes, { maxBytes: 1024 * 1024 });
  let duringRender: () => void = () => {};

  beforeAll(async () => {
    changes.setLive(true);
    changes.markWatched(DEFAULT_TENANT);
    server = createServer((req, res) => {
      if (cache.serveHit(req, res)) return;
      const fill = cache.beginFill(req)!;
      duringRender();
      const body = Buffer.from(`<p>rendered ${Date.now()}</p>`);
      void cache.fill(req, res, fill, { "content-type": "text/html" }, body);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("does not keep a page whose store changed while it was rendered", async () => {
    duringRender = () => changes.changed(DEFAULT_TENANT);
    expect((await fetch(`${url}/`)).headers.get("x-cache")).toBe("MISS");
    expect((await fetch(`${url}/`)).headers.get("x-cache")).toBe("MISS");
    expect(cache.stats().entries).toBe(0);
    duringRender = () => {};
    await fetch(`${url}/`);
    expect((await fetch(`${url}/`)).headers.get("x-cache")).toBe("HIT");
    // A change of another store leaves it; a change of its own drops it.
    changes.changed("another-store");
    expect((await fetch(`${url}/`)).headers.get("x-cache")).toBe("HIT");
    changes.changed(DEFAULT_TENANT);
    expect(cache.stats().entries).toBe(0);
  });

  it("keeps nothing that sets a cookie or is private", async () => {
    const fill = { key: "k", tenantId: DEFAULT_TENANT, ticket: changes.ticket() };
    const res = { writeHead: vi.fn(), end: vi.fn() };
    for (const headers of [{ "set-cookie": ["a=b"] }, { "cache-control": "private" }, { vary: "Cookie" }])
      expect(await cache.fill({} as never, res as never, fill, headers, Buffer.from("x"))).toBe(false);
    expect(res.writeHead).not.toHaveBeenCalled();
    expect(cache.stats().entries).toBe(0);
  });

  it("keeps nothing while it cannot hear about changes", async () => {
    changes.setLive(false);
    await fetch(`${url}/`);
    expect((await fetch(`${url}/`)).headers.get("x-cache")).toBe("MISS");
    expect(cache.stats().entries).toBe(0);
  });
});

describe.runIf(ENGINES.includes("postgres"))("a page with a part that failed to load, on postgres", () => {
  let database: TestDatabase;
  let server: AppServer;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    server = await startAppServer({ env: { DATABASE_URL: database.url! } });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it("is answered, not kept, and rendered whole once the part loads again", async () => {
    const sitemap = await (await get(server, "/sitemap.xml")).text();
    const path = /\/category\/[a-z0-9-]+/.exec(sitemap)![0];
    // The store's settings and categories are now held in memory: only the product list reads the table.
    await hitOf(server, path);
    // A fault only that list meets: the shop's role may no longer read products.
    await database.db.execute(sql`revoke select on products from selvage_app`);
    try {
      for (const attempt of ["first", "second"]) {
        const response = await get(server, `${path}?fault=1`);
        expect(response.status, attempt).toBe(200);
        expect(response.headers.get("x-cache"), attempt).toBeNull();
        expect(response.headers.get("cache-control"), attempt).toBe("no-store");
        const html = await textOf(response);
        expect(html, attempt).toContain("Error loading products. Please try again later.");
        // What failed stays on the server: the page carries no database error.
        expect(html, attempt).not.toMatch(/permission denied|failed query/i);
      }
    } finally {
      await database.db.execute(sql`grant select on products to selvage_app`);
    }
    const whole = await get(server, `${path}?fault=1`);
    expect(whole.headers.get("x-cache")).toBe("MISS");
    const html = await textOf(whole);
    expect(html).not.toContain("Error loading products");
    expect(html).toMatch(/href="\/product\/[a-z0-9-]+"/);
  });
});

describe.skipIf(ENGINES.includes("postgres"))("the page cache across two processes on postgres", () => {
  it.skip("is skipped: set TEST_DATABASE_URL to run these tests against a PostgreSQL server", () => {});
});
