import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { categories, emailOutbox, productFabrics, products, storeMembers, tenants } from "../../server/db/schema.ts";
import {
  AdminClient,
  decodeSingleFetch,
  flashOf,
  signedInOwner,
  startAdminApp,
  type AdminApp,
} from "../support/admin-app.ts";
import { ENGINES } from "../support/test-database.ts";

// The Diagnostics page over HTTP on each engine, checked against the database behind it:
// the row-level security it reports is PostgreSQL's own, its counts are the storefront's,
// a real inconsistency between stores is found, named and repaired in the data, and a
// failed email goes back to the sender. Strangers change nothing.

const PAGE = "/admin/diagnostics";
const DATA = `${PAGE}.data`;
const ROUTE_ID = "routes/admin/store/diagnostics";
const RIVAL = "rival-store";
const UNKNOWN_ID = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";

interface Report {
  auth: {
    userId: string;
    email: string;
    tenantLabel: string;
    membership: { role: string } | null;
    rowSecurity: {
      protected: boolean;
      role: string;
      tables: { table: string; enabled: boolean; forced: boolean; policies: string[] }[];
    };
  };
  products: {
    databaseCount: number;
    storefrontCount: number;
    availableCount: number;
    categories: { slug: string; products: number }[];
    issues: { kind: string; rowId: string; rowTenant: string; parentTenant: string }[];
    issueCount: number;
    tenants: { tenantId: string; products: number; categories: number }[];
  };
  emails: { failed: { id: string; to: string; lastError: string | null }[]; failedCount: number };
  payments: { provider: string; webhooks: { count: number; lastAt: Date | null } };
  database: { engine: string; migrations: { count: number; lastAt: Date | null } };
}

interface Answer {
  intent: string | null;
  ok: boolean;
  message: string;
  fixed?: number;
}

describe.each(ENGINES)("the Diagnostics page over HTTP on %s", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;
  let ours: { id: string };
  let theirs: { id: string };
  let slugs = 0;

  beforeAll(async () => {
    app = await startAdminApp(engine);
    owner = await signedInOwner(app);
    const { db } = app.database;
    [ours] = (await db
      .insert(categories)
      .values({ tenantId: DEFAULT_TENANT, slug: "bags", name: "Bags" })
      .returning()) as unknown as [{ id: string }];
    await db.insert(tenants).values({ id: RIVAL });
    [theirs] = (await db
      .insert(categories)
      .values({ tenantId: RIVAL, slug: "bags", name: "Rival Bags" })
      .returning()) as unknown as [{ id: string }];
  });
  afterAll(() => app?.stop());

  async function report(): Promise<Report> {
    const response = await fetch(`${app.url}${DATA}`, { headers: { cookie: owner.cookieHeader() } });
    expect(response.status).toBe(200);
    const routes = (await decodeSingleFetch(response)) as Record<string, { data?: { report: Report } }>;
    return routes[ROUTE_ID]!.data!.report;
  }

  async function post(fields: Record<string, string>, client = owner) {
    const response = await client.post(DATA, fields);
    expect(response.status).toBeLessThan(500);
    return { status: response.status, answer: (await decodeSingleFetch(response)).data as Answer };
  }

  async function addProduct(tenantId: string, categoryId: string, fabrics: { inStock: boolean }[] | null) {
    const [product] = await app.database.db
      .insert(products)
      .values({
        tenantId,
        slug: `diagnosed-${++slugs}`,
        name: `Diagnosed ${slugs}`,
        description: "A bag made to be counted by the diagnostics.",
        priceCents: 4500,
        categoryId,
        hasFabricSelection: fabrics !== null,
        source: "selvage",
      })
      .returning();
    for (const [index, fabric] of (fabrics ?? []).entries()) {
      await app.database.db
        .insert(productFabrics)
        .values({ tenantId, productId: product!.id, code: `f${index}`, label: `Fabric ${index}`, ...fabric });
    }
    return product!;
  }

  it("shows the page with its cards to the owner", async () => {
    const page = await fetch(`${app.url}${PAGE}`, { headers: { cookie: owner.cookieHeader() } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Run Diagnostics", "Authentication", "Products", "Emails", "Payments", "Database"]) {
      expect(html).toContain(text);
    }
  });

  it("reports the signed-in owner, the Default store, membership, engine, provider and migrations", async () => {
    const { auth, database, payments } = await report();
    const [member] = await app.database.db.select().from(storeMembers).where(eq(storeMembers.userId, auth.userId));
    expect(auth.email).toBe("owner@example.com");
    expect(auth.tenantLabel).toBe("Default");
    expect(auth.membership?.role).toBe(member!.role);
    expect(database.engine).toBe(engine);
    const migrations = await app.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(database.migrations.count).toBe((migrations as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(database.migrations.count).toBeGreaterThan(0);
    expect(database.migrations.lastAt).toBeInstanceOf(Date);
    expect(payments).toMatchObject({ provider: "test", webhooks: { count: 0, lastAt: null } });
  });

  it("reports row-level security exactly as pg_class and pg_policies hold it, for every tenant table", async () => {
    const { rowSecurity } = (await report()).auth;
    const truth = await app.database.db.execute(sql`
      select c.relname::text as "table", c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from information_schema.columns k
                     where k.table_schema = 'public' and k.table_name = c.relname and k.column_name = 'tenant_id')
      order by 1`);
    const expected = (truth as unknown as { rows: unknown[] }).rows as {
      table: string;
      enabled: boolean;
      forced: boolean;
      policies: number;
    }[];
    expect(expected.length).toBeGreaterThanOrEqual(13);
    expect(
      rowSecurity.tables.map(({ table, enabled, forced, policies }) => ({
        table,
        enabled,
        forced,
        policies: policies.length,
      })),
    ).toEqual(expected);
    expect(rowSecurity).toMatchObject({ protected: true, role: "selvage_app" });

    // A table whose security is switched off is reported as it now is, and the verdict changes.
    await app.database.db.execute(sql`alter table contact_messages no force row level security`);
    try {
      const changed = (await report()).auth.rowSecurity;
      expect(changed.tables.find((t) => t.table === "contact_messages")).toMatchObject({
        enabled: true,
        forced: false,
      });
      expect(changed.protected).toBe(false);
    } finally {
      await app.database.db.execute(sql`alter table contact_messages force row level security`);
    }
  });

  it("counts the database's products against the storefront's and the ones that can be bought", async () => {
    await addProduct(DEFAULT_TENANT, ours.id, [{ inStock: true }]);
    await addProduct(DEFAULT_TENANT, ours.id, null);
    // Offers fabric selection, but its only fabric is out of stock: listed as Not Available.
    await addProduct(DEFAULT_TENANT, ours.id, [{ inStock: false }]);
    await addProduct(RIVAL, theirs.id, null);
    const { products: check } = await report();
    expect(check).toMatchObject({ databaseCount: 3, storefrontCount: 3, availableCount: 2, issueCount: 0 });
    expect(check.categories).toEqual([{ slug: "bags", name: "Bags", products: 3 }]);
    // Another store with no tie to ours is nobody's business here.
    expect(check.tenants).toEqual([{ tenantId: DEFAULT_TENANT, products: 3, categories: 1 }]);
    const fixed = await post({ intent: "fix-tenant-issues" });
    expect(fixed).toEqual({
      status: 200,
      answer: { intent: "fix-tenant-issues", ok: true, fixed: 0, message: "No tenant issues to fix" },
    });
  });

  it("finds real inconsistencies between stores, names them, and repairs them in the data", async () => {
    // A product filed under the other store's category, and an option of ours moved to the other store.
    const misfiled = await addProduct(DEFAULT_TENANT, theirs.id, null);
    const optioned = await addProduct(DEFAULT_TENANT, ours.id, [{ inStock: true }]);
    const { db } = app.database;
    const [option] = await db
      .update(productFabrics)
      .set({ tenantId: RIVAL })
      .where(eq(productFabrics.productId, optioned.id))
      .returning();

    const before = (await report()).products;
    expect(before.issueCount).toBe(2);
    expect(before.issues).toEqual([
      { kind: "product category", rowId: misfiled.id, rowTenant: DEFAULT_TENANT, parentTenant: RIVAL },
      { kind: "product option", rowId: option!.id, rowTenant: RIVAL, parentTenant: DEFAULT_TENANT },
    ]);
    // The misfiled product is in the database but the storefront cannot list it.
    expect(before.databaseCount - before.storefrontCount).toBe(1);
    expect(before.tenants.map((t) => t.tenantId)).toEqual([RIVAL, DEFAULT_TENANT].sort());

    const fixed = await post({ intent: "fix-tenant-issues" });
    expect(fixed).toEqual({
      status: 200,
      answer: {
        intent: "fix-tenant-issues",
        ok: true,
        fixed: 2,
        message: "Tenant issues fixed. Running diagnostics again...",
      },
    });
    const [refiled] = await db.select().from(products).where(eq(products.id, misfiled.id));
    expect(refiled!.categoryId).toBe(ours.id);
    const [returned] = await db.select().from(productFabrics).where(eq(productFabrics.id, option!.id));
    expect(returned!.tenantId).toBe(DEFAULT_TENANT);

    const after = (await report()).products;
    expect(after).toMatchObject({ issueCount: 0, issues: [] });
    expect(after.storefrontCount).toBe(after.databaseCount);
    expect((await post({ intent: "fix-tenant-issues" })).answer.message).toBe("No tenant issues to fix");
  });

  it("lists up to five issues and counts the rest", async () => {
    const { db } = app.database;
    const base = (await report()).products.issueCount;
    for (let index = 0; index < 7; index++) await addProduct(DEFAULT_TENANT, theirs.id, null);
    const total = base + 7;
    const { products: check } = await report();
    expect(check.issueCount).toBe(total);
    expect(check.issues).toHaveLength(5);
    const page = await (await fetch(`${app.url}${PAGE}`, { headers: { cookie: owner.cookieHeader() } })).text();
    expect(page.replaceAll("<!-- -->", "")).toContain(`...and ${total - 5} more`);
    expect(page.replaceAll("<!-- -->", "")).toContain(`Fix ${total} Tenant Issues`);
    expect((await post({ intent: "fix-tenant-issues" })).answer.fixed).toBe(total);
    const filed = await db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.tenantId, DEFAULT_TENANT));
    expect(new Set(filed.map((row) => row.categoryId))).toEqual(new Set([ours.id]));
  });

  it("retries a failed email: pending again, due now, and then sent", async () => {
    const { db } = app.database;
    const [failed] = await db
      .insert(emailOutbox)
      .values({
        tenantId: DEFAULT_TENANT,
        kind: "order-confirmation",
        dedupeKey: "diagnostics-retry",
        toAddress: "shopper@example.com",
        subject: "Order Confirmation - #VC123456789",
        html: "<p>Thank you</p>",
        text: "Thank you",
        status: "failed",
        attempts: 12,
        lastError: "Connection refused",
      })
      .returning();
    const listed = (await report()).emails;
    expect(listed.failedCount).toBe(1);
    expect(listed.failed[0]).toMatchObject({
      id: failed!.id,
      to: "shopper@example.com",
      lastError: "Connection refused",
    });

    const retried = await post({ intent: "retry-email", emailId: failed!.id });
    expect(retried).toEqual({
      status: 200,
      answer: { intent: "retry-email", ok: true, message: "Email queued to send again" },
    });
    // Pending again with a fresh allowance, the reason kept until it is sent.
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    if (queued!.status === "pending") expect(queued).toMatchObject({ lastError: "Connection refused" });
    else expect(queued!.status).toBe("sent");
    expect(queued!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    await app.mail.waitFor((mail) => mail.subject === "Order Confirmation - #VC123456789");
    await app.sender.flush();
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect((await report()).emails.failedCount).toBe(0);

    // Sent already: nothing to retry.
    expect(await post({ intent: "retry-email", emailId: failed!.id })).toMatchObject({
      status: 409,
      answer: { ok: false },
    });
  });

  it("answers 404 for another store's email, an unknown one and a malformed id, and changes nothing", async () => {
    const { db } = app.database;
    const [rivals] = await db
      .insert(emailOutbox)
      .values({
        tenantId: RIVAL,
        kind: "contact",
        dedupeKey: "rival-failed",
        toAddress: "rival@example.com",
        subject: "Rival mail",
        html: "",
        text: "",
        status: "failed",
        lastError: "Refused",
      })
      .returning();
    for (const emailId of [rivals!.id, UNKNOWN_ID, "not-an-id", "x".repeat(100), "a\u0000b"]) {
      const { status, answer } = await post({ intent: "retry-email", emailId });
      expect(status, emailId).toBe(404);
      expect(answer).toEqual({ intent: "retry-email", ok: false, message: "Email not found" });
    }
    const [still] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, rivals!.id));
    expect(still).toMatchObject({ status: "failed", lastError: "Refused" });

    const malformed: Record<string, string>[] = [{}, { intent: "drop-tables" }, { intent: "retry-email" }];
    for (const fields of malformed) {
      expect(await post(fields)).toMatchObject({ status: 400, answer: { ok: false, message: "Unknown request" } });
    }
    const json = await fetch(`${app.url}${DATA}`, {
      method: "POST",
      headers: { origin: app.url, cookie: owner.cookieHeader(), "content-type": "application/json" },
      body: JSON.stringify({ intent: "fix-tenant-issues" }),
    });
    expect(json.status).toBe(415);
  });

  it("lets neither anonymous nor cross-origin posts fix or retry anything", async () => {
    const { db } = app.database;
    const misfiled = await addProduct(DEFAULT_TENANT, theirs.id, null);
    const [failed] = await db
      .insert(emailOutbox)
      .values({
        tenantId: DEFAULT_TENANT,
        kind: "contact",
        dedupeKey: "stranger-retry",
        toAddress: "owner@example.com",
        subject: "New Contact Form Submission",
        html: "",
        text: "",
        status: "failed",
        lastError: "Refused",
      })
      .returning();
    const attempts: Record<string, string>[] = [
      { intent: "fix-tenant-issues" },
      { intent: "retry-email", emailId: failed!.id },
    ];
    const anonymous = new AdminClient(app.url);
    for (const fields of attempts) {
      for (const path of [DATA, PAGE]) {
        const response = await anonymous.post(path, fields);
        expect([202, 302], path).toContain(response.status);
        if (response.status === 202) {
          expect(await decodeSingleFetch(response)).toMatchObject({ redirect: "/admin/login" });
        } else expect(response.headers.get("location")).toBe("/admin/login");
      }
      for (const origin of ["https://evil.example", "null"]) {
        const response = await owner.post(DATA, fields, { origin });
        expect(response.status, origin).toBe(400);
        expect(flashOf(response)).toBeNull();
      }
    }
    const anonymousPage = await anonymous.get(PAGE);
    expect(anonymousPage.status).toBe(302);
    const [product] = await db.select().from(products).where(eq(products.id, misfiled.id));
    expect(product!.categoryId).toBe(theirs.id);
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(email!.status).toBe("failed");
    expect((await post({ intent: "fix-tenant-issues" })).answer.fixed).toBe(1);
  });

  it("runs the same product check for the home page's 'Check for Products', for any visitor", async () => {
    const response = await fetch(`${app.url}/.data?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=check-products",
    });
    expect(response.status).toBe(200);
    const answer = (await decodeSingleFetch(response)).data as { ok: boolean; check: Report["products"] };
    const { products: diagnosed } = await report();
    expect(answer).toEqual({
      ok: true,
      check: {
        databaseCount: diagnosed.databaseCount,
        storefrontCount: diagnosed.storefrontCount,
        availableCount: diagnosed.availableCount,
        categories: diagnosed.categories,
      },
    });
    const refused = await fetch(`${app.url}/.data?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=delete-everything",
    });
    expect(refused.status).toBe(400);
  });
});
