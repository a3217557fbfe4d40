import { eq, getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ROLE, type Database } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

const {
  categories,
  categoryRedirects,
  contactMessages,
  emailOutbox,
  fabricLibrary,
  orderEvents,
  orderItems,
  orders,
  paymentEvents,
  payments,
  productFabrics,
  products,
  refunds,
  storeMembers,
  storeSettings,
  tenants,
  users,
} = schema;

/** Every table of the schema that has a tenant_id column: each must be under row security. */
const TENANT_TABLES = Object.values(schema)
  .filter((value): value is typeof products => typeof value === "object" && value !== null && "tenantId" in value)
  .map((table) => getTableName(table))
  .sort();

async function rowsIn(db: Database, table: string): Promise<{ tenant_id: string }[]> {
  const result = await db.execute(sql`select tenant_id from ${sql.identifier(table)}`);
  return (result as unknown as { rows: { tenant_id: string }[] }).rows;
}

/** One row in every store-owned table, for the given store. */
async function fillStore(db: Database, tenantId: string, userId: string) {
  await db.insert(tenants).values({ id: tenantId });
  await db.insert(storeSettings).values({ tenantId, storeName: `Store ${tenantId}`, contactEmail: "s@example.com" });
  await db.insert(storeMembers).values({ tenantId, userId });
  const [category] = await db.insert(categories).values({ tenantId, slug: "bags", name: "Bags" }).returning();
  await db.insert(categoryRedirects).values({ tenantId, slug: "old-bags", categoryId: category!.id });
  const [product] = await db
    .insert(products)
    .values({
      tenantId,
      slug: "tote",
      name: "Tote",
      description: "A tote.",
      priceCents: 1000,
      categoryId: category!.id,
      source: "selvage",
    })
    .returning();
  const [fabric] = await db
    .insert(fabricLibrary)
    .values({ tenantId, code: "navy", name: "Navy", color: "Blue", swatchUrl: "/uploads/navy.webp" })
    .returning();
  await db
    .insert(productFabrics)
    .values({ tenantId, productId: product!.id, code: "navy", label: "Navy", libraryFabricId: fabric!.id });
  const [order] = await db
    .insert(orders)
    .values({
      tenantId,
      orderNumber: `VC-${tenantId}`,
      customerName: "Ada",
      customerEmail: "ada@example.com",
      shippingAddress: {
        street: "1 Main St",
        apartment: "",
        city: "Denver",
        state: "CO",
        zipCode: "80202",
        country: "United States",
      },
      subtotalCents: 1000,
      totalCents: 1000,
      paymentProvider: "test",
      paymentSessionId: `test_cs_${tenantId}`,
    })
    .returning();
  await db.insert(orderItems).values({
    tenantId,
    orderId: order!.id,
    productId: product!.id,
    productName: "Tote",
    fabricCode: "navy",
    fabricLabel: "Navy",
    unitPriceCents: 1000,
    quantity: 1,
    position: 0,
  });
  await db
    .insert(payments)
    .values({ tenantId, orderId: order!.id, sessionId: `test_cs_${tenantId}`, status: "completed", amountCents: 1000 });
  await db.insert(paymentEvents).values({ tenantId, id: `evt_${tenantId}`, type: "checkout.session.completed" });
  await db
    .insert(orderEvents)
    .values({ tenantId, orderId: order!.id, kind: "status", fromStatus: "new", toStatus: "in_progress", actor: "o" });
  await db
    .insert(refunds)
    .values({ tenantId, orderId: order!.id, amountCents: 100, requestKey: `r-${tenantId}`, actor: "o" });
  await db.insert(contactMessages).values({ tenantId, name: "Ada", email: "ada@example.com", message: "Hello" });
  await db.insert(emailOutbox).values({
    tenantId,
    kind: "contact",
    dedupeKey: `contact:${tenantId}`,
    toAddress: "s@example.com",
    subject: "Hi",
    html: "<p>Hi</p>",
    text: "Hi",
  });
  return { product: product! };
}

describe.each(ENGINES)("row-level security on %s", (engine) => {
  let database: TestDatabase;
  const storeA = `store-a-${Math.random().toString(36).slice(2, 8)}`;
  const storeB = `store-b-${Math.random().toString(36).slice(2, 8)}`;
  let productOfA: { id: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [user] = await database.db
      .insert(users)
      .values({ id: `user-${storeA}`, name: "Owner", email: `${storeA}@example.com` })
      .returning();
    // Written as the owner, outside row security, as a migration or a restore would.
    ({ product: productOfA } = await fillStore(database.db, storeA, user!.id));
    await fillStore(database.db, storeB, user!.id);
  }, 120_000);
  afterAll(() => database?.dispose());

  it("covers every store-owned table, forced, with a policy on tenant_id", async () => {
    expect(TENANT_TABLES.length).toBeGreaterThanOrEqual(13);
    const result = await database.app.db.execute(sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and exists (select 1 from information_schema.columns col
                      where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'tenant_id')
       order by c.relname`);
    const rows = (
      result as unknown as { rows: { table: string; enabled: boolean; forced: boolean; policies: number }[] }
    ).rows;
    expect(rows.map((row) => row.table)).toEqual(TENANT_TABLES);
    for (const row of rows) expect(row, row.table).toMatchObject({ enabled: true, forced: true, policies: 1 });
  });

  it("runs the application as a role that is neither superuser nor exempt from row security", async () => {
    for (const db of [database.app.db, database.app.forTenant(storeA)]) {
      const result = await db.execute(
        sql`select current_user as role, r.rolsuper as super, r.rolbypassrls as bypass
              from pg_roles r where r.rolname = current_user`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([
        { role: APP_ROLE, super: false, bypass: false },
      ]);
    }
  });

  it("shows no store's rows to a query run without a store", async () => {
    for (const table of TENANT_TABLES) {
      expect((await rowsIn(database.db, table)).length, `${table} as owner`).toBeGreaterThanOrEqual(2);
      expect(await rowsIn(database.app.db, table), table).toEqual([]);
    }
  });

  it("shows a store only its own rows, even to a query that forgot its filter", async () => {
    for (const store of [storeA, storeB]) {
      const db = database.app.forTenant(store);
      for (const table of TENANT_TABLES) {
        const rows = await rowsIn(db, table);
        expect(rows.length, `${table} for ${store}`).toBeGreaterThan(0);
        expect(new Set(rows.map((row) => row.tenant_id)), table).toEqual(new Set([store]));
      }
    }
    // A lookup by id of another store's row finds nothing.
    const seenByB = await database.app.forTenant(storeB).select().from(products).where(eq(products.id, productOfA.id));
    expect(seenByB).toEqual([]);
  });

  it("refuses to write a row into another store, and cannot change or delete the other store's rows", async () => {
    const asA = database.app.forTenant(storeA);
    await expect(
      asA.insert(contactMessages).values({ tenantId: storeB, name: "Eve", email: "eve@example.com", message: "x" }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "42501" }) });
    await expect(
      asA.update(products).set({ tenantId: storeB }).where(eq(products.id, productOfA.id)),
    ).rejects.toThrow();
    const touched = await asA
      .update(contactMessages)
      .set({ message: "changed" })
      .where(eq(contactMessages.tenantId, storeB))
      .returning();
    expect(touched).toEqual([]);
    const removed = await asA.delete(orders).where(eq(orders.tenantId, storeB)).returning();
    expect(removed).toEqual([]);
    const messagesOfB = await database.db.select().from(contactMessages).where(eq(contactMessages.tenantId, storeB));
    expect(messagesOfB.map((row) => row.message)).toEqual(["Hello"]);
    expect(await database.db.select().from(orders).where(eq(orders.tenantId, storeB))).toHaveLength(1);
  });

  it("keeps each store's binding apart when stores take turns on the same connections", async () => {
    const a = database.app.forTenant(storeA);
    const b = database.app.forTenant(storeB);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const [db, store] = i % 3 === 0 ? [database.app.db, ""] : i % 2 ? [a, storeA] : [b, storeB];
        return rowsIn(db, "orders").then((rows) => ({ store, tenants: rows.map((row) => row.tenant_id) }));
      }),
    );
    for (const { store, tenants: seen } of answers) expect(seen).toEqual(store ? [store] : []);
    // In a transaction too.
    const inTransaction = await a.transaction(async (tx) => rowsIn(tx as unknown as Database, "orders"));
    expect(inTransaction.map((row) => row.tenant_id)).toEqual([storeA]);
  });
});
