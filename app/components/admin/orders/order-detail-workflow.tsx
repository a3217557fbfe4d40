import { useState } from "react";
import { useFetcher } from "react-router";
import type { OrderActionAnswer } from "../../../../core/order-actions.ts";
import { TRANSITION_ACTIONS, type OrderStatus, type WorkflowTarget } from "../../../../core/orders.ts";
import { AdminButton } from "../admin-button.tsx";
import { ConfirmDialog } from "../confirm-dialog.tsx";
import { OrderActionRefusal, useOrderActionAnswer } from "./order-detail-answer.tsx";
import { OrderDetailCard } from "./order-detail-card.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";

/** "Refunded" or "Partly refunded" beside the status, which a refund leaves as it is. */
export function RefundBadge({ refundedCents, totalCents }: { refundedCents: number; totalCents: number }) {
  if (refundedCents <= 0) return null;
  const full = refundedCents >= totalCents;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${
        full ? "bg-red-50 text-red-800 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-300"
      }`}
    >
      {full ? "Refunded" : "Partly refunded"}
    </span>
  );
}

/** The order's status and the buttons that move it on (New → In progress → Ready for pickup → Picked up). */
export function OrderDetailWorkflow({
  orderNumber,
  status,
  paid,
  nextStatuses,
  refundedCents,
  totalCents,
}: {
  orderNumber: string;
  status: OrderStatus;
  paid: boolean;
  nextStatuses: WorkflowTarget[];
  refundedCents: number;
  totalCents: number;
}) {
  const fetcher = useFetcher<OrderActionAnswer>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const answer = useOrderActionAnswer(fetcher, () => setConfirmCancel(false));
  const busy = fetcher.state !== "idle";
  const forward = nextStatuses.filter((to) => to !== "canceled");
  const cancelable = nextStatuses.includes("canceled");

  return (
    <OrderDetailCard title="Status">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={status} />
        <RefundBadge refundedCents={refundedCents} totalCents={totalCents} />
      </div>
      {!paid ? (
        <p className="mt-3 text-sm text-stone-600">
          This order was never paid, so there is nothing to make or hand over.
        </p>
      ) : nextStatuses.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">This order has reached the end of its workflow.</p>
      ) : (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {forward.map((to, index) => (
            <fetcher.Form key={to} method="post" className="contents">
              <input type="hidden" name="intent" value="transition" />
              <AdminButton
                type="submit"
                name="to"
                value={to}
                variant={index === 0 ? "primary" : "secondary"}
                disabled={busy}
                className="h-11 w-full sm:w-auto"
              >
                {TRANSITION_ACTIONS[to]}
              </AdminButton>
            </fetcher.Form>
          ))}
          {cancelable ? (
            <AdminButton
              variant="secondary"
              disabled={busy}
              className="h-11 w-full text-red-700 sm:w-auto"
              onClick={() => setConfirmCancel(true)}
            >
              {TRANSITION_ACTIONS.canceled}
            </AdminButton>
          ) : null}
        </div>
      )}
      <OrderActionRefusal
        answer={answer?.intent === "transition" || answer?.intent === "unknown" ? answer : undefined}
      />
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Cancel order #${orderNumber}?`}
        message="The order will be marked Canceled and can't be moved again. Canceling doesn't give the customer their money back: refund the payment below if they should have it."
        confirmLabel={TRANSITION_ACTIONS.canceled}
        cancelLabel="Keep order"
        busy={busy}
        onConfirm={() => void fetcher.submit({ intent: "transition", to: "canceled" }, { method: "post" })}
      />
    </OrderDetailCard>
  );
}
