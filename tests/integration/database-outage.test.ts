import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOP_UNAVAILABLE_MESSAGE } from "../../core/constants.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.ts";
import { RENDER_SLOTS } from "../../server/http/react-router-handler.ts";
import { categories } from "../../server/db/schema.ts";
import { startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { ROOT_DIR, startAppServer, type AppServer } from "../support/app-server.ts";
import { createCatalogFixture, CUSTOMER } from "../support/catalog-fixture.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { createServerDatabase, dropServerDatabase, withAdminClient } from "../support/test-database.ts";

// Faults really injected: the PostgreSQL server refuses the shop's database while it
// serves, then lets it back in; the embedded engine is held busy past its queue deadline.

const UNAVAILABLE_PAGE = "We&#x27;ll be right back";

async function expectUnavailable(response: Response, what: string) {
  expect(response.status, what).toBe(503);
  expect(response.headers.get("retry-after"), what).toMatch(/^\d+$/);
  return response.text();
}

function checkoutBody(productId: string, fabricCode: string) {
  return JSON.stringify({ customer: CUSTOMER, items: [{ productId, fabricCode, quantity: 1 }] });
}

/** One long transaction holds the embedded engine, as a slow statement under a crowd would; answers its release. */
function holdEngine(app: AdminApp): () => Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const holding = app.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await held;
  });
  return async () => {
    release();
    await holding;
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)("a PostgreSQL outage while the shop serves", () => {
  let server: AppServer;
  let databaseUrl: string;
  let fixtureDb: DatabaseHandle;
  let fixture: Awaited<ReturnType<typeof createCatalogFixture>>;
  let categorySlug: string;
  let standIn: StripeStandIn;

  const databaseName = () => new URL(databaseUrl).pathname.slice(1);
  const setConnectionsAllowed = (allowed: boolean) =>
    withAdminClient(async (client) => {
      await client.query(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS ${allowed}`);
      if (!allowed) {
        await client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [databaseName()],
        );
      }
    });
  const post = (path: string, body: string, contentType: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": contentType, origin: server.url },
      body,
    });

  beforeAll(async () => {
    databaseUrl = await createServerDatabase();
    standIn = await startStripeStandIn();
    server = await startAppServer({
      env: {
        DATABASE_URL: databaseUrl,
        DEMO_DATA: "false",
        STRIPE_SECRET_KEY: "sk_test_outage",
        STRIPE_API_URL: standIn.url,
      },
    });
    fixtureDb = await openDatabase({ databaseUrl, migrationsFolder: `${ROOT_DIR}/drizzle` });
    fixture = await createCatalogFixture(fixtureDb.asOwner());
    const [row] = await fixtureDb
      .asOwner()
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, fixture.tote.categoryId!));
    categorySlug = row!.slug;
  });
  afterAll(async () => {
    await setConnectionsAllowed(true);
    await server?.stop();
    await standIn?.close();
    await fixtureDb?.close();
    if (databaseUrl) await dropServerDatabase(databaseUrl);
  });

  it("answers every page 503 with Retry-After, every action a clear 503, and recovers without a restart", async () => {
    expect((await fetch(`${server.url}/product/${fixture.tote.slug}`)).status).toBe(200);

    await setConnectionsAllowed(false);
    const pages = [
      "/",
      `/product/${fixture.tote.slug}`,
      `/category/${categorySlug}`,
      "/search?q=tote",
      "/contact",
      "/cart",
      "/admin/login",
    ];
    for (const path of pages) {
      const html = await expectUnavailable(await fetch(`${server.url}${path}`), path);
      expect(html, path).toContain(UNAVAILABLE_PAGE);
      expect(html, path).toContain(SHOP_UNAVAILABLE_MESSAGE);
    }
    // Client navigations ask for data, not pages: the same 503.
    await expectUnavailable(await fetch(`${server.url}/product/${fixture.tote.slug}.data`), "product data");
    await expectUnavailable(await fetch(`${server.url}/healthz`), "healthz");

    const contact = await post(
      "/contact.data",
      new URLSearchParams({ name: "Ada", email: "ada@example.com", message: "Hello" }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(await expectUnavailable(contact, "contact")).toContain(SHOP_UNAVAILABLE_MESSAGE);
    const checkout = await post("/checkout.data", checkoutBody(fixture.tote.id, "navy-gingham"), "application/json");
    expect(await expectUnavailable(checkout, "checkout")).toContain(SHOP_UNAVAILABLE_MESSAGE);
    const signIn = await post(
      "/admin/login.data",
      new URLSearchParams({ email: "owner@example.com", password: "not-the-password" }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(await expectUnavailable(signIn, "sign-in")).toContain(SHOP_UNAVAILABLE_MESSAGE);

    await setConnectionsAllowed(true);
    // The pool reconnects on its own: poll until the shop reports ready again.
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${server.url}/healthz`)).status !== 200) {
      expect(Date.now(), "the shop came back after the database did").toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const path of pages) expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    const placed = await post("/checkout.data", checkoutBody(fixture.tote.id, "navy-gingham"), "application/json");
    expect(placed.status).toBe(200);
    expect(await placed.text()).toContain("https://checkout.stripe.test/pay/");

    // Nothing escaped to the process: no unhandled rejection was logged, and it still serves.
    expect(server.output()).not.toMatch(/unhandled promise rejection|uncaught exception/);
  });

  it("on SIGTERM stops taking requests, lets a checkout in flight finish, then exits cleanly", async () => {
    const held = standIn.holdSessionCreation();
    const checkout = post("/checkout.data", checkoutBody(fixture.tote.id, "navy-gingham"), "application/json");
    await held.arrived;
    const exited = server.kill("SIGTERM");
    // The listener closes at once: a new visitor is not let in mid-shutdown.
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => "answered",
            () => "refused",
          ),
        { timeout: 5_000 },
      )
      .toBe("refused");
    held.release();
    const response = await checkout;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("https://checkout.stripe.test/pay/");
    // Exited by itself (code 0), not by a signal.
    expect(await exited).toBeNull();
    expect(await server.stop()).toBe(0);
  });
});

describe("the embedded database held busy past its queue deadline", () => {
  let app: AdminApp;

  beforeAll(async () => {
    app = await startAdminApp("pglite", { queueDeadlineMs: 300 });
    await createCatalogFixture(app.database.db);
  });
  afterAll(() => app?.stop());

  it("sheds waiting requests with 503 and serves again once the database is free", async () => {
    const release = holdEngine(app);
    try {
      const html = await expectUnavailable(await fetch(`${app.url}/`), "home while busy");
      expect(html).toContain(UNAVAILABLE_PAGE);
      await expectUnavailable(await fetch(`${app.url}/healthz`), "healthz while busy");
    } finally {
      await release();
    }
    // A crowded machine may still shed a request or two while the queue drains (503); never a 500.
    let status = 503;
    for (const deadline = Date.now() + 10_000; status === 503 && Date.now() < deadline;)
      status = (await fetch(`${app.url}/`)).status;
    expect(status).toBe(200);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});

describe("more page renders than the shop takes at once, all waiting on the database", () => {
  let app: AdminApp;

  beforeAll(async () => {
    // The database makes them wait longer than a render turn may be waited for, and gives up on
    // none of them before the test lets it go, however slow the machine.
    app = await startAdminApp("pglite", { queueDeadlineMs: 120_000 });
    await createCatalogFixture(app.database.db);
  });
  afterAll(() => app?.stop());

  it("renders RENDER_SLOTS pages at a time and answers the rest a quick 503 once they have waited too long", async () => {
    const release = holdEngine(app);
    const extra = 4;
    const early: number[] = [];
    let shedding = () => {};
    const shed = new Promise<void>((resolve) => (shedding = resolve));
    const answers = Array.from({ length: RENDER_SLOTS + extra }, () =>
      fetch(`${app.url}/`).then(async (response) => {
        const answer = {
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          body: await response.text(),
        };
        early.push(answer.status);
        if (early.length === extra) shedding();
        return answer;
      }),
    );
    try {
      // Those without a turn give up after RENDER_WAIT_MS (5 s), while the database still holds the others.
      await shed;
      expect(early).toEqual(Array<number>(extra).fill(503));
    } finally {
      await release();
    }
    const settled = await Promise.all(answers);
    for (const answer of settled.filter((candidate) => candidate.status === 503)) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(answer.body).toBe(SHOP_UNAVAILABLE_MESSAGE);
    }
    expect(settled.filter((answer) => answer.status === 200)).toHaveLength(RENDER_SLOTS);
  });
});
