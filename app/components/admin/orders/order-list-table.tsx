import { Link } from "react-router";
import { formatStoreDate, formatStoreDateTime } from "../../../../core/dates.ts";
import { formatPrice } from "../../../../core/money.ts";
import type { OrderListEntry } from "../../../../core/order-list.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";
import { OrderStatusBadge } from "./order-status-badge.tsx";

const itemCountText = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

function PaidMark({ order }: { order: OrderListEntry }) {
  return order.paidAt ? (
    <span className="text-stone-700">Paid</span>
  ) : (
    <span className="font-medium text-amber-800">Unpaid</span>
  );
}

function Refunded({ cents }: { cents: number }) {
  return cents > 0 ? (
    <span className="block text-xs font-medium text-red-700">Refunded {formatPrice(cents)}</span>
  ) : null;
}

function Time({ value }: { value: Date }) {
  return (
    <time dateTime={value.toISOString()} title={formatStoreDateTime(value)}>
      {formatStoreDate(value)}
    </time>
  );
}

const orderLinkClass =
  "font-medium text-stone-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 rounded-sm";

/** The orders as a table on wide screens and as stacked cards on a phone. */
export function OrderListTable({ orders, caption }: { orders: OrderListEntry[]; caption: string }) {
  return (
    <>
      <div className="mt-6 hidden overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-xs md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-xs font-medium tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Order
              </th>
              <th scope="col" className="px-4 py-3">
                Date
              </th>
              <th scope="col" className="px-4 py-3">
                Customer
              </th>
              <th scope="col" className="px-4 py-3">
                Items
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Total
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Payment
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {orders.map((order) => (
              <tr key={order.id} className="align-top hover:bg-stone-50">
                <th scope="row" className="px-4 py-3 font-normal">
                  <Link to={adminPath("order-detail", { orderNumber: order.orderNumber })} className={orderLinkClass}>
                    {order.orderNumber}
                  </Link>
                </th>
                <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                  <Time value={order.createdAt} />
                </td>
                <td className="max-w-56 px-4 py-3">
                  <span className="block truncate text-stone-900">{order.customerName}</span>
                  <span className="block truncate text-xs text-stone-500">{order.customerEmail}</span>
                </td>
                <td className="max-w-64 px-4 py-3">
                  <span className="block truncate text-stone-900">{order.itemSummary}</span>
                  <span className="block text-xs text-stone-500">{itemCountText(order.itemCount)}</span>
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                  <span className="text-stone-900">{formatPrice(order.totalCents)}</span>
                  <Refunded cents={order.refundedCents} />
                </td>
                <td className="px-4 py-3">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-4 py-3">
                  <PaidMark order={order} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={caption} className="mt-6 space-y-3 md:hidden">
        {orders.map((order) => (
          <li key={order.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <Link
                to={adminPath("order-detail", { orderNumber: order.orderNumber })}
                className={`${orderLinkClass} -my-2 inline-flex min-h-11 items-center text-base`}
              >
                {order.orderNumber}
              </Link>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-1 text-xs text-stone-500">
              <Time value={order.createdAt} /> · <PaidMark order={order} />
            </p>
            <p className="mt-3 truncate text-sm text-stone-900">{order.customerName}</p>
            <p className="truncate text-xs text-stone-500">{order.customerEmail}</p>
            <div className="mt-3 flex items-end justify-between gap-3 text-sm">
              <span className="min-w-0">
                <span className="block truncate text-stone-700">{order.itemSummary}</span>
                <span className="block text-xs text-stone-500">{itemCountText(order.itemCount)}</span>
              </span>
              <span className="shrink-0 text-right tabular-nums">
                <span className="font-medium text-stone-900">{formatPrice(order.totalCents)}</span>
                <Refunded cents={order.refundedCents} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
