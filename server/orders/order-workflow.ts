import { and, eq, sql } from "drizzle-orm";
import { canTransition, transitionRefusedMessage, type OrderStatus, type WorkflowTarget } from "../../core/orders.ts";
import { orderEvents, orders } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { enqueueEmailOrRecordFailure } from "../mail/outbox.ts";
import { loadOrderEmailParts, orderReadyEmailKey, pickupReadyEmail } from "./order-emails.ts";

export const UNPAID_ORDER_MESSAGE = "This order has not been paid, so it cannot move through the workflow.";
export const ORDER_NOT_FOUND_MESSAGE = "Order not found";

export type TransitionResult =
  | { ok: true; from: OrderStatus; to: WorkflowTarget }
  | { ok: false; status: 404 | 409; message: string; current?: OrderStatus };

/**
 * Moves a paid order one step along the owner's workflow and records who did it. The
 * order row is locked for the whole step, so of two owners (or two clicks) moving it at
 * once, the second waits, finds the order already moved and is refused: one change, one
 * event, and for "ready for pickup" one email to the customer (queued in the same
 * transaction; an address that cannot take mail never holds the order back).
 */
export async function transitionOrder(
  { db, tenantId }: StoreScope,
  request: { orderNumber: string; to: WorkflowTarget; actor: string },
  context: { publicUrl: string },
): Promise<TransitionResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNumber, request.orderNumber)))
      .for("update");
    if (!order) return { ok: false, status: 404, message: ORDER_NOT_FOUND_MESSAGE };
    if (!order.paidAt) return { ok: false, status: 409, message: UNPAID_ORDER_MESSAGE, current: order.status };
    if (!canTransition(order.status, request.to)) {
      return {
        ok: false,
        status: 409,
        message: transitionRefusedMessage(order.status, request.to),
        current: order.status,
      };
    }

    await tx
      .update(orders)
      .set({ status: request.to, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      tenantId,
      orderId: order.id,
      kind: "status",
      fromStatus: order.status,
      toStatus: request.to,
      actor: request.actor,
    });

    if (request.to === "ready_for_pickup") {
      const { data, settings, store } = await loadOrderEmailParts({ db: tx, tenantId }, order, context.publicUrl);
      const email = pickupReadyEmail(data, store, { location: settings.pickupLocation, hours: settings.pickupHours });
      await enqueueEmailOrRecordFailure(tx, {
        tenantId,
        kind: "order-ready",
        dedupeKey: orderReadyEmailKey(order.id),
        orderId: order.id,
        to: order.customerEmail,
        replyTo: store.email,
        ...email,
      });
    }
    return { ok: true, from: order.status, to: request.to };
  });
}
