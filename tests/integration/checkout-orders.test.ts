import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../core/checkout-form.ts";
import { emailOutbox, orderItems, orders, payments } from "../../server/db/schema.ts";
import { loadConfig } from "../../server/config.ts";
import type { AppServices } from "../../server/context.ts";
import { createLogger } from "../../server/logger.ts";
import { startCheckout } from "../../server/orders/checkout-action.ts";
import { confirmPayment } from "../../server/orders/confirm-payment.ts";
import { markCheckoutUnpaid } from "../../server/orders/mark-unpaid.ts";
import { transitionOrder } from "../../server/orders/order-workflow.ts";
import { finishTestCheckout, loadTestCheckout } from "../../server/orders/test-checkout.ts";
import { successPath } from "../../server/payments/provider.ts";
import { placeOrder } from "../../server/orders/place-order.ts";
import { CartRejectedError } from "../../server/orders/price-lines.ts";
import { createTestProvider } from "../../server/payments/test-provider.ts";
import { createCatalogFixture, CUSTOMER, FIXTURE_TENANT } from "../support/catalog-fixture.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

const PUBLIC_URL = "http://shop.test";

describe.each(ENGINES)("orders on %s", (engine) => {
  let database: TestDatabase;
  let fixture: Awaited<ReturnType<typeof createCatalogFixture>>;
  const shop = () => ({ db: database.db, tenantId: FIXTURE_TENANT });
  const deps = () => ({
    provider: createTestProvider({ publicUrl: PUBLIC_URL }),
    publicUrl: PUBLIC_URL,
    storeName: "Selvage Handmade",
  });
  const request = (items: unknown[]) => checkoutRequestSchema.parse({ customer: CUSTOMER, items });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    fixture = await createCatalogFixture(database.db);
  });

  /** A $32.00 wallet ordered through the test provider, and its payment session. */
  const placeWalletOrder = async () => {
    const placed = await placeOrder(
      shop(),
      deps(),
      request([{ productId: fixture.wallet.id, fabricCode: "default", quantity: 1 }]),
    );
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    return { placed, sessionId: order!.paymentSessionId! };
  };
  afterAll(() => database?.dispose());

  it("writes the order before payment, priced from the database, whatever the browser says", async () => {
    const placed = await placeOrder(
      shop(),
      deps(),
      request([
        // A tampered browser claims a price of one cent: the schema drops it and the server prices the line.
        { productId: fixture.tote.id, fabricCode: "rose-floral", quantity: 2, price: 0.01 },
        { productId: fixture.wallet.id, fabricCode: "default", quantity: 1, price: 0.01 },
      ]),
    );
    expect(placed.orderNumber).toMatch(/^VC\d{6}[1-9]\d{2}$/);
    expect(placed.paymentUrl).toMatch(new RegExp(`^${PUBLIC_URL}/pay/test/test_cs_`));
    expect(placed.totalCents).toBe(2 * (6500 + 700) + 3200);

    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({
      status: "awaiting_payment",
      customerName: "Ada Lovelace",
      customerEmail: "ada@example.com",
      subtotalCents: 17600,
      shippingCents: 0,
      totalCents: 17600,
      paymentProvider: "test",
      shippingAddress: {
        street: "1550 Blake St",
        apartment: "Unit 4",
        city: "Denver",
        state: "CO",
        zipCode: "80202",
        country: "United States",
      },
      orderNotes: "Gift wrap, please.",
    });
    expect(order?.paymentSessionId).toMatch(/^test_cs_/);
    const items = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId))
      .orderBy(orderItems.position);
    expect(
      items.map(({ productName, fabricLabel, unitPriceCents, quantity, imageUrl }) => ({
        productName,
        fabricLabel,
        unitPriceCents,
        quantity,
        imageUrl,
      })),
    ).toEqual([
      {
        productName: "Market Tote",
        fabricLabel: "Rose Floral",
        unitPriceCents: 7200,
        quantity: 2,
        imageUrl: "/uploads/products/tote-rose.webp",
      },
      {
        productName: "Card Wallet",
        fabricLabel: "Default",
        unitPriceCents: 3200,
        quantity: 1,
        imageUrl: "/uploads/products/wallet-main.webp",
      },
    ]);
  });

  it("refuses unknown products and fabrics with a clear message and writes nothing", async () => {
    const [{ n: before }] = (await database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    await expect(
      placeOrder(
        shop(),
        deps(),
        request([{ productId: "6f1c2a9e-8d1b-4c7e-9a51-0b2f3c4d5e6f", fabricCode: "default", quantity: 1 }]),
      ),
    ).rejects.toThrow(CartRejectedError);
    await expect(
      placeOrder(shop(), deps(), request([{ productId: fixture.tote.id, fabricCode: "no-such-fabric", quantity: 1 }])),
    ).rejects.toThrow("An item in your cart is no longer available");
    await expect(
      placeOrder(shop(), deps(), request([{ productId: fixture.wallet.id, fabricCode: "navy-gingham", quantity: 1 }])),
    ).rejects.toThrow(CartRejectedError);
    await expect(
      placeOrder(
        shop(),
        deps(),
        request([
          { productId: fixture.tote.id, fabricCode: "navy-gingham", quantity: 1 },
          { productId: fixture.tote.id, fabricCode: "navy-gingham", quantity: 2 },
        ]),
      ),
    ).rejects.toThrow("the same item twice");
    const [{ n: after }] = (await database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    expect(after).toBe(before);
  });

  it("takes the phone however the shopper writes a US number and stores it as 720-555-0199; refuses what is not one, writing nothing", async () => {
    const services = {
      db: database.db,
      config: loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "selvage-phone-")), PUBLIC_URL }),
      log: createLogger("silent"),
    } as unknown as AppServices;
    const client = { clientIp: "203.0.113.7" };
    const checkout = (customerPhone: string) =>
      startCheckout(shop(), services, client, {
        customer: { ...CUSTOMER, customerPhone },
        items: [{ productId: fixture.wallet.id, fabricCode: "default", quantity: 1 }],
      });
    for (const [written, stored] of [
      ["(720) 555-0199", "720-555-0199"],
      ["+1 720.555.0199", "720-555-0199"],
      ["7205550199", "720-555-0199"],
      ["", ""],
    ] as const) {
      const answer = await checkout(written);
      if (!answer.ok) throw new Error(`${written}: ${answer.error}`);
      const [order] = await database.db
        .select({ customerPhone: orders.customerPhone })
        .from(orders)
        .where(eq(orders.orderNumber, answer.orderNumber));
      expect(order?.customerPhone, written).toBe(stored);
    }

    const [{ n: before }] = (await database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    for (const wrong of ["720-555-019", "720-555-01999", "720-555-CALL", "720-555-0199\u0000", "+44 20 7946 0958"]) {
      expect(await checkout(wrong), JSON.stringify(wrong)).toEqual({
        ok: false,
        status: 400,
        error: "Please enter a valid phone number",
        fieldErrors: { "customer.customerPhone": "Please enter a valid phone number" },
      });
    }
    const [{ n: after }] = (await database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    expect(after).toBe(before);
  });

  it("refuses zero, negative, fractional and huge quantities", () => {
    for (const quantity of [0, -1, 1.5, 100, 1e9]) {
      const result = checkoutRequestSchema.safeParse({
        customer: CUSTOMER,
        items: [{ productId: fixture.tote.id, fabricCode: "navy-gingham", quantity }],
      });
      expect(result.success, String(quantity)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/Quantity must be/);
    }
  });

  it("confirms a payment exactly once, however many confirmations race", async () => {
    const placed = await placeOrder(
      shop(),
      deps(),
      request([{ productId: fixture.tote.id, fabricCode: "navy-gingham", quantity: 1 }]),
    );
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const sessionId = order!.paymentSessionId!;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        confirmPayment(
          shop(),
          { sessionId, amountCents: 6500, source: i % 2 ? "webhook" : "thank-you" },
          { publicUrl: PUBLIC_URL },
        ),
      ),
    );
    expect(results.every((result) => result?.status === "new" && result.orderNumber === placed.orderNumber)).toBe(true);
    expect(await database.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toHaveLength(1);
    const emails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.tenantId, FIXTURE_TENANT));
    const forOrder = emails.filter((email) => email.subject.includes(placed.orderNumber));
    expect(forOrder.map((email) => [email.toAddress, email.subject]).sort()).toEqual(
      [
        ["ada@example.com", `Order Confirmation - #${placed.orderNumber}`],
        ["studio@example.com", `New Order - #${placed.orderNumber} - Ada Lovelace`],
      ].sort(),
    );
    const customerEmail = forOrder.find((email) => email.toAddress === "ada@example.com")!;
    expect(customerEmail.text).toContain("Market Tote (Fabric: Navy Gingham) × 1: $65.00");
    expect(customerEmail.text).toContain("Local handoff");
    // The shopper can check the details given: address, phone and notes.
    expect(customerEmail.text).toContain("1550 Blake St\nUnit 4\nDenver, CO 80202\nUnited States");
    expect(customerEmail.text).toContain("Gift wrap, please.");
    expect(customerEmail.html).toContain(`${PUBLIC_URL}/uploads/products/tote-main.webp`);
  });

  it("leaves a paid order where the owner moved it when its payment is confirmed again (a reload, a late webhook)", async () => {
    for (const to of ["in_progress", "canceled"] as const) {
      const { placed, sessionId } = await placeWalletOrder();
      const confirmation = { sessionId, amountCents: 3200, source: "thank-you" } as const;
      const paid = await confirmPayment(shop(), confirmation, { publicUrl: PUBLIC_URL });
      const moved = await transitionOrder(
        shop(),
        { orderNumber: placed.orderNumber, to, actor: "owner@example.com" },
        { publicUrl: PUBLIC_URL },
      );
      expect(moved.ok).toBe(true);
      const outboxBefore = await database.db.select({ n: count() }).from(emailOutbox);

      const again = await confirmPayment(shop(), { ...confirmation, source: "webhook" }, { publicUrl: PUBLIC_URL });
      expect(again?.status).toBe(to);
      const [after] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
      expect(after?.status).toBe(to);
      expect(after?.paidAt).toEqual(paid!.paidAt);
      expect(await database.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toHaveLength(1);
      expect(await database.db.select({ n: count() }).from(emailOutbox)).toEqual(outboxBefore);
    }
  });

  it("shows a paid order to a shopper who then cancels in another tab, and keeps it paid", async () => {
    const { placed, sessionId } = await placeWalletOrder();
    const services = {
      config: loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "selvage-pay-")), PUBLIC_URL }),
    } as unknown as AppServices;
    const paidPage = { kind: "done", redirectTo: successPath(sessionId) };
    expect(await finishTestCheckout(shop(), services, sessionId, "complete")).toBe(successPath(sessionId));
    expect(await finishTestCheckout(shop(), services, sessionId, "cancel")).toBe(successPath(sessionId));
    expect(await loadTestCheckout(shop(), services, sessionId)).toEqual(paidPage);
    // Still the order's page once the owner has moved it along.
    await transitionOrder(
      shop(),
      { orderNumber: placed.orderNumber, to: "in_progress", actor: "owner@example.com" },
      { publicUrl: PUBLIC_URL },
    );
    expect(await loadTestCheckout(shop(), services, sessionId)).toEqual(paidPage);
    expect(await finishTestCheckout(shop(), services, sessionId, "cancel")).toBe(successPath(sessionId));
    const [after] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(after?.status).toBe("in_progress");
  });

  it("still makes an order of a payment that arrives after its checkout was marked expired", async () => {
    const { sessionId } = await placeWalletOrder();
    expect(await markCheckoutUnpaid(shop(), sessionId, "expired")).toBe(true);
    const paid = await confirmPayment(
      shop(),
      { sessionId, amountCents: 3200, source: "webhook" },
      { publicUrl: PUBLIC_URL },
    );
    expect(paid?.status).toBe("new");
    expect(paid?.paidAt).toBeInstanceOf(Date);
  });

  it("answers nothing for an unknown session or another store's, and refuses a payment of the wrong amount", async () => {
    expect(
      await confirmPayment(
        shop(),
        { sessionId: "cs_unknown", amountCents: 1, source: "webhook" },
        { publicUrl: PUBLIC_URL },
      ),
    ).toBeNull();
    const { placed, sessionId } = await placeWalletOrder();
    // Another store never reaches this store's payment session.
    const otherStore = { db: database.db, tenantId: "someone-else" };
    expect(
      await confirmPayment(otherStore, { sessionId, amountCents: 3200, source: "webhook" }, { publicUrl: PUBLIC_URL }),
    ).toBeNull();
    expect(await markCheckoutUnpaid(otherStore, sessionId, "expired")).toBe(false);
    await expect(
      confirmPayment(shop(), { sessionId, amountCents: 100, source: "webhook" }, { publicUrl: PUBLIC_URL }),
    ).rejects.toThrow(/expected 3200/);
    const [after] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(after?.status).toBe("awaiting_payment");
  });

  it("escapes what shoppers type in the emails", async () => {
    const placed = await placeOrder(
      shop(),
      deps(),
      checkoutRequestSchema.parse({
        customer: {
          ...CUSTOMER,
          customerName: "<script>alert(1)</script>",
          orderNotes: "<img src=x onerror=alert(1)>\nWrap it, please",
        },
        items: [{ productId: fixture.wallet.id, fabricCode: "default", quantity: 1 }],
      }),
    );
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    await confirmPayment(
      shop(),
      { sessionId: order!.paymentSessionId!, amountCents: null, source: "thank-you" },
      { publicUrl: PUBLIC_URL },
    );
    const emails = (await database.db.select().from(emailOutbox)).filter((email) =>
      email.subject.includes(placed.orderNumber),
    );
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email.html).not.toContain("<script>");
      expect(email.html).not.toContain("<img src=x");
      // Both tell the notes as typed, line by line.
      expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;<br>Wrap it, please");
      expect(email.text).toContain("<img src=x onerror=alert(1)>\nWrap it, please");
    }
  });
});

describe("test payments on a real (https) shop", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database?.dispose());

  const services = (env: Record<string, string>) =>
    ({
      db: database.db,
      config: loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "selvage-https-")),
        PUBLIC_URL: "https://shop.example.com",
        ...env,
      }),
      log: createLogger("silent"),
    }) as unknown as AppServices;

  it("are refused unless explicitly allowed, and nothing is written", async () => {
    const fixture = await createCatalogFixture(database.db);
    const body = { customer: CUSTOMER, items: [{ productId: fixture.wallet.id, fabricCode: "default", quantity: 1 }] };
    const shop = { db: database.db, tenantId: FIXTURE_TENANT };
    const client = { clientIp: "203.0.113.1" };
    expect(await startCheckout(shop, services({}), client, body)).toEqual({
      ok: false,
      status: 503,
      error: "Online payment is not available right now. Please contact us to place your order.",
    });
    expect(await database.db.select().from(orders)).toEqual([]);
    const allowed = await startCheckout(shop, services({ ALLOW_TEST_PAYMENTS: "true" }), client, body);
    expect(allowed).toMatchObject({
      ok: true,
      url: expect.stringMatching(/^https:\/\/shop\.example\.com\/pay\/test\/test_cs_/),
    });
  });
});
