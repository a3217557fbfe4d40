import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { MAX_ORDER_SEARCH_LENGTH, type OrderListFilters, type OrderListView } from "../../core/order-list.ts";
import { orders, tenants } from "../../server/db/schema.ts";
import { storeScope, type StoreScope } from "../../server/db/store-scope.ts";
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from "../../server/db/keyset-cursor.ts";
import { exportOrders, listOrders } from "../../server/orders/order-list.ts";
import { ORDERS_CSV_HEADER } from "../../server/orders/orders-csv.ts";
import { AdminClient, signedInOwner, startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { insertOrder, type OrderFixture } from "../support/order-fixture.ts";
import { ENGINES } from "../support/test-database.ts";

// The owner's order list and its CSV export on each engine: every order of this store once
// and in order across keyset pages (equal created_at included, to the microsecond), the
// status views with unpaid orders one filter away, search with % and _ taken literally,
// another store's orders never shown, broken page links a 400, and over HTTP the page, the
// CSV's headers, quoting and formula neutralising, and no CSV for strangers.

const RIVAL_TENANT = "rival-store";
const BASE = Date.parse("2026-03-01T17:00:00Z");
const WORKFLOW = ["new", "in_progress", "ready_for_pickup", "picked_up", "canceled"] as const;
const FORMULA_NAMES = ['=HYPERLINK("http://evil.example","Click me")', "+1", "@x", "-2"];
const TRICKY_NOTE = 'Pick up Friday, after 5 — "side door"\nThanks!';
const defaults: OrderListFilters = { view: "paid", search: "" };

/** RFC 4180 records: quoted fields may hold commas, quotes and line breaks; every record ends in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      field = "";
      record = [];
      i++;
    } else if (c === "\r" || c === "\n" || c === '"') throw new Error(`bare ${JSON.stringify(c)} at ${i}`);
    else field += c;
  }
  if (field !== "" || record.length) throw new Error("the last record has no CRLF");
  return records;
}

describe.each(ENGINES)("the owner's order list on %s", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;
  let scope: StoreScope;
  const numbers = {} as Record<"zoe" | "percent" | "underscore" | "newest" | "twoItems", string>;
  const rivalNumbers: string[] = [];
  const formulaNumbers: string[] = [];

  async function add(fixture: Omit<OrderFixture, "tenantId"> & { tenantId?: string }) {
    return insertOrder(app.database.db, { tenantId: DEFAULT_TENANT, ...fixture });
  }

  beforeAll(async () => {
    app = await startAdminApp(engine);
    owner = await signedInOwner(app);
    scope = storeScope(app.database.app, DEFAULT_TENANT);

    // Before any order: the empty list says what will fill it.
    const empty = await owner.get("/admin/orders");
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("No orders yet — when a customer pays, the order appears here.");

    // 40 paid orders in groups of four sharing one created_at (ties the keyset must break by id).
    for (let i = 0; i < 40; i++) {
      await add({
        status: WORKFLOW[i % WORKFLOW.length],
        paid: true,
        createdAt: new Date(BASE + Math.floor(i / 4) * 60_000),
        customerName: `Customer ${i}`,
        customerEmail: `customer${i}@example.com`,
      });
    }
    // Three in the same millisecond, apart only in microseconds (a JS Date cannot tell them apart).
    for (const micros of ["000001", "000002", "000003"]) {
      const order = await add({ status: "in_progress", customerName: `Micro ${micros}` });
      await app.database.db.execute(
        sql`update orders set created_at = ${`2026-02-27T12:00:00.${micros}Z`}::timestamptz where id = ${order.id}`,
      );
    }
    const at = (minutes: number) => new Date(BASE + (60 + minutes) * 60_000);
    numbers.zoe = (
      await add({
        customerName: "Zoë Ramírez",
        customerEmail: "zoe.ramirez@studio.example",
        orderNotes: TRICKY_NOTE,
        createdAt: at(1),
      })
    ).orderNumber;
    numbers.percent = (
      await add({ customerName: "Percy 50% Off", customerEmail: "percy@example.com", createdAt: at(2) })
    ).orderNumber;
    numbers.underscore = (
      await add({ customerName: "Una Under_score", customerEmail: "una@example.com", createdAt: at(3) })
    ).orderNumber;
    for (const [index, name] of FORMULA_NAMES.entries()) {
      const order = await add({
        customerName: name,
        customerEmail: `formula${index}@example.com`,
        customerPhone: "+1 303 555 0100",
        createdAt: at(4 + index),
      });
      formulaNumbers.push(order.orderNumber);
    }
    const twoItems = await add({
      status: "picked_up",
      customerName: "Grace Hopper",
      customerEmail: "grace@example.com",
      shippingCents: 1000,
      items: [
        {
          productName: "Market Tote",
          fabricCode: "navy-gingham",
          fabricLabel: "Navy, Gingham",
          unitPriceCents: 6500,
          quantity: 2,
        },
        { productName: "Zip Pouch", unitPriceCents: 1850, quantity: 1 },
      ],
      createdAt: at(9),
    });
    numbers.twoItems = twoItems.orderNumber;
    await app.database.db.update(orders).set({ refundedCents: 1850 }).where(eq(orders.id, twoItems.id));
    // Unpaid orders: every way an order ends or waits without a payment.
    for (const [index, status] of (
      ["awaiting_payment", "payment_failed", "expired", "abandoned", "canceled"] as const
    ).entries()) {
      await add({ status, paid: false, customerName: `Unpaid ${status}`, createdAt: at(10 + index) });
    }
    numbers.newest = (await add({ status: "new", customerName: "Newest Customer", createdAt: at(20) })).orderNumber;

    // Another store on the same database, with a customer of the same name as ours.
    await app.database.db.insert(tenants).values({ id: RIVAL_TENANT });
    for (let i = 0; i < 3; i++) {
      const order = await add({
        tenantId: RIVAL_TENANT,
        customerName: i === 0 ? "Zoë Ramírez" : `Rival Customer ${i}`,
        createdAt: at(30 + i),
      });
      rivalNumbers.push(order.orderNumber);
    }
  });
  afterAll(() => app?.stop());

  /** What the store holds for a view, straight from the database, in the list's order. */
  async function expectedNumbers(view: OrderListView): Promise<string[]> {
    const condition =
      view === "unpaid"
        ? isNull(orders.paidAt)
        : view === "paid"
          ? isNotNull(orders.paidAt)
          : and(isNotNull(orders.paidAt), eq(orders.status, view));
    const rows = await app.database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.tenantId, DEFAULT_TENANT), condition))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return rows.map((row) => row.orderNumber);
  }

  /** Every page from the first, older and older; then back again by the newer links. */
  async function walk(filters: OrderListFilters, pageSize: number) {
    const forward: string[][] = [];
    const cursors: (string | null)[] = [];
    let after: KeysetCursor | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = await listOrders(scope, filters, { after, pageSize });
      forward.push(page.orders.map((order) => order.orderNumber));
      expect(page.newerCursor === null).toBe(after === undefined);
      cursors.push(page.nextCursor);
      if (!page.nextCursor) break;
      after = decodeKeysetCursor(page.nextCursor)!;
    }
    const backward: string[][] = [forward.at(-1)!];
    let before = (await listOrders(scope, filters, { after, pageSize })).newerCursor;
    while (before) {
      const page = await listOrders(scope, filters, { before: decodeKeysetCursor(before)!, pageSize });
      backward.unshift(page.orders.map((order) => order.orderNumber));
      before = page.newerCursor;
    }
    return { forward, backward };
  }

  it("walks every paid order exactly once, newest first, across equal times, and back again", async () => {
    const expected = await expectedNumbers("paid");
    expect(expected.length).toBe(40 + 3 + 3 + FORMULA_NAMES.length + 2);
    for (const pageSize of [7, 4, 25]) {
      const { forward, backward } = await walk(defaults, pageSize);
      expect(forward.flat()).toEqual(expected);
      expect(forward.slice(0, -1).every((page) => page.length === pageSize)).toBe(true);
      // The newer links lead back through the very same pages.
      expect(backward).toEqual(forward);
    }
    const first = await listOrders(scope, defaults);
    expect(first.orders[0]!.orderNumber).toBe(numbers.newest);
    expect(first.orders.length).toBe(25);
  });

  it("keeps orders apart that differ only in microseconds", async () => {
    const micro = { view: "paid", search: "micro" } as const;
    const { forward } = await walk(micro, 1);
    expect(forward.flat().length).toBe(3);
    expect(new Set(forward.flat()).size).toBe(3);
    const names = [];
    for (const number of forward.flat())
      names.push((await listOrders(scope, { view: "paid", search: number })).orders[0]!.customerName);
    expect(names).toEqual(["Micro 000003", "Micro 000002", "Micro 000001"]);
  });

  it("shows each workflow status on its own, and unpaid orders only under Unpaid", async () => {
    for (const view of ["new", "in_progress", "ready_for_pickup", "picked_up", "canceled", "unpaid"] as const) {
      const { forward } = await walk({ view, search: "" }, 6);
      const expected = await expectedNumbers(view);
      expect(expected.length, view).toBeGreaterThan(0);
      expect(forward.flat(), view).toEqual(expected);
    }
    const unpaid = await listOrders(scope, { view: "unpaid", search: "" });
    expect(unpaid.orders.map((order) => order.status).sort()).toEqual(
      ["abandoned", "awaiting_payment", "canceled", "expired", "payment_failed"].sort(),
    );
    expect(unpaid.orders.every((order) => order.paidAt === null)).toBe(true);
    // The default view hides every one of them; "Canceled" is the owner's cancel of a paid order.
    const paid = (await walk(defaults, 25)).forward.flat();
    for (const order of unpaid.orders) expect(paid).not.toContain(order.orderNumber);
    const canceled = await listOrders(scope, { view: "canceled", search: "" });
    expect(canceled.orders.every((order) => order.paidAt !== null)).toBe(true);
  });

  it("sums items and summarises them, with the refunded amount", async () => {
    const [order] = (await listOrders(scope, { view: "paid", search: numbers.twoItems })).orders;
    expect(order).toMatchObject({
      itemCount: 3,
      itemSummary: "Market Tote × 2, +1 more",
      totalCents: 6500 * 2 + 1850 + 1000,
      refundedCents: 1850,
      status: "picked_up",
    });
  });

  it("searches the order number, name and email case-insensitively, % and _ taken literally", async () => {
    const search = async (text: string, view: OrderListView = "paid") =>
      (await listOrders(scope, { view, search: text })).orders.map((order) => order.orderNumber);
    expect(await search(numbers.zoe.slice(2, 9).toLowerCase())).toEqual([numbers.zoe]);
    expect(await search("ramír")).toEqual([numbers.zoe]);
    expect(await search("  ZOE.RAMIREZ@STUDIO  ")).toEqual([numbers.zoe]);
    expect(await search("%")).toEqual([numbers.percent]);
    expect(await search("50%")).toEqual([numbers.percent]);
    expect(await search("_")).toEqual([numbers.underscore]);
    expect(await search("r_s")).toEqual([numbers.underscore]);
    expect(await search("unde__score")).toEqual([]);
    expect(await search("50%off")).toEqual([]);
    expect(await search("\\")).toEqual([]);
    // Search and status narrow together.
    expect(await search("unpaid")).toEqual([]);
    expect((await search("unpaid", "unpaid")).length).toBe(5);
    const inProgress = await listOrders(scope, { view: "in_progress", search: "customer 3" });
    expect(inProgress.orders.map((order) => order.customerName)).toEqual(["Customer 36", "Customer 31"]);
  });

  it("never shows another store's orders, and shows that store only its own", async () => {
    const ours = (await walk(defaults, 25)).forward.flat();
    for (const number of rivalNumbers) expect(ours).not.toContain(number);
    expect((await listOrders(scope, { view: "paid", search: "Zoë" })).orders.map((o) => o.orderNumber)).toEqual([
      numbers.zoe,
    ]);
    expect((await listOrders(scope, { view: "paid", search: rivalNumbers[1]! })).orders).toEqual([]);
    const theirs = await listOrders(storeScope(app.database.app, RIVAL_TENANT), defaults);
    expect(theirs.orders.map((order) => order.orderNumber)).toEqual([...rivalNumbers].reverse());
  });

  it("reads every order for the export in keyset batches, none twice", async () => {
    const numbersIn = async (view: OrderListView, batchSize: number) => {
      const seen: string[] = [];
      let batches = 0;
      for await (const batch of exportOrders(scope, { view, search: "" }, batchSize)) {
        batches++;
        seen.push(...batch.map((order) => order.orderNumber));
      }
      return { seen, batches };
    };
    const paid = await numbersIn("paid", 5);
    expect(paid.seen).toEqual(await expectedNumbers("paid"));
    expect(paid.batches).toBe(Math.ceil(paid.seen.length / 5));
    expect((await numbersIn("unpaid", 2)).seen).toEqual(await expectedNumbers("unpaid"));
  });

  it("refuses cursors it never made", () => {
    for (const text of [
      "",
      "garbage!",
      "bm90LWEtY3Vyc29y",
      encodeKeysetCursor({ createdAt: "yesterday", id: "x" }),
      "A".repeat(500),
    ])
      expect(decodeKeysetCursor(text), text).toBeNull();
    const cursor = { createdAt: "2026-03-01T17:00:00.000123Z", id: "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11" };
    expect(decodeKeysetCursor(encodeKeysetCursor(cursor))).toEqual(cursor);
  });

  describe("over HTTP", () => {
    const text = (html: string) => html.replaceAll("<!-- -->", "");

    it("renders the first page newest first, with links to the next page and to the detail", async () => {
      const response = await owner.get("/admin/orders");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = text(await response.text());
      expect(html).toContain("<h1");
      const expected = await expectedNumbers("paid");
      const shown = [...html.matchAll(/href="\/admin\/orders\/(VC[0-9A-F]+)"/g)].map((match) => match[1]);
      // The table and the phone's cards list the same 25 orders.
      expect([...new Set(shown)]).toEqual(expected.slice(0, 25));
      expect(html).toContain("Export CSV");
      expect(html).toContain('href="/admin/orders.csv"');

      const next = /href="(\/admin\/orders\?after=[A-Za-z0-9_-]+)"/.exec(html)?.[1];
      expect(next).toBeDefined();
      const second = text(await (await owner.get(next!)).text());
      const secondShown = [...new Set([...second.matchAll(/href="\/admin\/orders\/(VC[0-9A-F]+)"/g)].map((m) => m[1]))];
      expect(secondShown).toEqual(expected.slice(25, 50));
      expect(second).toContain("First page");
      expect(second).toContain("Newer");
    });

    it("keeps the filters in the URL: status and search, unknown values as defaults", async () => {
      const unpaid = text(await (await owner.get("/admin/orders?status=unpaid")).text());
      expect(unpaid).toContain("Unpaid awaiting_payment");
      expect(unpaid).toContain('href="/admin/orders.csv?status=unpaid"');
      const bogus = await owner.get("/admin/orders?status=%3Cscript%3E&q=");
      expect(bogus.status).toBe(200);
      expect(text(await bogus.text())).toContain(numbers.newest);
      const searched = text(await (await owner.get(`/admin/orders?q=${encodeURIComponent("zoe.ramirez")}`)).text());
      expect(searched).toContain(numbers.zoe);
      expect(searched).not.toContain(numbers.newest);
      const none = text(await (await owner.get("/admin/orders?status=new&q=nobody-at-all")).text());
      expect(none).toContain("No orders match “nobody-at-all”.");
      expect(none).toContain('href="/admin/orders?status=new"');
    });

    it("cuts an overlong search to the longest the search box takes, never dropping it for the whole list", async () => {
      const overlong = "zoe".repeat(MAX_ORDER_SEARCH_LENGTH);
      const page = await owner.get(`/admin/orders?q=${overlong}`);
      expect(page.status).toBe(200);
      const html = text(await page.text());
      expect(html).toContain(`No orders match “${overlong.slice(0, MAX_ORDER_SEARCH_LENGTH)}”.`);
      expect(html).not.toContain(numbers.newest);
      const csv = await (await owner.get(`/admin/orders.csv?q=${overlong}`)).text();
      expect(parseCsv(csv)).toEqual([[...ORDERS_CSV_HEADER]]);
    });

    it("answers a broken page link with a 400, never a 5xx", async () => {
      for (const cursor of ["garbage", "%00", "bm90LWEtY3Vyc29y", "A".repeat(300)]) {
        const page = await owner.get(`/admin/orders?after=${cursor}`);
        expect(page.status, cursor).toBe(400);
        expect(text(await page.text())).toContain("This page link is not valid.");
        expect((await owner.get(`/admin/orders.data?before=${cursor}`)).status, cursor).toBe(400);
      }
    });

    it("exports the filtered orders as CSV: headers, one row per item, quoting and neutralised formulas", async () => {
      const response = await owner.get("/admin/orders.csv");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get("cache-control")).toBe("no-store");
      const bytes = new Uint8Array(await response.arrayBuffer());
      // UTF-8 with a byte-order mark, so Excel reads "Zoë" right.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
      const [header, ...rows] = parseCsv(body);
      expect(header).toEqual([...ORDERS_CSV_HEADER]);
      const column = (name: (typeof ORDERS_CSV_HEADER)[number]) => ORDERS_CSV_HEADER.indexOf(name);
      const byNumber = (number: string) => rows.filter((row) => row[column("Order number")] === number);

      // Every paid order of this store, newest first; the two-item order twice; nothing else.
      const expected = await expectedNumbers("paid");
      expect([...new Set(rows.map((row) => row[column("Order number")]))]).toEqual(expected);
      expect(rows.length).toBe(expected.length + 1);
      for (const number of rivalNumbers) expect(body).not.toContain(number);

      const [tote, pouch] = byNumber(numbers.twoItems);
      expect(tote).toMatchObject({
        [column("Status")]: "Picked up",
        [column("Paid")]: "yes",
        [column("Product")]: "Market Tote",
        [column("Fabric")]: "Navy, Gingham",
        [column("Quantity")]: "2",
        [column("Unit price")]: "65.00",
        [column("Line total")]: "130.00",
        [column("Order subtotal")]: "148.50",
        [column("Shipping")]: "10.00",
        [column("Order total")]: "158.50",
        [column("Refunded")]: "18.50",
      });
      expect(pouch![column("Product")]).toBe("Zip Pouch");
      expect(pouch![column("Fabric")]).toBe("");
      expect(tote![column("Date")]).toMatch(/^2026-03-01T\d{2}:\d{2}:00-07:00$/);
      expect(tote![column("Paid at")]).toBe(tote![column("Date")]);

      // A note with a comma, quotes and a line break comes back whole.
      const [zoe] = byNumber(numbers.zoe);
      expect(zoe![column("Notes")]).toBe(TRICKY_NOTE);
      expect(zoe![column("Customer name")]).toBe("Zoë Ramírez");
      expect(body).toContain('"Pick up Friday, after 5 — ""side door""\nThanks!"');

      // What a spreadsheet would run as a formula starts with an apostrophe.
      for (const [index, name] of FORMULA_NAMES.entries()) {
        const [row] = byNumber(formulaNumbers[index]!);
        expect(row![column("Customer name")]).toBe(`'${name}`);
        expect(row![column("Phone")]).toBe("'+1 303 555 0100");
      }
      expect(rows.every((row) => row.every((cell) => !/^[=+\-@]/.test(cell)))).toBe(true);
    });

    it("exports with the list's filters", async () => {
      const unpaid = parseCsv(await (await owner.get("/admin/orders.csv?status=unpaid")).text());
      expect(unpaid.slice(1).map((row) => row[0])).toEqual(await expectedNumbers("unpaid"));
      expect(unpaid.slice(1).every((row) => row[3] === "no" && row[4] === "")).toBe(true);
      const searched = parseCsv(await (await owner.get("/admin/orders.csv?q=percy")).text());
      expect(searched.slice(1).map((row) => row[0])).toEqual([numbers.percent]);
      const nothing = await (await owner.get("/admin/orders.csv?q=nobody-at-all")).text();
      expect(parseCsv(nothing)).toEqual([[...ORDERS_CSV_HEADER]]);
    });

    it("gives strangers neither the list nor the CSV: they are sent to sign in", async () => {
      const stranger = new AdminClient(app.url);
      for (const path of ["/admin/orders.csv", "/admin/orders.csv?status=unpaid", "/admin/orders"]) {
        const response = await stranger.get(path);
        expect(response.status, path).toBe(302);
        expect(response.headers.get("location"), path).toBe("/admin/login");
        expect(response.headers.get("content-type") ?? "", path).not.toContain("text/csv");
        const body = await response.text();
        for (const number of [numbers.zoe, numbers.newest]) expect(body, path).not.toContain(number);
      }
    });
  });
});
