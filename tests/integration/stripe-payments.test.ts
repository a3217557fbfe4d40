import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../core/checkout-form.ts";
import {
  categories,
  emailOutbox,
  orders,
  paymentEvents,
  payments,
  productFabrics,
  products,
  storeSettings,
  tenants,
} from "../../server/db/schema.ts";
import { storeScope } from "../../server/db/store-scope.ts";
import { createLogger } from "../../server/logger.ts";
import { placeOrder } from "../../server/orders/place-order.ts";
import { createStripeClient, createStripeProvider } from "../../server/payments/stripe-provider.ts";
import { handleStripeWebhook } from "../../server/orders/stripe-webhook-events.ts";
import { createCatalogFixture, CUSTOMER, FIXTURE_TENANT } from "../support/catalog-fixture.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

const PUBLIC_URL = "https://shop.test";
const WEBHOOK_SECRET = "whsec_test_secret";

describe.each(ENGINES)("Stripe payments on %s", (engine) => {
  let database: TestDatabase;
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let fixture: Awaited<ReturnType<typeof createCatalogFixture>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    fixture = await createCatalogFixture(database.db);
    standIn = await startStripeStandIn();
    stripe = createStripeClient({ secretKey: "sk_test_123", apiUrl: standIn.url });
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.dispose();
  });

  const place = (
    tenantId = FIXTURE_TENANT,
    items = [
      { productId: fixture.tote.id, fabricCode: "rose-floral", quantity: 2, price: 1 },
      { productId: fixture.wallet.id, fabricCode: "default", quantity: 1, price: 1 },
    ],
  ) =>
    placeOrder(
      { db: database.db, tenantId },
      {
        provider: createStripeProvider(
          { secretKey: "sk_test_123", apiUrl: standIn.url, publicUrl: PUBLIC_URL },
          stripe,
        ),
        publicUrl: PUBLIC_URL,
        storeName: "Selvage Handmade",
      },
      checkoutRequestSchema.parse({ customer: CUSTOMER, items }),
    );

  const webhook = (payload: object, signature?: string | null, tenantId = FIXTURE_TENANT) => {
    const body = JSON.stringify(payload);
    const header =
      signature === undefined
        ? stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET })
        : signature;
    return handleStripeWebhook(
      {
        store: storeScope(database.app, tenantId),
        stripe,
        webhookSecret: WEBHOOK_SECRET,
        publicUrl: PUBLIC_URL,
        log: createLogger("silent"),
      },
      body,
      header,
    );
  };
  const completedEvent = (id: string, sessionId: string, amount: number) => ({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid", amount_total: amount } },
  });

  it("opens a Checkout Session built from the database's prices", async () => {
    const placed = await place();
    expect(placed.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const request = standIn.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(request.headers["idempotency-key"]).toBe(`checkout-${placed.orderId}`);
    expect(request.form).toMatchObject({
      mode: "payment",
      customer_email: "ada@example.com",
      client_reference_id: placed.orderId,
      "metadata[orderId]": placed.orderId,
      "metadata[orderNumber]": placed.orderNumber,
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "7200",
      "line_items[0][price_data][product_data][name]": "Market Tote — Rose Floral",
      "line_items[0][price_data][product_data][images][0]": "https://shop.test/uploads/products/tote-rose.webp",
      "line_items[1][quantity]": "1",
      "line_items[1][price_data][unit_amount]": "3200",
      "line_items[1][price_data][product_data][name]": "Card Wallet",
      success_url: "https://shop.test/thank-you?session_id={CHECKOUT_SESSION_ID}&payment_complete=true",
      cancel_url: "https://shop.test/checkout?canceled=true",
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ status: "awaiting_payment", paymentProvider: "stripe", totalCents: 17600 });
    expect(order?.paymentSessionId).toMatch(/^cs_test_/);
  });

  it("fulfils the order on a correctly signed webhook, once per event", async () => {
    const placed = await place();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const event = completedEvent(`evt_${placed.orderId}`, order!.paymentSessionId!, 17600);
    expect(await webhook(event)).toEqual({ status: 200, body: { received: true } });
    expect(await webhook(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(paid?.status).toBe("new");
    expect(await database.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toHaveLength(1);
    const emails = (await database.db.select().from(emailOutbox)).filter((email) =>
      email.subject.includes(placed.orderNumber),
    );
    expect(emails).toHaveLength(2);
  });

  it("confirms a session only through its own store's webhook, under row security", async () => {
    const tenantId = "second-store";
    await database.db.insert(tenants).values({ id: tenantId });
    await database.db.insert(storeSettings).values({
      tenantId,
      storeName: "Second Store",
      contactEmail: "second@example.com",
      contactPhone: "",
    });
    const [category] = await database.db
      .insert(categories)
      .values({ tenantId, slug: "pouches", name: "Pouches" })
      .returning();
    const [pouch] = await database.db
      .insert(products)
      .values({
        tenantId,
        slug: "zip-pouch",
        name: "Zip Pouch",
        description: "A small zip pouch.",
        priceCents: 1800,
        categoryId: category!.id,
        hasFabricSelection: false,
        defaultImages: [],
        source: "selvage",
      })
      .returning();
    await database.db
      .insert(productFabrics)
      .values({ tenantId, productId: pouch!.id, code: "default", label: "Default", sortOrder: 0 });

    const placed = await place(tenantId, [{ productId: pouch!.id, fabricCode: "default", quantity: 1, price: 1 }]);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order?.tenantId).toBe(tenantId);
    const event = completedEvent(`evt_second_${placed.orderId}`, order!.paymentSessionId!, 1800);
    // Delivered to the default store, the other store's session is nowhere to be seen.
    expect(await webhook(event)).toEqual({ status: 200, body: { received: true } });
    const [unseen] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(unseen?.status).toBe("awaiting_payment");
    const other = { ...event, id: `${event.id}_own` };
    expect(await webhook(other, undefined, tenantId)).toEqual({ status: 200, body: { received: true } });
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(paid?.status).toBe("new");
    const emails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.tenantId, tenantId));
    expect(emails.map((email) => email.toAddress).sort()).toEqual(["ada@example.com", "second@example.com"]);
  });

  it("refuses a bad or stale signature with 400 and changes nothing", async () => {
    const placed = await place();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const event = completedEvent(`evt_bad_${placed.orderId}`, order!.paymentSessionId!, 17600);
    const body = JSON.stringify(event);
    const forged = stripe.webhooks.generateTestHeaderString({ payload: body, secret: "whsec_someone_else" });
    const stale = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 60 * 60,
    });
    for (const signature of [forged, stale, null, "t=1,v1=deadbeef"]) {
      expect(await webhook(event, signature)).toEqual({ status: 400, body: { error: "Invalid signature" } });
    }
    const [after] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(after?.status).toBe("awaiting_payment");
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual([]);
  });

  it("waits for delayed payment methods and records failures and expiry", async () => {
    const delayed = await place();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, delayed.orderId));
    const sessionId = order!.paymentSessionId!;
    await webhook({
      ...completedEvent(`evt_unpaid_${sessionId}`, sessionId, 17600),
      data: { object: { id: sessionId, payment_status: "unpaid", amount_total: 17600 } },
    });
    expect((await database.db.select().from(orders).where(eq(orders.id, delayed.orderId)))[0]?.status).toBe(
      "awaiting_payment",
    );
    await webhook({
      id: `evt_failed_${sessionId}`,
      object: "event",
      type: "checkout.session.async_payment_failed",
      data: { object: { id: sessionId } },
    });
    expect((await database.db.select().from(orders).where(eq(orders.id, delayed.orderId)))[0]?.status).toBe(
      "payment_failed",
    );

    const abandoned = await place();
    const [other] = await database.db.select().from(orders).where(eq(orders.id, abandoned.orderId));
    await webhook({
      id: `evt_expired_${other!.id}`,
      object: "event",
      type: "checkout.session.expired",
      data: { object: { id: other!.paymentSessionId } },
    });
    expect((await database.db.select().from(orders).where(eq(orders.id, abandoned.orderId)))[0]?.status).toBe(
      "expired",
    );
  });

  it("reads a session's payment state from Stripe", async () => {
    const placed = await place();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const provider = createStripeProvider(
      { secretKey: "sk_test_123", apiUrl: standIn.url, publicUrl: PUBLIC_URL },
      stripe,
    );
    expect(await provider.getSession(storeScope(database.app, FIXTURE_TENANT), order!.paymentSessionId!)).toMatchObject(
      {
        paid: false,
        amountTotalCents: 17600,
        orderId: placed.orderId,
      },
    );
    standIn.setPaymentStatus(order!.paymentSessionId!, "paid");
    expect(await provider.getSession(storeScope(database.app, FIXTURE_TENANT), order!.paymentSessionId!)).toMatchObject(
      {
        paid: true,
        customerEmail: "ada@example.com",
      },
    );
    expect(await provider.getSession(storeScope(database.app, FIXTURE_TENANT), "cs_test_missing")).toBeNull();
  });
});
