import { and, eq, inArray, sql } from "drizzle-orm";
import { refundLimitMessage, REFUND_MINIMUM_MESSAGE } from "../../core/order-actions.ts";
import { formatPrice } from "../../core/money.ts";
import { orderEvents, orders, payments, refunds, type RefundStatus } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { enqueueEmailOrRecordFailure } from "../mail/outbox.ts";
import { RefundRefusedError, type PaymentProvider } from "../payments/provider.ts";
import { loadOrderEmailParts, orderRefundEmailKey, refundEmail } from "./order-emails.ts";
import { ORDER_NOT_FOUND_MESSAGE } from "./order-workflow.ts";

export const UNPAID_REFUND_MESSAGE = "This order has not been paid, so there is nothing to refund.";
export const refundFailedMessage = (reason: string) => `Refund failed: ${reason}`;
export const refundUnconfirmedMessage = (amountCents: number) =>
  `The payment provider did not confirm the refund of ${formatPrice(amountCents)}. It is kept as pending: retry it from the order's history.`;

export const refundUnderWayMessage = (amountCents: number) =>
  `This refund of ${formatPrice(amountCents)} is already under way. Reload the order in a moment to see how it went.`;

export interface RefundOutcome {
  ok: boolean;
  /** The answer's HTTP status: 200 refunded, 202 unconfirmed, 4xx refused (nothing refunded). */
  status: 200 | 202 | 400 | 404 | 409;
  message: string;
  refundId?: string;
  state?: RefundStatus;
  /** The same request key was already used: this is that refund's outcome, nothing new was done. */
  repeated?: boolean;
}

type Refund = typeof refunds.$inferSelect;

function outcomeOf(refund: Refund, customerName: string, repeated: boolean): RefundOutcome {
  const common = { refundId: refund.id, state: refund.status, repeated };
  switch (refund.status) {
    case "succeeded":
      return {
        ok: true,
        status: 200,
        message: `Refunded ${formatPrice(refund.amountCents)} to ${customerName}`,
        ...common,
      };
    case "failed":
      return {
        ok: false,
        status: 409,
        message: refundFailedMessage(refund.failureMessage ?? "unknown reason"),
        ...common,
      };
    case "pending":
      return {
        ok: false,
        status: 202,
        message: repeated ? refundUnderWayMessage(refund.amountCents) : refundUnconfirmedMessage(refund.amountCents),
        ...common,
      };
  }
}

type Phase1 = { outcome: RefundOutcome } | { refund: Refund; sessionId: string; customerName: string };

/**
 * Gives a customer part or all of her payment back through the order's payment provider,
 * in three steps so no transaction is held open while the provider is called:
 * 1. with the order row locked, check what remains refundable (paid less every refund
 *    pending or done) and write the refund `pending`, holding its amount — so two refunds
 *    at once can never together exceed what was paid;
 * 2. ask the provider, with an idempotency key of this refund's own;
 * 3. mark it succeeded (adding to the order's refunded amount, recording the event and
 *    queueing one email to the customer) or failed, releasing the amount.
 * The form's request key makes a repeated submission answer the first one's outcome.
 */
export async function refundOrder(
  scope: StoreScope,
  provider: PaymentProvider,
  request: { orderNumber: string; amountCents: number; requestKey: string; actor: string },
  context: { publicUrl: string },
): Promise<RefundOutcome> {
  const { db, tenantId } = scope;
  const phase1 = await db.transaction(async (tx): Promise<Phase1> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNumber, request.orderNumber)))
      .for("update");
    if (!order) return { outcome: { ok: false, status: 404, message: ORDER_NOT_FOUND_MESSAGE } };

    const [earlier] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.requestKey, request.requestKey)));
    if (earlier) {
      if (earlier.orderId !== order.id) {
        return { outcome: { ok: false, status: 400, message: "This refund form belongs to another order." } };
      }
      return { outcome: outcomeOf(earlier, order.customerName, true) };
    }

    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, tenantId), eq(payments.orderId, order.id)));
    if (!order.paidAt || !payment) return { outcome: { ok: false, status: 409, message: UNPAID_REFUND_MESSAGE } };
    if (order.paymentProvider !== provider.name) {
      return {
        outcome: {
          ok: false,
          status: 409,
          message: `This order was paid through ${order.paymentProvider === "stripe" ? "Stripe" : "test payments"}, which this shop no longer uses: refund it there.`,
        },
      };
    }
    if (!Number.isInteger(request.amountCents) || request.amountCents < 1) {
      return { outcome: { ok: false, status: 400, message: REFUND_MINIMUM_MESSAGE } };
    }
    const [held] = await tx
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(
        and(
          eq(refunds.tenantId, tenantId),
          eq(refunds.orderId, order.id),
          inArray(refunds.status, ["pending", "succeeded"]),
        ),
      );
    const remaining = payment.amountCents - Number(held?.cents ?? 0);
    if (request.amountCents > remaining) {
      return { outcome: { ok: false, status: 400, message: refundLimitMessage(remaining) } };
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        tenantId,
        orderId: order.id,
        amountCents: request.amountCents,
        requestKey: request.requestKey,
        actor: request.actor,
      })
      .returning();
    return { refund: refund!, sessionId: payment.sessionId, customerName: order.customerName };
  });
  if ("outcome" in phase1) return phase1.outcome;
  return settleRefund(scope, provider, phase1, context);
}

/**
 * Asks the provider again for a refund it never confirmed (a network error, a provider
 * outage); its own idempotency key makes sure the customer is refunded once.
 */
export async function retryRefund(
  scope: StoreScope,
  provider: PaymentProvider,
  request: { orderNumber: string; refundId: string },
  context: { publicUrl: string },
): Promise<RefundOutcome> {
  const { db, tenantId } = scope;
  const [found] = await db
    .select({ refund: refunds, sessionId: payments.sessionId, customerName: orders.customerName })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(refunds.tenantId, tenantId),
        eq(refunds.id, request.refundId),
        eq(orders.orderNumber, request.orderNumber),
      ),
    );
  if (!found) return { ok: false, status: 404, message: "Refund not found" };
  if (found.refund.status !== "pending") return outcomeOf(found.refund, found.customerName, true);
  return settleRefund(scope, provider, found, context);
}

async function settleRefund(
  { db, tenantId }: StoreScope,
  provider: PaymentProvider,
  { refund, sessionId, customerName }: { refund: Refund; sessionId: string; customerName: string },
  context: { publicUrl: string },
): Promise<RefundOutcome> {
  let providerRefundId: string;
  try {
    ({ refundId: providerRefundId } = await provider.refund(
      { db, tenantId },
      {
        sessionId,
        amountCents: refund.amountCents,
        idempotencyKey: `refund-${refund.id}`,
        orderId: refund.orderId,
      },
    ));
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) {
      // Nobody knows whether money moved: the amount stays held until a retry settles it.
      return {
        ok: false,
        status: 202,
        message: refundUnconfirmedMessage(refund.amountCents),
        refundId: refund.id,
        state: "pending",
      };
    }
    const [failed] = await db
      .update(refunds)
      .set({ status: "failed", failureMessage: error.message, completedAt: sql`now()` })
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning();
    return outcomeOf(failed ?? refund, customerName, !failed);
  }

  return db.transaction(async (tx) => {
    // The order first, as every other writer of it does.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, refund.orderId)))
      .for("update");
    const [done] = await tx
      .update(refunds)
      .set({ status: "succeeded", providerRefundId, completedAt: sql`now()` })
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning();
    if (!order || !done) {
      // Settled meanwhile by a retry: answer what that one did.
      const [current] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
      return outcomeOf(current ?? refund, customerName, true);
    }
    const [updated] = await tx
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} + ${done.amountCents}`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.insert(orderEvents).values({
      tenantId,
      orderId: order.id,
      kind: "refund",
      amountCents: done.amountCents,
      actor: done.actor,
      detail: providerRefundId,
    });
    const { data, store } = await loadOrderEmailParts({ db: tx, tenantId }, order, context.publicUrl);
    const email = refundEmail(data, store, {
      amountCents: done.amountCents,
      refundedCents: updated!.refundedCents,
    });
    await enqueueEmailOrRecordFailure(tx, {
      tenantId,
      kind: "order-refund",
      dedupeKey: orderRefundEmailKey(done.id),
      orderId: order.id,
      to: order.customerEmail,
      replyTo: store.email,
      ...email,
    });
    return outcomeOf(done, customerName, false);
  });
}
