import { DEFAULT_FABRIC_CODE } from "../../core/constants.ts";
import { STORE_TIME_ZONE } from "../../core/dates.ts";
import type { OrderListFilters } from "../../core/order-list.ts";
import { ORDER_STATUS_LABELS } from "../../core/orders.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { exportOrders, type OrderExportRow } from "./order-list.ts";

// The owner's orders as a spreadsheet file: RFC 4180 (comma separated, CRLF line ends,
// fields quoted when they hold a comma, quote, CR or LF, quotes doubled), UTF-8 with a
// byte-order mark so Excel reads accented names right, one row per item.

/**
 * Text a spreadsheet would read as a formula (OWASP "CSV injection": =, +, -, @, tab, CR)
 * gets a leading apostrophe, so opening the file never runs what a shopper typed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field. Numbers are the file's own (quantities, never negative) and written as they are. */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF line end. */
export function csvRow(values: readonly (string | number)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Cents as decimal dollars without a sign or separators: 1250 → "12.50". */
export function csvMoney(cents: number): string {
  return (cents / 100).toFixed(2);
}

const STORE_PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZoneName: "longOffset",
});

function storeParts(value: Date) {
  const parts = Object.fromEntries(STORE_PARTS.formatToParts(value).map((part) => [part.type, part.value]));
  // "GMT-07:00" → "-07:00"; a zero offset is named "GMT" alone.
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : parts.timeZoneName!.slice(3);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    offset,
  };
}

/** ISO 8601 in the store's time: "2026-11-23T16:05:00-07:00". */
export function storeIsoDateTime(value: Date): string {
  const { date, time, offset } = storeParts(value);
  return `${date}T${time}${offset}`;
}

/** The store's calendar date: "2026-11-23". */
export function storeIsoDate(value: Date): string {
  return storeParts(value).date;
}

/** The download's name, dated in the store's time: "orders-2026-11-23.csv". */
export function ordersCsvFilename(now: Date): string {
  return `orders-${storeIsoDate(now)}.csv`;
}

export const ORDERS_CSV_HEADER = [
  "Order number",
  "Date",
  "Status",
  "Paid",
  "Paid at",
  "Customer name",
  "Email",
  "Phone",
  "Street",
  "Apartment",
  "City",
  "State",
  "ZIP code",
  "Country",
  "Notes",
  "Product",
  "Fabric",
  "Quantity",
  "Unit price",
  "Line total",
  "Order subtotal",
  "Shipping",
  "Order total",
  "Refunded",
] as const;

/** An order's records: one per item (an order without items still gets one, its item cells empty). */
export function orderCsvRows(order: OrderExportRow): string {
  const address = order.shippingAddress;
  const orderCells = [
    order.orderNumber,
    storeIsoDateTime(order.createdAt),
    ORDER_STATUS_LABELS[order.status],
    order.paidAt ? "yes" : "no",
    order.paidAt ? storeIsoDateTime(order.paidAt) : "",
    order.customerName,
    order.customerEmail,
    order.customerPhone,
    address.street,
    address.apartment,
    address.city,
    address.state,
    address.zipCode,
    address.country,
    order.orderNotes,
  ];
  const totals = [
    csvMoney(order.subtotalCents),
    csvMoney(order.shippingCents),
    csvMoney(order.totalCents),
    csvMoney(order.refundedCents),
  ];
  if (order.items.length === 0) return csvRow([...orderCells, "", "", "", "", "", ...totals]);
  return order.items
    .map((item) =>
      csvRow([
        ...orderCells,
        item.productName,
        item.fabricCode === DEFAULT_FABRIC_CODE ? "" : item.fabricLabel,
        item.quantity,
        csvMoney(item.unitPriceCents),
        csvMoney(item.unitPriceCents * item.quantity),
        ...totals,
      ]),
    )
    .join("");
}

const BOM = "\uFEFF";

/**
 * The filtered orders as a CSV byte stream, read from the database a batch at a time as
 * the client takes them (backpressure: the next batch is read only when the last is sent).
 */
export function ordersCsvStream(scope: StoreScope, filters: OrderListFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = exportOrders(scope, filters);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvRow(ORDERS_CSV_HEADER)));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(orderCsvRows).join("")));
    },
    async cancel() {
      // The client went away: stop reading (the generator's next query never runs).
      await batches.return(undefined);
    },
  });
}
