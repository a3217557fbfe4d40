import { Download, Search, X } from "lucide-react";
import { Form, Link } from "react-router";
import {
  MAX_ORDER_SEARCH_LENGTH,
  ORDER_LIST_VIEW_LABELS,
  ORDER_LIST_VIEWS,
  orderListQuery,
  type OrderListFilters,
} from "../../../../core/order-list.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";
import { AdminButton, adminButtonClass } from "../admin-button.tsx";

/** The status views as links (each a URL of its own), the search, and the export of what is shown. */
export function OrderListFilterBar({ filters, searching }: { filters: OrderListFilters; searching: boolean }) {
  return (
    <div className="mt-6 space-y-4">
      <nav aria-label="Order status">
        <ul className="flex flex-wrap gap-2">
          {ORDER_LIST_VIEWS.map((view) => {
            const current = view === filters.view;
            return (
              <li key={view}>
                <Link
                  to={`${adminPath("orders")}${orderListQuery({ view, search: filters.search })}`}
                  aria-current={current ? "page" : undefined}
                  className={
                    "inline-flex h-11 items-center rounded-full px-4 text-sm font-medium ring-1 transition-colors ring-inset sm:h-9 " +
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 " +
                    (current
                      ? "bg-stone-900 text-white ring-stone-900"
                      : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-50")
                  }
                >
                  {ORDER_LIST_VIEW_LABELS[view]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="flex flex-wrap items-center gap-2">
        <Form method="get" role="search" className="flex min-w-0 basis-full gap-2 sm:max-w-md sm:flex-1 sm:basis-auto">
          {filters.view !== "paid" ? <input type="hidden" name="status" value={filters.view} /> : null}
          <label htmlFor="order-search" className="sr-only">
            Search orders by number, customer name or email
          </label>
          <div className="relative min-w-0 flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
            />
            <input
              id="order-search"
              type="search"
              name="q"
              defaultValue={filters.search}
              maxLength={MAX_ORDER_SEARCH_LENGTH}
              placeholder="Order number, name or email"
              className="block h-11 w-full rounded-md border border-stone-300 bg-white pr-3 pl-9 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 focus:border-stone-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-900/20 sm:h-10"
            />
          </div>
          <AdminButton type="submit" variant="secondary" className="h-11 sm:h-10" disabled={searching}>
            Search
          </AdminButton>
        </Form>
        {filters.search ? (
          <Link
            to={`${adminPath("orders")}${orderListQuery({ ...filters, search: "" })}`}
            className={adminButtonClass("ghost", "h-11 sm:h-10")}
          >
            <X aria-hidden className="size-4" />
            Clear search
          </Link>
        ) : null}
        {/* A plain link: the browser downloads the file (no client-side navigation). */}
        <a
          href={`${adminPath("orders-csv")}${orderListQuery(filters)}`}
          download
          className={adminButtonClass("secondary", "h-11 sm:ml-auto sm:h-10")}
        >
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </div>
    </div>
  );
}
