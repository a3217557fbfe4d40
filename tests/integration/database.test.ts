import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STOREFRONT_CHANNEL } from "../../server/cache/storefront-watch.ts";
import { APP_ROLE, openDatabase, pingDatabase, rowsOf, writeEmbeddedTemplate } from "../../server/db/client.ts";
import { categories, orders, products, tenants } from "../../server/db/schema.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

describe.each(ENGINES)("database schema on %s", (engine) => {
  let database: TestDatabase;
  let categoryA: string;
  let categoryB: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(tenants).values([{ id: "store-a" }, { id: "store-b" }]);
    const rows = await database.db
      .insert(categories)
      .values([
        { tenantId: "store-a", slug: "bags", name: "Bags" },
        { tenantId: "store-b", slug: "bags", name: "Bags" },
      ])
      .returning({ id: categories.id });
    categoryA = rows[0]!.id;
    categoryB = rows[1]!.id;
  });
  afterAll(() => database?.dispose());

  const product = (tenantId: string, categoryId: string, slug: string, priceCents = 4500) => ({
    tenantId,
    categoryId,
    slug,
    name: slug,
    description: "A sturdy everyday tote.",
    priceCents,
    source: "selvage",
  });

  it("runs on the expected engine and answers a ping", async () => {
    expect(database.engine).toBe(engine);
    expect(await pingDatabase(database.db)).toBe(true);
  });

  it("keeps slugs unique within a store but not across stores", async () => {
    await database.db.insert(products).values(product("store-a", categoryA, "market-tote"));
    await database.db.insert(products).values(product("store-b", categoryB, "market-tote"));
    await expect(database.db.insert(products).values(product("store-a", categoryA, "market-tote"))).rejects.toThrow();
    const [{ count }] = (await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.slug, "market-tote"))) as [{ count: number }];
    expect(count).toBe(2);
  });

  it("refuses a price that is not positive", async () => {
    await expect(database.db.insert(products).values(product("store-a", categoryA, "free-bag", 0))).rejects.toThrow();
  });

  it("refuses an order whose total is not subtotal plus shipping", async () => {
    const order = {
      tenantId: "store-a",
      orderNumber: "VC123456789",
      customerName: "Ada",
      customerEmail: "ada@example.com",
      shippingAddress: {
        street: "1 Main",
        apartment: "",
        city: "Denver",
        state: "CO",
        zipCode: "80202",
        country: "United States",
      },
      subtotalCents: 4500,
      shippingCents: 0,
      paymentProvider: "test",
    };
    await expect(database.db.insert(orders).values({ ...order, totalCents: 100 })).rejects.toThrow();
    await expect(database.db.insert(orders).values({ ...order, totalCents: 4500 })).resolves.toBeDefined();
  });

  it("runs case-insensitive substring search with the trigram extension", async () => {
    const rows = await database.db
      .select({ slug: products.slug })
      .from(products)
      .where(sql`lower(${products.name}) like ${"%MARKET%".toLowerCase()}`);
    expect(rows.length).toBe(2);
    const extensions = await database.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect((extensions as unknown as { rows: unknown[] }).rows).toEqual([{ extname: "pg_trgm" }]);
  });

  it("writes new products straight into the search indexes, so a search never reads a pending list", async () => {
    await database.db.insert(products).values(product("store-a", categoryA, "heirloom-clutch"));
    // The number of pending-list pages each index had to take in: none, the insert went into the index itself.
    const pending = await rowsOf(
      database.db,
      sql`select gin_clean_pending_list('products_name_trgm'::regclass)::int as name,
                 gin_clean_pending_list('products_description_trgm'::regclass)::int as description`,
    );
    expect(pending).toEqual([{ name: 0, description: 0 }]);
  });

  it("tells listeners which store a write changed and the version it raised the store to", async () => {
    const heard: string[] = [];
    const unlisten = await database.listen(
      STOREFRONT_CHANNEL,
      (payload) => heard.push(payload),
      () => {},
    );
    try {
      await database.db.update(categories).set({ name: "Bags and totes" }).where(eq(categories.id, categoryA));
      const [row] = await rowsOf<{ version: string | number }>(
        database.db,
        sql`select version from storefront_versions where tenant_id = 'store-a'`,
      );
      await vi.waitFor(() => expect(heard).toEqual([`store-a:${row!.version}`]), { timeout: 5_000 });
    } finally {
      await unlisten();
    }
  });
});

describe("an embedded database started from a template", () => {
  const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "selvage-template-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A template made before the newest migrations, as one kept from an earlier run would be,
  // with a table no migration makes, which only a database started from it holds.
  async function olderTemplate(): Promise<string> {
    const older = path.join(dir, "older-migrations");
    cpSync(migrationsFolder, older, { recursive: true });
    const journalFile = path.join(older, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    // The cut below leaves migrations out only while some come after it.
    expect(journal.entries.at(-1)!.tag > "0006").toBe(true);
    journal.entries = journal.entries.filter((entry) => entry.tag < "0006");
    writeFileSync(journalFile, JSON.stringify(journal));
    const last = path.join(older, `${journal.entries.at(-1)!.tag}.sql`);
    writeFileSync(
      last,
      `${readFileSync(last, "utf8")}\n--> statement-breakpoint\ncreate table template_marker (id int);`,
    );
    const file = path.join(dir, "older.tar");
    await writeEmbeddedTemplate(file, older);
    return file;
  }

  it("holds the migrated schema, is brought up to date, and is never loaded over a database that exists", async () => {
    const template = await olderTemplate();
    const dataDir = path.join(dir, "data");
    const first = await openDatabase({ dataDir, migrationsFolder, template });
    try {
      // The application's role (0003) came with the template; the search function (0006) was migrated after it.
      const marker = await rowsOf(first.asOwner(), sql`select to_regclass('template_marker')::text as name`);
      expect(marker).toEqual([{ name: "template_marker" }]);
      const roles = await rowsOf(first.asOwner(), sql`select 1 from pg_roles where rolname = ${APP_ROLE}`);
      expect(roles).toHaveLength(1);
      const functions = await rowsOf(first.asOwner(), sql`select 1 from pg_proc where proname = 'search_product_ids'`);
      expect(functions).toHaveLength(1);
      await first.asOwner().insert(tenants).values({ id: "kept-store" });
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir, migrationsFolder, template });
    try {
      expect(await again.asOwner().select({ id: tenants.id }).from(tenants)).toEqual([{ id: "kept-store" }]);
    } finally {
      await again.close();
    }
  });
});
