import { ArrowLeft } from "lucide-react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/order-detail";
import { formatStoreDateTime } from "../../../../core/dates.ts";
import { adminMeta, adminPath } from "../admin-pages.ts";
import { AdminErrorBoundary } from "../../../components/admin/admin-error-boundary.tsx";
import { OrderDetailCustomer, OrderDetailPayment } from "../../../components/admin/orders/order-detail-customer.tsx";
import { OrderDetailItems } from "../../../components/admin/orders/order-detail-items.tsx";
import { OrderDetailRefund } from "../../../components/admin/orders/order-detail-refund.tsx";
import { OrderDetailTimeline } from "../../../components/admin/orders/order-detail-timeline.tsx";
import { OrderDetailWorkflow } from "../../../components/admin/orders/order-detail-workflow.tsx";
import { loadOrderPage, orderPageAction } from "./order-detail.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadOrderPage(context, params.orderNumber);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return orderPageAction(request, context, params.orderNumber);
}

// After any of its forms, refused ones included, the page reloads the order: a refusal
// because another owner moved it first shows where it is now.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { order, items, paid, paidCents, refundableCents, pendingRefunds, nextStatuses, timeline } = loaderData;
  return (
    <div>
      <Link
        to={adminPath("orders")}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Orders
      </Link>
      <h1 className="mt-2 text-2xl font-semibold break-words text-stone-900">Order #{order.orderNumber}</h1>
      <p className="mt-1 text-sm text-stone-600">
        Placed {formatStoreDateTime(order.createdAt)} by {order.customerName}
      </p>

      {/* Two columns on a wide screen; on a phone one, led by the status and its buttons. */}
      <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-3">
        <div className="contents lg:col-span-2 lg:block lg:space-y-6">
          <div className="order-2">
            <OrderDetailItems items={items} amounts={order} />
          </div>
          <div className="order-6">
            <OrderDetailTimeline entries={timeline} />
          </div>
        </div>
        <div className="contents lg:block lg:space-y-6">
          <div className="order-1">
            <OrderDetailWorkflow
              orderNumber={order.orderNumber}
              status={order.status}
              paid={paid}
              nextStatuses={nextStatuses}
              refundedCents={order.refundedCents}
              totalCents={order.totalCents}
            />
          </div>
          <div className="order-3">
            <OrderDetailCustomer
              name={order.customerName}
              email={order.customerEmail}
              phone={order.customerPhone}
              address={order.shippingAddress}
              notes={order.orderNotes}
            />
          </div>
          <div className="order-4">
            <OrderDetailPayment
              provider={order.paymentProvider}
              sessionId={order.paymentSessionId}
              paidAt={order.paidAt}
            />
          </div>
          {paid ? (
            <div className="order-5">
              <OrderDetailRefund
                customerName={order.customerName}
                customerEmail={order.customerEmail}
                paidCents={paidCents}
                refundedCents={order.refundedCents}
                refundableCents={refundableCents}
                requestKey={loaderData.refundRequestKey}
                pendingRefunds={pendingRefunds}
              />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const [title, ...rest] = adminMeta("order-detail");
  return loaderData ? [{ title: `Order #${loaderData.order.orderNumber} · Admin` }, ...rest] : [title!, ...rest];
};

// An unknown order (or another store's) is the admin's 404, inside the shell.
export const ErrorBoundary = AdminErrorBoundary;
