import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { orderItems, orders } from "../../server/db/schema.ts";
import { ABANDON_AFTER_SECONDS } from "../../server/orders/abandoned-orders.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { createServerDatabase, dropServerDatabase, ENGINES } from "../support/test-database.ts";

// The shop process dies (SIGKILL: no shutdown code runs) while Stripe is still
// creating the payment page. The order written before the provider call must
// survive, and the next start must close it as abandoned once it is old enough.
const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

describe.each(ENGINES)("a shop killed during checkout on %s", (engine) => {
  let standIn: StripeStandIn;
  let databaseUrl: string | undefined;
  const running: AppServer[] = [];

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    databaseUrl = engine === "postgres" ? await createServerDatabase() : undefined;
  });
  afterAll(async () => {
    for (const server of running) await server.stop();
    await standIn?.close();
    if (databaseUrl) await dropServerDatabase(databaseUrl);
  });

  const start = async (dataDir?: string) => {
    const server = await startAppServer({
      ...(dataDir ? { dataDir } : {}),
      env: {
        STRIPE_SECRET_KEY: "sk_test_crash",
        STRIPE_API_URL: standIn.url,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    running.push(server);
    return server;
  };
  const forget = (server: AppServer) => running.splice(running.indexOf(server), 1);

  /** Opens the shop's database from the test, once no shop process holds it. */
  async function withShopDatabase<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : dataDir, migrationsFolder });
    try {
      return await work(handle.asOwner());
    } finally {
      await handle.close();
    }
  }

  it("keeps the order written before the provider call and closes it as abandoned after a restart", async () => {
    const first = await start();
    const home = await (await fetch(first.url)).text();
    const productPath = /href="(\/product\/[a-z0-9-]+)"/.exec(home)?.[1];
    const productPage = await (await fetch(`${first.url}${productPath}`)).text();
    const ldJson = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(productPage)![1]!;
    const productId = (JSON.parse(ldJson) as { productID: string }).productID;
    const fabricCode = /name="fabric"[^>]*value="([^"]+)"/.exec(productPage)?.[1] ?? "default";

    const held = standIn.holdSessionCreation();
    const checkout = fetch(`${first.url}/checkout.data`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.url },
      body: JSON.stringify({
        customer: {
          customerName: "Grace Hopper",
          customerEmail: "grace@example.com",
          streetAddress: "1 Navy Yard",
          city: "Arlington",
          state: "VA",
          zipCode: "22202",
        },
        items: [{ productId, fabricCode, quantity: 2 }],
      }),
    }).then(
      (response) => response.status,
      (error: unknown) => error,
    );

    // The order is written and the shop is waiting for Stripe: kill it now.
    const providerCall = await held.arrived;
    const orderId = providerCall.form["metadata[orderId]"]!;
    const orderNumber = providerCall.form["metadata[orderNumber]"]!;
    expect(await first.kill("SIGKILL")).toBe("SIGKILL");
    forget(first);
    held.release();
    // The shopper's request died with the process: no answer at all.
    expect(await checkout).toBeInstanceOf(Error);

    await withShopDatabase(first.dataDir, async (db) => {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ orderNumber, status: "awaiting_payment", paymentSessionId: null });
      // As if the shop had stayed down for longer than an order may wait for its payment to start.
      await db
        .update(orders)
        .set({ createdAt: sql`now() - make_interval(secs => ${ABANDON_AFTER_SECONDS + 60})` })
        .where(eq(orders.id, orderId));
    });

    const second = await start(first.dataDir);
    // The sweep begins before the shop listens, and a graceful stop waits for it to finish.
    expect(await second.stop()).toBe(0);
    forget(second);
    expect(second.output()).toContain(orderNumber);

    await withShopDatabase(first.dataDir, async (db) => {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        orderNumber,
        status: "abandoned",
        paymentSessionId: null,
        customerEmail: "grace@example.com",
      });
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ productId, fabricCode, quantity: 2 });
      expect(order!.totalCents).toBe(items[0]!.unitPriceCents * 2);
    });
  }, 240_000);
});
