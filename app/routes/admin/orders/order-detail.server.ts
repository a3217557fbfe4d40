import { randomUUID } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { parseForm } from "../../../../core/forms.ts";
import { orderActionSchema, type OrderActionAnswer } from "../../../../core/order-actions.ts";
import { ORDER_STATUS_LABELS } from "../../../../core/orders.ts";
import { adminContext, servicesContext, storeContext } from "../../../../server/context.ts";
import { readForm } from "../../../../server/http/request-body.ts";
import { loadOrderDetail } from "../../../../server/orders/order-detail.ts";
import { transitionOrder, ORDER_NOT_FOUND_MESSAGE } from "../../../../server/orders/order-workflow.ts";
import { refundOrder, retryRefund, type RefundOutcome } from "../../../../server/orders/refunds.ts";
import { paymentProvider } from "../../../../server/payments/payment-provider.ts";

// The order page's server half: the order as the page shows it, and one action for its
// forms told apart by intent (a workflow step, a refund, a retry of an unconfirmed refund).

export async function loadOrderPage(context: Readonly<RouterContextProvider>, orderNumber: string) {
  const detail = await loadOrderDetail(context.get(storeContext), orderNumber);
  if (!detail) throw data(ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  // A fresh one-time key per page load: the refund form sent twice refunds once.
  return { ...detail, refundRequestKey: randomUUID() };
}

const answer = (body: OrderActionAnswer, status = 200) => data<OrderActionAnswer>(body, { status });

const refundAnswer = (intent: "refund" | "retry-refund", outcome: RefundOutcome) => {
  if (outcome.status === 404) throw data(outcome.message, { status: 404 });
  return answer(
    { intent, ok: outcome.ok, message: outcome.message, ...(outcome.repeated ? { alreadyDone: true } : {}) },
    outcome.status,
  );
};

export async function orderPageAction(request: Request, context: Readonly<RouterContextProvider>, orderNumber: string) {
  const scope = context.get(storeContext);
  const { config } = context.get(servicesContext);
  const actor = context.get(adminContext).email;
  const form = await readForm(request);
  const parsed = parseForm(orderActionSchema, form);
  if (!parsed.ok) {
    const intent = String(form.get("intent") ?? "");
    const known = intent === "transition" || intent === "refund" || intent === "retry-refund";
    const message =
      parsed.errors.amount ?? (known ? "This form is incomplete. Reload the page and try again." : "Unknown form");
    return answer({ intent: known ? intent : "unknown", ok: false, message, fieldErrors: parsed.errors }, 400);
  }
  const action = parsed.value;
  const context_ = { publicUrl: config.PUBLIC_URL };

  switch (action.intent) {
    case "transition": {
      const result = await transitionOrder(scope, { orderNumber, to: action.to, actor }, context_);
      if (result.ok) {
        return answer({ intent: "transition", ok: true, message: `Order marked ${ORDER_STATUS_LABELS[result.to]}` });
      }
      if (result.status === 404) throw data(result.message, { status: 404 });
      // The second of two identical clicks (or owners) finds the order where it wanted it:
      // nothing is done twice, and the answer is a notice (200), not a refusal.
      const alreadyDone = result.current === action.to;
      return answer({ intent: "transition", ok: false, message: result.message, alreadyDone }, alreadyDone ? 200 : 409);
    }
    case "refund": {
      const outcome = await refundOrder(
        scope,
        paymentProvider(context.get(servicesContext)),
        { orderNumber, amountCents: action.amount, requestKey: action.requestKey, actor },
        context_,
      );
      return refundAnswer("refund", outcome);
    }
    case "retry-refund": {
      const outcome = await retryRefund(
        scope,
        paymentProvider(context.get(servicesContext)),
        { orderNumber, refundId: action.refundId },
        context_,
      );
      return refundAnswer("retry-refund", outcome);
    }
  }
}
