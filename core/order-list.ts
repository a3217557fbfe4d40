import { ORDER_STATUS_LABELS, type OrderStatus } from "./orders.ts";

// The owner's order list filters, as the page's links and the server's queries both read
// them: a status view and a search, kept in the query string (?status=…&q=…) so a filtered
// list is linkable, survives a reload and exports the same orders to CSV.

/**
 * The views of the list. "paid" (the default) is every order with a payment; the workflow
 * statuses narrow it; "unpaid" is every order never paid for (awaiting payment, failed,
 * expired, abandoned, or canceled by the shopper at the payment page).
 */
export const ORDER_LIST_VIEWS = [
  "paid",
  "new",
  "in_progress",
  "ready_for_pickup",
  "picked_up",
  "canceled",
  "unpaid",
] as const;
export type OrderListView = (typeof ORDER_LIST_VIEWS)[number];

export const DEFAULT_ORDER_LIST_VIEW: OrderListView = "paid";

export const ORDER_LIST_VIEW_LABELS: Record<OrderListView, string> = {
  paid: "All paid",
  new: ORDER_STATUS_LABELS.new,
  in_progress: ORDER_STATUS_LABELS.in_progress,
  ready_for_pickup: ORDER_STATUS_LABELS.ready_for_pickup,
  picked_up: ORDER_STATUS_LABELS.picked_up,
  canceled: ORDER_STATUS_LABELS.canceled,
  unpaid: "Unpaid",
};

/** Longest search the list accepts (an email address is at most 254 characters). */
export const MAX_ORDER_SEARCH_LENGTH = 254;

export interface OrderListFilters {
  view: OrderListView;
  /** Trimmed search text; "" for none. */
  search: string;
}

function isView(value: string | null): value is OrderListView {
  return (ORDER_LIST_VIEWS as readonly string[]).includes(value ?? "");
}

/**
 * The filters in a query string. An unknown status falls back to the default view; an overlong
 * search is cut to the longest the search box takes, as the box itself cuts a longer paste.
 */
export function parseOrderListFilters(params: URLSearchParams): OrderListFilters {
  const status = params.get("status");
  return {
    view: isView(status) ? status : DEFAULT_ORDER_LIST_VIEW,
    search: (params.get("q") ?? "").trim().slice(0, MAX_ORDER_SEARCH_LENGTH),
  };
}

/** The query string of a filtered list ("" for the defaults), with a page cursor when given. */
export function orderListQuery(
  filters: OrderListFilters,
  page: { after?: string | null; before?: string | null } = {},
): string {
  const query = new URLSearchParams();
  if (filters.view !== DEFAULT_ORDER_LIST_VIEW) query.set("status", filters.view);
  if (filters.search) query.set("q", filters.search);
  if (page.after) query.set("after", page.after);
  if (page.before) query.set("before", page.before);
  return query.size ? `?${query}` : "";
}

/** An order as a row of the list. */
export interface OrderListEntry {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: Date;
  paidAt: Date | null;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  refundedCents: number;
  /** Pieces in the order (the quantities added up). */
  itemCount: number;
  /** "Market Tote × 2, +1 more". */
  itemSummary: string;
}
