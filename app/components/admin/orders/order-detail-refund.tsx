import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { formatPrice } from "../../../../core/money.ts";
import {
  centsAsDollarText,
  NOTHING_TO_REFUND_MESSAGE,
  refundAmountField,
  refundLimitMessage,
  type OrderActionAnswer,
} from "../../../../core/order-actions.ts";
import { AdminButton } from "../admin-button.tsx";
import { ConfirmDialog } from "../confirm-dialog.tsx";
import { Field } from "../field.tsx";
import { OrderActionRefusal, useOrderActionAnswer } from "./order-detail-answer.tsx";
import { OrderDetailCard } from "./order-detail-card.tsx";

/**
 * Money back to the customer, full or partial: the amount (prefilled with what remains)
 * is checked here and again on the server, and a dialog names the amount and the customer
 * before anything is sent. The page's one-time request key makes a repeated send harmless.
 */
export function OrderDetailRefund({
  customerName,
  customerEmail,
  paidCents,
  refundedCents,
  refundableCents,
  requestKey,
  pendingRefunds,
}: {
  customerName: string;
  customerEmail: string;
  paidCents: number;
  refundedCents: number;
  refundableCents: number;
  requestKey: string;
  pendingRefunds: { id: string; amountCents: number }[];
}) {
  const fetcher = useFetcher<OrderActionAnswer>();
  const [amount, setAmount] = useState(centsAsDollarText(refundableCents));
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const answer = useOrderActionAnswer(fetcher, () => setConfirming(null));
  const busy = fetcher.state !== "idle";

  // After a refund the page reloads with less to refund: the field follows.
  const [filledFor, setFilledFor] = useState(refundableCents);
  if (filledFor !== refundableCents) {
    setFilledFor(refundableCents);
    setAmount(centsAsDollarText(refundableCents));
    setError(undefined);
  }

  const check = (text: string): number | null => {
    const parsed = refundAmountField.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return null;
    }
    if (parsed.data > refundableCents) {
      setError(refundLimitMessage(refundableCents));
      return null;
    }
    setError(undefined);
    return parsed.data;
  };
  const review = (event: FormEvent) => {
    event.preventDefault();
    const cents = check(amount);
    if (cents !== null) setConfirming(cents);
  };

  return (
    <OrderDetailCard title="Refund">
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Paid</dt>
          <dd className="text-stone-900 tabular-nums">{formatPrice(paidCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Refunded so far</dt>
          <dd className="text-stone-900 tabular-nums">{formatPrice(refundedCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="font-semibold text-stone-900">Can still be refunded</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{formatPrice(refundableCents)}</dd>
        </div>
      </dl>

      {pendingRefunds.length > 0 ? <PendingRefunds refunds={pendingRefunds} /> : null}

      {refundableCents > 0 ? (
        <form method="post" onSubmit={review} noValidate className="mt-5 space-y-3">
          <Field
            label="Amount to refund ($)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={error}
            hint={`Up to ${formatPrice(refundableCents)}`}
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => void check(amount)}
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <AdminButton type="submit" variant="danger" disabled={busy} className="h-11 w-full sm:w-auto">
              Refund…
            </AdminButton>
            <AdminButton
              variant="secondary"
              disabled={busy}
              className="h-11 w-full sm:w-auto"
              onClick={() => {
                setAmount(centsAsDollarText(refundableCents));
                setError(undefined);
                setConfirming(refundableCents);
              }}
            >
              Refund full amount
            </AdminButton>
          </div>
        </form>
      ) : (
        <p className="mt-4 text-sm text-stone-600">{NOTHING_TO_REFUND_MESSAGE}</p>
      )}
      <OrderActionRefusal answer={answer?.intent === "refund" ? answer : undefined} />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={`Refund ${formatPrice(confirming ?? 0)}?`}
        message={
          <>
            <strong className="font-semibold text-stone-900">{customerName}</strong> ({customerEmail}) gets{" "}
            {formatPrice(confirming ?? 0)} back on the card they paid with, and an email saying so. A refund can&apos;t
            be undone.
          </>
        }
        confirmLabel={`Refund ${formatPrice(confirming ?? 0)}`}
        busy={busy}
        onConfirm={() => {
          if (confirming === null) return;
          void fetcher.submit(
            { intent: "refund", amount: centsAsDollarText(confirming), requestKey },
            { method: "post" },
          );
        }}
      />
    </OrderDetailCard>
  );
}

/** Refunds the provider never confirmed (it did not answer): their amount stays held until retried. */
function PendingRefunds({ refunds }: { refunds: { id: string; amountCents: number }[] }) {
  const fetcher = useFetcher<OrderActionAnswer>();
  const answer = useOrderActionAnswer(fetcher);
  return (
    <div className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p>The payment provider has not confirmed these refunds yet:</p>
      <ul className="mt-2 space-y-2">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="tabular-nums">{formatPrice(refund.amountCents)}</span>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="retry-refund" />
              <input type="hidden" name="refundId" value={refund.id} />
              <AdminButton type="submit" variant="secondary" disabled={fetcher.state !== "idle"} className="h-11">
                Retry refund of {formatPrice(refund.amountCents)}
              </AdminButton>
            </fetcher.Form>
          </li>
        ))}
      </ul>
      <OrderActionRefusal answer={answer} />
    </div>
  );
}
