import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../core/checkout-form.ts";
import { openDatabase } from "../../server/db/client.ts";
import { storeScope, type StoreDatabases } from "../../server/db/store-scope.ts";
import { orderItems, orders, tenants, type OrderStatus } from "../../server/db/schema.ts";
import {
  ABANDON_AFTER_SECONDS,
  closeAbandonedOrders,
  startOrderSweeper,
} from "../../server/orders/abandoned-orders.ts";
import { placeOrder } from "../../server/orders/place-order.ts";
import { createStripeProvider } from "../../server/payments/stripe-provider.ts";
import type { PaymentProvider } from "../../server/payments/provider.ts";
import { createCatalogFixture, CUSTOMER, FIXTURE_TENANT } from "../support/catalog-fixture.ts";
import { startDroppingPeer } from "../support/dropping-peer.ts";
import { startStripeStandIn } from "../support/stripe-stand-in.ts";
import { recordingLogger } from "../support/recording-logger.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

const PUBLIC_URL = "http://shop.test";
const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

describe.each(ENGINES)("abandoned orders on %s", (engine) => {
  let database: TestDatabase;
  let fixture: Awaited<ReturnType<typeof createCatalogFixture>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    fixture = await createCatalogFixture(database.db);
  });
  afterAll(() => database?.dispose());

  /** Writes an order as a checkout would have left it, `ageSeconds` old by the database's clock. */
  async function writeOrder({
    ageSeconds,
    status = "awaiting_payment",
    session = false,
    tenantId = FIXTURE_TENANT,
  }: {
    ageSeconds: number;
    status?: OrderStatus;
    session?: boolean;
    tenantId?: string;
  }) {
    const orderNumber = `T${Math.random().toString(36).slice(2, 12)}`;
    const [order] = await database.db
      .insert(orders)
      .values({
        tenantId,
        orderNumber,
        status,
        customerName: CUSTOMER.customerName,
        customerEmail: CUSTOMER.customerEmail,
        shippingAddress: {
          street: "1550 Blake St",
          apartment: "",
          city: "Denver",
          state: "CO",
          zipCode: "80202",
          country: "United States",
        },
        subtotalCents: 6500,
        totalCents: 6500,
        paymentProvider: "stripe",
        paymentSessionId: session ? `cs_test_${orderNumber}` : null,
        createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
      })
      .returning();
    await database.db.insert(orderItems).values({
      tenantId,
      orderId: order!.id,
      productId: fixture.tote.id,
      productName: "Market Tote",
      fabricCode: "navy-gingham",
      fabricLabel: "Navy Gingham",
      unitPriceCents: 6500,
      quantity: 1,
      position: 0,
    });
    return order!;
  }

  /** The fixture store as the application sees it (row-level security). */
  const shop = () => storeScope(database.app, FIXTURE_TENANT);

  const statusOf = async (orderId: string) =>
    (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

  const checkoutRequest = () =>
    checkoutRequestSchema.parse({
      customer: CUSTOMER,
      items: [{ productId: fixture.tote.id, fabricCode: "navy-gingham", quantity: 2 }],
    });

  const placeWith = (provider: PaymentProvider) =>
    placeOrder(
      { db: database.db, tenantId: FIXTURE_TENANT },
      { provider, publicUrl: PUBLIC_URL, storeName: "Selvage Handmade" },
      checkoutRequest(),
    );

  it("closes old orders whose payment never started, in every store, and leaves every other order alone", async () => {
    const otherStore = `other-${Math.random().toString(36).slice(2, 8)}`;
    await database.db.insert(tenants).values({ id: otherStore });
    const minute = 60;
    const qualifying = [
      await writeOrder({ ageSeconds: ABANDON_AFTER_SECONDS + minute }),
      await writeOrder({ ageSeconds: 3 * 24 * 60 * minute }),
      await writeOrder({ ageSeconds: ABANDON_AFTER_SECONDS + minute, tenantId: otherStore }),
    ];
    const untouched = [
      // Recent: its provider call may still be under way.
      await writeOrder({ ageSeconds: minute }),
      await writeOrder({ ageSeconds: ABANDON_AFTER_SECONDS - minute }),
      // Its payment page was opened: the provider's expiry decides (checkout.session.expired).
      await writeOrder({ ageSeconds: 2 * ABANDON_AFTER_SECONDS, session: true }),
      // Paid, expired or canceled orders are never reopened or closed again.
      await writeOrder({ ageSeconds: 2 * ABANDON_AFTER_SECONDS, session: true, status: "new" }),
      await writeOrder({ ageSeconds: 2 * ABANDON_AFTER_SECONDS, status: "new" }),
      await writeOrder({ ageSeconds: 2 * ABANDON_AFTER_SECONDS, session: true, status: "expired" }),
      await writeOrder({ ageSeconds: 2 * ABANDON_AFTER_SECONDS, status: "canceled" }),
    ];

    // Each store's sweep, as the sweeper runs it: under row security, for that store alone.
    const sweepAll = async () => [
      ...(await closeAbandonedOrders(storeScope(database.app, FIXTURE_TENANT))),
      ...(await closeAbandonedOrders(storeScope(database.app, otherStore))),
    ];
    const closed = await sweepAll();

    const closedIds = closed.map((order) => order.id);
    expect(closedIds).toEqual(expect.arrayContaining(qualifying.map((order) => order.id)));
    expect(closed.find((order) => order.id === qualifying[2]!.id)).toEqual({
      id: qualifying[2]!.id,
      tenantId: otherStore,
      orderNumber: qualifying[2]!.orderNumber,
    });
    for (const order of untouched) expect(closedIds).not.toContain(order.id);
    for (const order of qualifying) expect(await statusOf(order.id)).toBe("abandoned");
    for (const order of untouched) expect(await statusOf(order.id), order.orderNumber).toBe(order.status);
    // Closed, not deleted: the order and what was in it stay on record.
    const items = await database.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          qualifying.map((order) => order.id),
        ),
      );
    expect(items).toHaveLength(qualifying.length);
    // A second pass does not report them again.
    const again = (await sweepAll()).map((order) => order.id);
    for (const order of qualifying) expect(again).not.toContain(order.id);
  });

  it("closes each order exactly once when several app servers sweep at the same time", async () => {
    const mine = await Promise.all(
      Array.from({ length: 6 }, () => writeOrder({ ageSeconds: 2 * ABANDON_AFTER_SECONDS })),
    );
    const passes = await Promise.all(Array.from({ length: 4 }, () => closeAbandonedOrders(shop())));
    const reported = passes
      .flat()
      .map((order) => order.id)
      .filter((id) => mine.some((order) => order.id === id));
    expect(reported.sort()).toEqual(mine.map((order) => order.id).sort());
  });

  it("closes the order at once when the payment provider cannot open a checkout", async () => {
    const dropping = await startDroppingPeer();
    const unreachable = `http://127.0.0.1:${dropping.port}`;
    const refusing = await startStripeStandIn();
    try {
      for (const [secretKey, apiUrl] of [
        ["sk_test_unreachable", unreachable],
        // The stand-in answers 401 to a key that is not a test key.
        ["sk_live_refused", refusing.url],
      ] as const) {
        let orderId: string | undefined;
        const stripe = createStripeProvider({ secretKey, apiUrl, publicUrl: PUBLIC_URL });
        const provider: PaymentProvider = {
          ...stripe,
          createCheckout(request) {
            orderId = request.orderId;
            return stripe.createCheckout(request);
          },
        };
        await expect(placeWith(provider)).rejects.toThrow();
        const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId!));
        expect(order, apiUrl).toMatchObject({ status: "abandoned", paymentSessionId: null, totalCents: 13000 });
        const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId!));
        expect(items.map(({ productName, quantity }) => ({ productName, quantity }))).toEqual([
          { productName: "Market Tote", quantity: 2 },
        ]);
      }
    } finally {
      await refusing.close();
      await dropping.close();
    }
  });

  it("leaves an order whose payment page opened to the provider, however old", async () => {
    const stripe = await startStripeStandIn();
    try {
      const placed = await placeWith(
        createStripeProvider({ secretKey: "sk_test_opened", apiUrl: stripe.url, publicUrl: PUBLIC_URL }),
      );
      expect(placed.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
      await database.db
        .update(orders)
        .set({ createdAt: sql`now() - make_interval(secs => ${2 * ABANDON_AFTER_SECONDS})` })
        .where(eq(orders.id, placed.orderId));
      expect((await closeAbandonedOrders(shop())).map((order) => order.id)).not.toContain(placed.orderId);
      const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
      expect(order).toMatchObject({ status: "awaiting_payment", paymentSessionId: expect.stringMatching(/^cs_test_/) });
    } finally {
      await stripe.close();
    }
  });

  it("never opens a payment page for an order closed while its provider was slow", async () => {
    let orderId: string | undefined;
    const slow: PaymentProvider = {
      name: "stripe",
      async createCheckout(request) {
        orderId = request.orderId;
        // The provider takes so long that the order comes of age and a sweeper closes it.
        await database.db
          .update(orders)
          .set({ createdAt: sql`now() - make_interval(secs => ${2 * ABANDON_AFTER_SECONDS})` })
          .where(eq(orders.id, request.orderId));
        await closeAbandonedOrders(shop());
        return { sessionId: `cs_test_late_${request.orderId}`, url: "https://checkout.stripe.test/pay/late" };
      },
      getSession: () => Promise.resolve(null),
      refund: () => Promise.reject(new Error("not used")),
    };
    await expect(placeWith(slow)).rejects.toThrow(/was closed before its payment started/);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(order).toMatchObject({ status: "abandoned", paymentSessionId: null });
  });

  it("sweeps at start, and stopping waits for the pass under way", async () => {
    const leftover = await writeOrder({ ageSeconds: 2 * ABANDON_AFTER_SECONDS });
    const { log, entries } = recordingLogger<{ orders: { orderNumber: string }[] }>();
    const sweeper = startOrderSweeper({ databases: database.app, log });
    await sweeper.stop();
    expect(await statusOf(leftover.id)).toBe("abandoned");
    const report = entries.find((entry) => entry.msg === "closed orders whose payment never started");
    expect(report?.orders).toEqual(
      expect.arrayContaining([expect.objectContaining({ orderNumber: leftover.orderNumber })]),
    );
  });

  it("keeps sweeping through a database outage and catches up when the database is back", async () => {
    // A handle on the same engine that has been closed fails every query, as a database that is down does.
    const down = await openDatabase({ databaseUrl: database.url, migrationsFolder });
    await down.close();
    let current: StoreDatabases = down;
    const databases: StoreDatabases = {
      get db() {
        return current.db;
      },
      forTenant: (tenantId) => current.forTenant(tenantId),
      engine: database.engine,
    };

    const leftover = await writeOrder({ ageSeconds: 2 * ABANDON_AFTER_SECONDS });
    const { log, entries, until } = recordingLogger<{ orders: { orderNumber: string }[] }>();
    const failures = () =>
      entries.filter((entry) => entry.msg === "abandoned-order sweep failed, will try again").length;
    const sweeper = startOrderSweeper({ databases, log }, { intervalMs: 10 });
    try {
      await until(() => failures() >= 3);
      expect(await statusOf(leftover.id)).toBe("awaiting_payment");

      current = database.app;
      await until(() =>
        entries.some((entry) => entry.orders?.some((order) => order.orderNumber === leftover.orderNumber)),
      );
    } finally {
      await sweeper.stop();
    }
    expect(await statusOf(leftover.id)).toBe("abandoned");
  });
});
