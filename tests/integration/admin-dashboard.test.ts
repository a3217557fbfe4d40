import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { contactMessages, emailOutbox, orders, storeSettings, tenants } from "../../server/db/schema.ts";
import { storeScope } from "../../server/db/store-scope.ts";
import { loadSalesSummary, SALES_DAYS } from "../../server/orders/sales-summary.ts";
import { signedInOwner, startAdminApp, type AdminApp, type AdminClient } from "../support/admin-app.ts";
import { insertOrder, type OrderFixture } from "../support/order-fixture.ts";
import { ENGINES } from "../support/test-database.ts";

// The dashboard's figures on each engine, against orders whose every cent is known: net
// sales (paid totals less refunds) cut at the store's midnight in Denver, not UTC's; a
// 90-day series with its empty days; best sellers from paid orders only, canceled ones
// left out; another store's orders never counted. Then over HTTP: the sidebar's counts on
// every admin page, the dashboard with its table alternative, and the failed-email panel.

const RIVAL = "rival-store";

// "Now" is 11:30 pm on Tuesday 10 March 2026 in Denver (daylight time since the 8th),
// already the 11th in UTC. The chart runs from 11 December 2025 to 10 March 2026.
const NOW = new Date("2026-03-11T05:30:00Z");

const tote = (unitPriceCents: number, quantity = 1) => ({ productName: "Market Tote", unitPriceCents, quantity });
const crossbody = (unitPriceCents: number, quantity: number, fabricCode: string, fabricLabel: string) => ({
  productName: "Crossbody Bag",
  unitPriceCents,
  quantity,
  fabricCode,
  fabricLabel,
});
const pouch = (unitPriceCents: number, quantity: number, fabricCode: string, fabricLabel: string) => ({
  productName: "Zip Pouch",
  unitPriceCents,
  quantity,
  fabricCode,
  fabricLabel,
});

/** Server-rendered HTML with the comments React puts between adjacent text parts taken out. */
const withoutTextSeparators = (html: string) => html.replaceAll("<!-- -->", "");

/** The sidebar's link to a page (the desktop sidebar comes first): what it is called and its badge. */
function sidebarLink(html: string, href: string): { name: string | null; badge: string | null } {
  const nav = /<nav aria-label="Admin">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  const link = new RegExp(`<a([^>]*)href="${href}"([^>]*)>([\\s\\S]*?)</a>`).exec(nav);
  expect(link, href).not.toBeNull();
  const attributes = `${link![1]} ${link![2]}`;
  return {
    name: /aria-label="([^"]*)"/.exec(attributes)?.[1] ?? null,
    badge: /<span aria-hidden="true" data-badge="[^"]*"[^>]*>([^<]*)<\/span>/.exec(link![3] ?? "")?.[1] ?? null,
  };
}

describe.each(ENGINES)("the dashboard on %s", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;

  async function order(fixture: Omit<OrderFixture, "tenantId"> & { tenantId?: string; refundedCents?: number }) {
    const { refundedCents, ...rest } = fixture;
    const row = await insertOrder(app.database.db, { tenantId: DEFAULT_TENANT, ...rest });
    if (refundedCents) {
      await app.database.db.update(orders).set({ refundedCents }).where(eq(orders.id, row.id));
    }
    return row;
  }

  beforeAll(async () => {
    app = await startAdminApp(engine);
    owner = await signedInOwner(app);
    await app.database.db.insert(tenants).values({ id: RIVAL });
    await app.database.db
      .insert(storeSettings)
      .values({ tenantId: RIVAL, storeName: "Rival Goods", contactEmail: "rival@example.com" });

    // Feb 28, 11:59 pm in Denver (MST): last month, though it is already March 1 in UTC.
    await order({ status: "new", createdAt: new Date("2026-03-01T06:59:00Z"), items: [tote(6500)] });
    // Midnight starting March 1 in Denver: this month.
    await order({
      status: "in_progress",
      createdAt: new Date("2026-03-01T07:00:00Z"),
      items: [crossbody(2000, 2, "denim", "Indigo Denim")],
    });
    // Today, 11 pm in Denver (UTC's March 11): $100 partly refunded, $75 net.
    await order({
      status: "picked_up",
      createdAt: new Date("2026-03-11T05:00:00Z"),
      items: [tote(6000), pouch(2000, 2, "denim", "Indigo Denim")],
      refundedCents: 2500,
    });
    // Feb 8: 31 days ago, outside the last 30 days.
    await order({
      status: "ready_for_pickup",
      createdAt: new Date("2026-02-08T12:00:00Z"),
      items: [pouch(3000, 1, "canvas", "Waxed Canvas")],
    });
    // The chart's first day, at its first minute (Dec 11, 00:00 MST).
    await order({
      status: "picked_up",
      createdAt: new Date("2025-12-11T07:00:00Z"),
      items: [crossbody(1500, 1, "floral", "Columbine Floral")],
    });
    // A minute earlier: the day before the chart.
    await order({
      status: "picked_up",
      createdAt: new Date("2025-12-11T06:59:00Z"),
      items: [crossbody(1500, 10, "floral", "Columbine Floral")],
    });
    // Paid, then canceled and refunded in full: nothing net, and not a best seller.
    await order({
      status: "canceled",
      paid: true,
      createdAt: new Date("2026-03-03T18:00:00Z"),
      items: [tote(1000, 5)],
      refundedCents: 5000,
    });
    // Never paid: awaiting payment, and canceled by the shopper at the payment page.
    await order({
      status: "awaiting_payment",
      createdAt: new Date("2026-03-05T18:00:00Z"),
      items: [pouch(2000, 10, "denim", "Indigo Denim")],
    });
    await order({ status: "canceled", createdAt: new Date("2026-03-05T18:00:00Z"), items: [tote(6500, 10)] });
    // Another store's sale on a day ours had none.
    await order({
      tenantId: RIVAL,
      status: "new",
      createdAt: new Date("2026-03-05T18:00:00Z"),
      items: [{ productName: "Rival Satchel", unitPriceCents: 99900, quantity: 3 }],
    });
  });
  afterAll(() => app?.stop());

  const ours = () => storeScope(app.database.app, DEFAULT_TENANT);

  it("sums net sales this month and over the last 30 days by the store's days", async () => {
    const summary = await loadSalesSummary(ours(), NOW);
    // March: $40 on the 1st, $100 − $25 refunded today, the canceled order's $50 − $50.
    expect(summary.thisMonthCents).toBe(4000 + 7500);
    // Feb 9 to Mar 10: the same, and Feb 28's $65.
    expect(summary.last30DaysCents).toBe(6500 + 4000 + 7500);
  });

  it("gives one point per day for 90 days, oldest first, with zeros for days without sales", async () => {
    const { daily } = await loadSalesSummary(ours(), NOW);
    expect(daily).toHaveLength(SALES_DAYS);
    expect(daily[0]!.day).toBe("2025-12-11");
    expect(daily.at(-1)!.day).toBe("2026-03-10");
    // Consecutive calendar days, across the change to daylight time on March 8.
    const days = daily.map((point) => point.day);
    expect(new Set(days).size).toBe(SALES_DAYS);
    expect(daily.find((point) => point.day === "2026-03-08")).toBeDefined();
    const sales = Object.fromEntries(daily.filter((point) => point.netCents !== 0).map((p) => [p.day, p.netCents]));
    expect(sales).toEqual({
      "2025-12-11": 1500,
      "2026-02-08": 3000,
      "2026-02-28": 6500,
      "2026-03-01": 4000,
      "2026-03-10": 7500,
    });
  });

  it("ranks best-selling products and fabrics by units in paid orders, canceled and unpaid ones left out", async () => {
    const { bestProducts, bestFabrics } = await loadSalesSummary(ours(), NOW);
    expect(bestProducts).toEqual([
      { name: "Zip Pouch", units: 3, revenueCents: 4000 + 3000 },
      { name: "Crossbody Bag", units: 3, revenueCents: 4000 + 1500 },
      { name: "Market Tote", units: 2, revenueCents: 6500 + 6000 },
    ]);
    // The "Default" fabric of products sold without a choice (the totes) is no fabric anyone
    // picked; a tie in units goes to the larger sales.
    expect(bestFabrics).toEqual([
      { name: "Indigo Denim", units: 4, revenueCents: 8000 },
      { name: "Waxed Canvas", units: 1, revenueCents: 3000 },
      { name: "Columbine Floral", units: 1, revenueCents: 1500 },
    ]);
  });

  it("keeps to five best sellers", async () => {
    const at = new Date("2026-03-09T18:00:00Z");
    for (const name of ["A", "B", "C", "D", "E", "F"]) {
      await order({
        tenantId: RIVAL,
        status: "picked_up",
        createdAt: at,
        items: [{ productName: name, unitPriceCents: 100, quantity: 1 }],
      });
    }
    const rival = await loadSalesSummary(storeScope(app.database.app, RIVAL), NOW);
    expect(rival.bestProducts.map((row) => row.name)).toEqual(["Rival Satchel", "A", "B", "C", "D"]);
  });

  it("never counts another store's orders, and counts only its own", async () => {
    const summary = await loadSalesSummary(ours(), NOW);
    expect(summary.daily.find((point) => point.day === "2026-03-05")!.netCents).toBe(0);
    expect(summary.bestProducts.map((row) => row.name)).not.toContain("Rival Satchel");
    expect(summary.workflow).toEqual({ new: 1, in_progress: 1, ready_for_pickup: 1 });

    const rival = await loadSalesSummary(storeScope(app.database.app, RIVAL), NOW);
    expect(rival.thisMonthCents).toBe(3 * 99900 + 6 * 100);
    expect(rival.workflow).toEqual({ new: 1, in_progress: 0, ready_for_pickup: 0 });
  });

  it("shows the sidebar's counts on every admin page, updated on the next request, and hidden at zero", async () => {
    const { db } = app.database;
    const page = async (path: string) => {
      const response = await owner.get(path);
      expect(response.status, path).toBe(200);
      return withoutTextSeparators(await response.text());
    };

    // No messages yet: no badge at all beside Messages.
    let html = await page("/admin/products");
    expect(sidebarLink(html, "/admin/orders")).toEqual({ name: "Orders, 1 new", badge: "1" });
    expect(sidebarLink(html, "/admin/messages")).toEqual({ name: null, badge: null });

    const message = (tenantId: string, extra: Partial<typeof contactMessages.$inferInsert> = {}) => ({
      tenantId,
      name: "Grace Hopper",
      email: "grace@example.com",
      message: "Could you sew a tote in the columbine print?",
      ...extra,
    });
    await db
      .insert(contactMessages)
      .values([
        message(DEFAULT_TENANT),
        message(DEFAULT_TENANT),
        message(DEFAULT_TENANT, { readAt: new Date() }),
        message(DEFAULT_TENANT, { spam: true, spamReason: "honeypot" }),
        message(RIVAL),
      ]);
    const fresh = await order({ status: "new", items: [tote(6500)] });
    await order({ tenantId: RIVAL, status: "new", items: [tote(6500)] });

    for (const path of ["/admin", "/admin/guide", "/admin/settings"]) {
      html = await page(path);
      expect(sidebarLink(html, "/admin/orders"), path).toEqual({ name: "Orders, 2 new", badge: "2" });
      expect(sidebarLink(html, "/admin/messages"), path).toEqual({ name: "Messages, 2 unread", badge: "2" });
    }

    // Past 99 the badge is capped; the words keep the number.
    await db.insert(orders).values(
      Array.from({ length: 98 }, (_, index) => ({
        tenantId: DEFAULT_TENANT,
        orderNumber: `VCBULK${index}`,
        status: "new" as const,
        customerName: "Bulk Buyer",
        customerEmail: "bulk@example.com",
        shippingAddress: { street: "", apartment: "", city: "", state: "", zipCode: "", country: "" },
        subtotalCents: 100,
        totalCents: 100,
        paymentProvider: "test",
        paidAt: new Date(),
      })),
    );
    html = await page("/admin/products");
    expect(sidebarLink(html, "/admin/orders")).toEqual({ name: "Orders, 99+ new", badge: "99+" });
    await db.delete(orders).where(eq(orders.customerName, "Bulk Buyer"));
    await db.delete(orders).where(eq(orders.id, fresh.id));
    html = await page("/admin/products");
    expect(sidebarLink(html, "/admin/orders")).toEqual({ name: "Orders, 1 new", badge: "1" });
  });

  it("renders the dashboard with its cards, the chart and the same figures as a table", async () => {
    const paid = await order({ status: "in_progress", items: [tote(12345)] });
    const response = await owner.get("/admin");
    expect(response.status).toBe(200);
    const html = withoutTextSeparators(await response.text());
    for (const text of [
      "Orders and messages",
      'href="/admin/orders?status=new"',
      'href="/admin/orders?status=in_progress"',
      'href="/admin/orders?status=ready_for_pickup"',
      'href="/admin/messages"',
      "This month",
      "Last 30 days",
      "Show as table",
      "Best sellers, last 90 days",
      "Total products",
      "Quick links",
    ]) {
      expect(html).toContain(text);
    }
    // Both revenue figures hold the order just paid (the others are months old).
    expect(html.match(/\$123\.45/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toMatch(/<svg role="img" aria-label="Daily net sales, last 90 days, [^"]*\$123\.45 in total/);
    const table = /<table[^>]*>\s*<caption class="sr-only">Daily net sales, last 90 days, by day[\s\S]*?<\/table>/.exec(
      html,
    )?.[0];
    expect(table).toBeDefined();
    expect(table!.match(/<tr>/g)).toHaveLength(SALES_DAYS + 1);
    expect(table).toContain("$123.45");
    expect(table).toContain("$0.00");
    // Best sellers name what sold.
    expect(html).toMatch(/<th scope="row"[^>]*>Market Tote<\/th><td[^>]*>1<\/td><td[^>]*>\$123\.45<\/td>/);
    await app.database.db.delete(orders).where(eq(orders.id, paid.id));
  });

  it("warns about failed emails only while there are some, and links to Diagnostics to retry", async () => {
    const dashboard = async () => withoutTextSeparators(await (await owner.get("/admin")).text());
    expect(await dashboard()).not.toContain("could not be sent");

    const email = (tenantId: string, n: number) => ({
      tenantId,
      kind: "order-confirmation",
      dedupeKey: `failed-${tenantId}-${n}`,
      toAddress: `customer${n}@example.com`,
      subject: "Your order",
      html: "<p>Thanks</p>",
      text: "Thanks",
      status: "failed" as const,
      attempts: 12,
      lastError: `550 mailbox ${n} unavailable`,
      createdAt: new Date(Date.UTC(2026, 2, n)),
    });
    // Another store's failure is no business of this dashboard.
    await app.database.db.insert(emailOutbox).values(email(RIVAL, 1));
    expect(await dashboard()).not.toContain("could not be sent");

    await app.database.db.insert(emailOutbox).values([1, 2, 3, 4].map((n) => email(DEFAULT_TENANT, n)));
    const html = await dashboard();
    expect(html).toContain("4 emails could not be sent");
    // The latest three, newest first, with the rest counted.
    const panel = /<section aria-labelledby="failed-emails"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(panel.match(/customer\d@example\.com/g)).toEqual([
      "customer4@example.com",
      "customer3@example.com",
      "customer2@example.com",
    ]);
    expect(panel).toContain("Error: 550 mailbox 4 unavailable");
    expect(panel).toContain("...and 1 more");
    expect(panel).toContain('href="/admin/diagnostics#diagnostics-emails"');
    await app.database.db.delete(emailOutbox);
  });
});
