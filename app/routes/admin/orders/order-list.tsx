import { data, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order-list";
import { ORDER_LIST_VIEW_LABELS, orderListQuery, parseOrderListFilters } from "../../../../core/order-list.ts";
import { storeContext } from "../../../../server/context.ts";
import { keysetRequestOf } from "../../../../server/db/keyset-cursor.ts";
import { listOrders } from "../../../../server/orders/order-list.ts";
import { AdminErrorPanel } from "../../../components/admin/admin-error-boundary.tsx";
import { adminButtonClass } from "../../../components/admin/admin-button.tsx";
import { OrderListFilterBar } from "../../../components/admin/orders/order-list-filters.tsx";
import { KeysetPager } from "../../../components/admin/keyset-pager.tsx";
import { OrderListTable } from "../../../components/admin/orders/order-list-table.tsx";
import { adminMeta, adminPath } from "../admin-pages.ts";

const BROKEN_PAGE_LINK = "This page link is not valid. Start again from the newest orders.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseOrderListFilters(params);
  // A cursor this server never made is the client's mistake.
  const position = keysetRequestOf(params);
  if (!position) throw data(BROKEN_PAGE_LINK, { status: 400 });
  const page = await listOrders(context.get(storeContext), filters, position);
  return { filters, paged: Boolean(position.after ?? position.before), ...page };
}

export default function OrderList({ loaderData }: Route.ComponentProps) {
  const { filters, orders, nextCursor, newerCursor, paged } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === adminPath("orders");
  const viewLabel = ORDER_LIST_VIEW_LABELS[filters.view];
  const caption = filters.search ? `${viewLabel} orders matching “${filters.search}”` : `${viewLabel} orders`;
  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">Orders</h1>
      <p className="mt-1 text-sm text-stone-600">
        Newest first. Orders waiting for payment or never paid are under Unpaid.
      </p>

      <OrderListFilterBar filters={filters} searching={searching} />

      {orders.length === 0 ? (
        <EmptyState filters={filters} paged={paged} />
      ) : (
        <OrderListTable orders={orders} caption={caption} />
      )}
      <KeysetPager
        label="Pages of orders"
        olderCursor={nextCursor}
        newerCursor={newerCursor}
        pageUrl={(page) => `${adminPath("orders")}${orderListQuery(filters, page)}`}
      />
    </div>
  );
}

function EmptyState({ filters, paged }: { filters: Route.ComponentProps["loaderData"]["filters"]; paged: boolean }) {
  const [message, link] = paged
    ? ["There are no more orders here.", { to: orderListQuery(filters), label: "First page" }]
    : filters.search
      ? [
          `No orders match “${filters.search}”.`,
          { to: orderListQuery({ ...filters, search: "" }), label: "Clear search" },
        ]
      : filters.view === "paid"
        ? ["No orders yet — when a customer pays, the order appears here.", null]
        : [
            filters.view === "unpaid"
              ? "No unpaid orders."
              : `No orders are ${ORDER_LIST_VIEW_LABELS[filters.view].toLowerCase()}.`,
            { to: orderListQuery({ ...filters, view: "paid" }), label: "Show all paid orders" },
          ];
  return (
    <section className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
      <p className="max-w-full text-base font-medium break-words text-stone-900">{message}</p>
      {link ? (
        <Link
          to={`${adminPath("orders")}${link.to}`}
          className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-stone-900 underline underline-offset-4"
        >
          {link.label}
        </Link>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("orders");

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 400) {
    return (
      <div>
        <h1 className="text-2xl font-semibold text-stone-900">Orders</h1>
        <p className="mt-4 text-sm text-stone-700">{String(error.data)}</p>
        <Link to={adminPath("orders")} className={adminButtonClass("secondary", "mt-4")}>
          Show the newest orders
        </Link>
      </div>
    );
  }
  return <AdminErrorPanel error={error} heading="Orders" failure="Failed to load orders" />;
}
