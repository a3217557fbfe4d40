import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../../core/orders.ts";

// One look per status wherever an order's status is shown (list, detail, dashboard).
const TONES: Record<OrderStatus, string> = {
  awaiting_payment: "bg-stone-100 text-stone-700 ring-stone-300",
  new: "bg-amber-50 text-amber-900 ring-amber-300",
  in_progress: "bg-sky-50 text-sky-900 ring-sky-300",
  ready_for_pickup: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  picked_up: "bg-stone-100 text-stone-800 ring-stone-300",
  payment_failed: "bg-red-50 text-red-800 ring-red-200",
  expired: "bg-stone-100 text-stone-600 ring-stone-200",
  canceled: "bg-stone-100 text-stone-600 ring-stone-200",
  abandoned: "bg-stone-100 text-stone-600 ring-stone-200",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[status]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
