import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { OrderListEntry, OrderListFilters } from "../../core/order-list.ts";
import { escapeLikePattern } from "../catalog/product-catalog.ts";
import { orderItems, orders, type OrderStatus, type ShippingAddress } from "../db/schema.ts";
import {
  cursorTime,
  keysetPage,
  keysetPageOf,
  keysetRead,
  type KeysetCursor,
  type KeysetRequest,
} from "../db/keyset-cursor.ts";
import type { StoreScope } from "../db/store-scope.ts";

// The owner's order list and its CSV export: one set of filters, paged by keyset on
// (created_at desc, id desc) — the order of the indexes orders_tenant_created and
// orders_tenant_status_created — so the 4,000th page costs what the first does.

export const ORDER_LIST_PAGE_SIZE = 25;
export const ORDER_EXPORT_BATCH_SIZE = 500;

/** An order number as order-number.ts makes them: "VC" and nine digits. */
const WHOLE_ORDER_NUMBER = /^vc\d{9}$/i;

/** The rows a filter selects, this store's only. */
function filterConditions(scope: StoreScope, filters: OrderListFilters): SQL[] {
  const conditions: SQL[] = [eq(orders.tenantId, scope.tenantId)];
  if (filters.view === "unpaid") conditions.push(isNull(orders.paidAt));
  else {
    // A workflow status means a paid order: an order the shopper canceled before paying is "unpaid".
    conditions.push(isNotNull(orders.paidAt));
    if (filters.view !== "paid") conditions.push(eq(orders.status, filters.view));
  }
  // PostgreSQL text cannot hold NUL; no order number, name or email holds a control character.
  const term = filters.search.replace(/\p{Cc}/gu, " ").trim();
  if (WHOLE_ORDER_NUMBER.test(term)) {
    // A whole order number (pasted from an email) is found by the unique index at once.
    conditions.push(eq(orders.orderNumber, term.toUpperCase()));
  } else if (term) {
    // Under row-level security no index can serve LIKE (it is not "leakproof", so it runs
    // only on rows the store's policy already let through; docs/decisions/011): a search
    // reads the store's orders, newest first, until its page is full.
    conditions.push(
      sql`lower(${orders.orderNumber} || ' ' || ${orders.customerName} || ' ' || ${orders.customerEmail}) like '%' || lower(${escapeLikePattern(term)}) || '%' escape '\\'`,
    );
  }
  return conditions;
}

export interface OrderListPage {
  orders: OrderListEntry[];
  /** The link to older orders, when there are any. */
  nextCursor: string | null;
  /** The link back to newer orders, when this is not the first page. */
  newerCursor: string | null;
}

/**
 * One page of the owner's orders, newest first. `after` pages to older orders from a
 * page's last row, `before` back to newer ones from a page's first row.
 */
export async function listOrders(
  scope: StoreScope,
  filters: OrderListFilters,
  page: KeysetRequest & { pageSize?: number } = {},
): Promise<OrderListPage> {
  const pageSize = page.pageSize ?? ORDER_LIST_PAGE_SIZE;
  const { direction, cursor } = keysetRead(page);
  const { position, orderBy } = keysetPage(orders, cursor, direction);
  // One row more than the page tells whether another page follows in that direction.
  const rows = await scope.db
    .select({
      id: orders.id,
      cursorTime: cursorTime(orders.createdAt),
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      totalCents: orders.totalCents,
      refundedCents: orders.refundedCents,
    })
    .from(orders)
    .where(and(...filterConditions(scope, filters), position))
    .orderBy(...orderBy)
    .limit(pageSize + 1);
  const shown = keysetPageOf(rows, pageSize, page);

  const items = await itemsByOrder(
    scope,
    shown.rows.map((row) => row.id),
  );
  return {
    orders: shown.rows.map(({ cursorTime: _, ...row }) => {
      const lines = items.get(row.id) ?? [];
      return {
        ...row,
        itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
        itemSummary: summarizeItems(lines),
      };
    }),
    nextCursor: shown.olderCursor,
    newerCursor: shown.newerCursor,
  };
}

/** "Market Tote × 2, +1 more": the first line and how many lines follow. */
export function summarizeItems(lines: readonly { productName: string; quantity: number }[]): string {
  const [first, ...rest] = lines;
  if (!first) return "";
  const head = first.quantity > 1 ? `${first.productName} × ${first.quantity}` : first.productName;
  return rest.length ? `${head}, +${rest.length} more` : head;
}

export interface OrderExportItem {
  productName: string;
  fabricCode: string;
  fabricLabel: string;
  quantity: number;
  unitPriceCents: number;
}

export interface OrderExportRow {
  orderNumber: string;
  status: OrderStatus;
  createdAt: Date;
  paidAt: Date | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  shippingAddress: ShippingAddress;
  orderNotes: string;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  refundedCents: number;
  items: OrderExportItem[];
}

/**
 * Every order the filters select, newest first, with its items, in batches read one at a
 * time by keyset (never the whole store in memory): what the CSV export streams.
 */
export async function* exportOrders(
  scope: StoreScope,
  filters: OrderListFilters,
  batchSize = ORDER_EXPORT_BATCH_SIZE,
): AsyncGenerator<OrderExportRow[]> {
  let after: KeysetCursor | undefined;
  for (;;) {
    const { position, orderBy } = keysetPage(orders, after, "older");
    const rows = await scope.db
      .select({
        id: orders.id,
        cursorTime: cursorTime(orders.createdAt),
        orderNumber: orders.orderNumber,
        status: orders.status,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        customerPhone: orders.customerPhone,
        shippingAddress: orders.shippingAddress,
        orderNotes: orders.orderNotes,
        subtotalCents: orders.subtotalCents,
        shippingCents: orders.shippingCents,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
      })
      .from(orders)
      .where(and(...filterConditions(scope, filters), position))
      .orderBy(...orderBy)
      .limit(batchSize);
    if (rows.length === 0) return;
    const items = await itemsByOrder(
      scope,
      rows.map((row) => row.id),
    );
    yield rows.map(({ id, cursorTime: _, ...row }) => ({ ...row, items: items.get(id) ?? [] }));
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.cursorTime, id: last.id };
  }
}

/** The items of a page's orders in one query (never one per order), each order's in its own order. */
async function itemsByOrder(scope: StoreScope, orderIds: string[]): Promise<Map<string, OrderExportItem[]>> {
  const byOrder = new Map<string, OrderExportItem[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await scope.db
    .select({
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      fabricCode: orderItems.fabricCode,
      fabricLabel: orderItems.fabricLabel,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, scope.tenantId), inArray(orderItems.orderId, orderIds)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  for (const { orderId, ...line } of rows) {
    const lines = byOrder.get(orderId);
    if (lines) lines.push(line);
    else byOrder.set(orderId, [line]);
  }
  return byOrder;
}
