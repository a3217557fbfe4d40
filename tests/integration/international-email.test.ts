import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetRequestSchema } from "../../core/account-forms.ts";
import { createAuth } from "../../server/auth/auth.ts";
import { ensureOwner } from "../../server/auth/owner.ts";
import { requestPasswordReset } from "../../server/auth/password-reset.ts";
import { loadConfig } from "../../server/config.ts";
import type { AppServices } from "../../server/context.ts";
import { emailOutbox, orders } from "../../server/db/schema.ts";
import { storeScope } from "../../server/db/store-scope.ts";
import { startMailSender } from "../../server/mail/sender.ts";
import { startCheckout } from "../../server/orders/checkout-action.ts";
import { verifyReturn } from "../../server/orders/verify-return.ts";
import { finishTestCheckout } from "../../server/orders/test-checkout.ts";
import { createCatalogFixture, CUSTOMER, FIXTURE_TENANT } from "../support/catalog-fixture.ts";
import { startMailCatcher, type MailCatcherOptions } from "../support/mail-catcher.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";
import { createLocalStorage } from "../../server/storage/local-storage.ts";

const log = pino({ level: "silent" });
let clients = 0;
/** Each checkout from its own client address, so the per-client limit never interferes. */
const nextClient = () => ({ tenantId: FIXTURE_TENANT, clientIp: `198.51.100.${++clients}` });

describe.each(ENGINES)("checkout with addresses beyond ASCII on %s", (engine) => {
  let database: TestDatabase;
  let services: AppServices;
  const shop = () => ({ db: database.db, tenantId: FIXTURE_TENANT });
  let fixture: Awaited<ReturnType<typeof createCatalogFixture>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    fixture = await createCatalogFixture(database.db);
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "selvage-idn-")),
      PUBLIC_URL: "http://shop.test",
    });
    services = { db: database.db, config, log } as unknown as AppServices;
  });
  afterAll(() => database?.dispose());

  const body = (customer: Record<string, string>) => ({
    customer: { ...CUSTOMER, ...customer },
    items: [{ productId: fixture.wallet.id, fabricCode: "default", quantity: 1 }],
  });

  /** What the shopper does: checkout, pay on the test page, land on the thank-you page. */
  async function buy(customerEmail: string) {
    const started = await startCheckout(shop(), services, nextClient(), body({ customerEmail }));
    if (!started.ok) throw new Error(`checkout refused: ${started.error}`);
    const sessionId = new URL(started.url).pathname.split("/").at(-1)!;
    expect(await finishTestCheckout(shop(), services, sessionId, "complete")).toContain(sessionId);
    const [order] = await database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    return { sessionId, order: order! };
  }

  const emailsOf = async (orderId: string) => {
    const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.tenantId, FIXTURE_TENANT));
    return {
      customer: rows.find((row) => row.dedupeKey === `order-confirmation:${orderId}`)!,
      owner: rows.find((row) => row.dedupeKey === `order-owner:${orderId}`)!,
    };
  };

  async function deliverAll(options: MailCatcherOptions = {}) {
    const catcher = await startMailCatcher(options);
    const sender = startMailSender(
      { databases: database.app, config: { SMTP_URL: catcher.url, DATA_DIR: tmpdir() }, log },
      { pollIntervalMs: 60_000 },
    );
    try {
      await sender.flush();
      await sender.flush();
      return catcher.messages();
    } finally {
      await sender.stop();
      await catcher.stop();
    }
  }

  it("confirms the order and delivers the confirmation, the domain in punycode where the local part is ASCII", async () => {
    const bought = {
      "josé@example.com": await buy("josé@example.com"),
      "ü@exämple.com": await buy("ü@exämple.com"),
      "ada@exämple.com": await buy("ada@exämple.com"),
    };
    const delivered = await deliverAll();
    const confirmationTo = (orderNumber: string) =>
      delivered.find((mail) => mail.subject === `Order Confirmation - #${orderNumber}`);

    for (const [address, { order, sessionId }] of Object.entries(bought)) {
      expect(order).toMatchObject({ status: "new", customerEmail: address });
      expect((await emailsOf(order.id)).customer).toMatchObject({ status: "sent", toAddress: address });
      const verified = await verifyReturn(shop(), services, sessionId);
      expect(verified).toMatchObject({
        ok: true,
        order: { orderNumber: order.orderNumber, confirmationEmailFailed: false },
      });
    }
    expect(confirmationTo(bought["josé@example.com"].order.orderNumber)).toMatchObject({
      rcptTo: ["josé@example.com"],
      smtpUtf8: true,
    });
    expect(confirmationTo(bought["ü@exämple.com"].order.orderNumber)).toMatchObject({
      to: ["ü@exämple.com"],
      smtpUtf8: true,
    });
    expect(confirmationTo(bought["ada@exämple.com"].order.orderNumber)).toMatchObject({
      rcptTo: ["ada@xn--exmple-cua.com"],
      smtpUtf8: false,
    });
  });

  it("keeps the order when a server without SMTPUTF8 refuses the address, and the thank-you page says so", async () => {
    const { order, sessionId } = await buy("josé@example.com");
    const delivered = await deliverAll({ smtpUtf8: false });

    const [after] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe("new");
    const emails = await emailsOf(order.id);
    expect(emails.customer).toMatchObject({ status: "failed", attempts: 1 });
    expect(emails.customer.lastError).toMatch(/SMTPUTF8/);
    // The owner still hears of the order.
    expect(emails.owner).toMatchObject({ status: "sent" });
    expect(delivered.some((mail) => mail.subject.startsWith(`New Order - #${order.orderNumber}`))).toBe(true);

    expect(await verifyReturn(shop(), services, sessionId)).toMatchObject({
      ok: true,
      order: { orderNumber: order.orderNumber, confirmationEmailFailed: true },
    });
    // Refused for good: never tried again.
    await deliverAll();
    expect((await emailsOf(order.id)).customer).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("confirms an order whose address cannot even be queued, recording the email as failed", async () => {
    const started = await startCheckout(shop(), services, nextClient(), body({ customerEmail: "ada@example.com" }));
    if (!started.ok) throw new Error(started.error);
    const sessionId = new URL(started.url).pathname.split("/").at(-1)!;
    // An address kept from before today's rule, which no mail server would take.
    await database.db
      .update(orders)
      .set({ customerEmail: "ada@localhost" })
      .where(eq(orders.paymentSessionId, sessionId));
    await finishTestCheckout(shop(), services, sessionId, "complete");

    const [order] = await database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order?.status).toBe("new");
    const emails = await emailsOf(order!.id);
    expect(emails.customer).toMatchObject({
      status: "failed",
      attempts: 0,
      lastError: 'Not sent: "ada@localhost" is not an address email can be sent to',
    });
    expect(emails.owner).toMatchObject({ status: "pending", replyTo: null });
    expect(await verifyReturn(shop(), services, sessionId)).toMatchObject({
      ok: true,
      order: { confirmationEmailFailed: true },
    });
  });

  it("refuses NUL and lone surrogates with the field's message, writing nothing", async () => {
    const countOrders = async () => (await database.db.select({ n: count() }).from(orders))[0]!.n;
    const countEmails = async () => (await database.db.select({ n: count() }).from(emailOutbox))[0]!.n;
    const before = { orders: await countOrders(), emails: await countEmails() };
    const cases: [Record<string, string>, string, string][] = [
      [{ customerName: "Ada\u0000" }, "customer.customerName", "Please remove line breaks and control characters"],
      [{ city: "Den\ud800ver" }, "customer.city", "Please remove line breaks and control characters"],
      [{ customerEmail: "ada\u0000@example.com" }, "customer.customerEmail", "Please enter a valid email address"],
      [{ customerEmail: "ad\udfffa@example.com" }, "customer.customerEmail", "Please enter a valid email address"],
      [{ orderNotes: "Gift wrap\u0000" }, "customer.orderNotes", "Please remove control characters"],
      [{ orderNotes: "Gift \udc00wrap" }, "customer.orderNotes", "Please remove control characters"],
    ];
    for (const [customer, field, message] of cases) {
      // Through JSON, as the browser sends it: escapes like \ud800 come back as lone surrogates.
      const request: unknown = JSON.parse(JSON.stringify(body(customer)));
      const result = await startCheckout(shop(), services, nextClient(), request);
      expect(result, JSON.stringify(customer)).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { [field]: message },
      });
    }
    expect({ orders: await countOrders(), emails: await countEmails() }).toEqual(before);
  });
});

describe.each(ENGINES)("password reset request for an address beyond ASCII on %s", (engine) => {
  let database: TestDatabase;
  let services: AppServices;
  const owner = "owner@example.com";

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await createCatalogFixture(database.db);
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "selvage-idn-reset-")),
      PUBLIC_URL: "http://shop.test",
      ADMIN_EMAIL: owner,
      ADMIN_PASSWORD: "stitch-and-seam-2026",
    });
    await ensureOwner(database.db, { config, log, tenantId: FIXTURE_TENANT, fallbackEmail: owner });
    const auth = createAuth({ store: storeScope(database.app, FIXTURE_TENANT), config, log });
    services = {
      databases: database.app,
      config,
      log,
      auth,
      storage: createLocalStorage(path.join(config.DATA_DIR, "uploads")),
    };
  });
  afterAll(() => database?.dispose());

  const request = async (email: string) => {
    const form = resetRequestSchema.parse({ email });
    const http = new Request("http://shop.test/admin/reset-password", { method: "POST" });
    return requestPasswordReset(services, http, nextClient(), form.email);
  };
  const resetEmails = async () =>
    (await database.db.select().from(emailOutbox)).filter((row) => row.kind === "password-reset");

  it("answers as for any unknown address: no account can have one", async () => {
    expect(await request("josé@example.com")).toEqual({ ok: true });
    expect(await request("ü@exämple.com")).toEqual({ ok: true });
    expect(await resetEmails()).toEqual([]);
    // The owner's own address still gets its link.
    expect(await request(owner)).toEqual({ ok: true });
    expect((await resetEmails()).map((row) => row.toAddress)).toEqual([owner]);
  });
});
