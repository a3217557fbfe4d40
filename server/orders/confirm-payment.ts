import { and, asc, eq, sql } from "drizzle-orm";
import type { StoreScope } from "../db/store-scope.ts";
import { orderItems, orders, payments } from "../db/schema.ts";
import { enqueueEmailOrRecordFailure } from "../mail/outbox.ts";
import { getStoreSettings } from "../catalog/store-settings.ts";
import {
  customerConfirmationEmail,
  orderEmailData,
  orderEmailKeys,
  ownerNotificationEmail,
  storeContact,
} from "./order-emails.ts";

export interface PaymentConfirmation {
  /** The provider's checkout session. */
  sessionId: string;
  /** What the provider says was charged, when it says so. */
  amountCents: number | null;
  source: "webhook" | "thank-you" | "test-page";
  metadata?: Record<string, unknown>;
}

export type ConfirmedOrder = typeof orders.$inferSelect & { items: (typeof orderItems.$inferSelect)[] };

export class PaymentMismatchError extends Error {
  override name = "PaymentMismatchError";
}

/**
 * The one step that turns a paid checkout into an order: marks it `new` (from awaiting
 * payment, or from an unpaid end when a payment arrives late), records the payment and
 * queues the customer's and the owner's emails — in one transaction, so any number of
 * repeated or concurrent calls (webhook and thank-you page racing) do all of it exactly
 * once. Answers null for a session that is not one of this store's.
 * An address that cannot be sent to never holds an order back: its email is recorded
 * as failed (for the owner to see) and the order is confirmed all the same.
 */
export async function confirmPayment(
  { db, tenantId }: StoreScope,
  confirmation: PaymentConfirmation,
  context: { publicUrl: string },
): Promise<ConfirmedOrder | null> {
  return db.transaction(async (tx) => {
    // The row lock makes concurrent confirmations of one order wait for each other.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), eq(orders.paymentSessionId, confirmation.sessionId)))
      .for("update");
    if (!order) return null;
    const items = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, order.id)))
      .orderBy(asc(orderItems.position));
    // Paid already: a repeated confirmation (a reload of the thank-you page, a late webhook)
    // changes nothing, wherever the owner has since moved the order.
    if (order.paidAt) return { ...order, items };

    if (confirmation.amountCents !== null && confirmation.amountCents !== order.totalCents) {
      throw new PaymentMismatchError(
        `Payment for order ${order.orderNumber} was ${confirmation.amountCents} cents, expected ${order.totalCents}`,
      );
    }
    const recorded = await tx
      .insert(payments)
      .values({
        tenantId: order.tenantId,
        orderId: order.id,
        sessionId: confirmation.sessionId,
        status: "completed",
        amountCents: order.totalCents,
        metadata: { source: confirmation.source, ...confirmation.metadata },
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    const [paid] = await tx
      .update(orders)
      .set({ status: "new", paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    if (!paid) throw new Error(`Order ${order.orderNumber} vanished while being confirmed`);
    if (recorded.length === 0) return { ...paid, items };

    const store = storeContact(await getStoreSettings({ db: tx, tenantId }), context.publicUrl);
    const data = orderEmailData(paid, items);
    const keys = orderEmailKeys(order.id);
    const customer = customerConfirmationEmail(data, store);
    await enqueueEmailOrRecordFailure(tx, {
      tenantId: order.tenantId,
      kind: "order-confirmation",
      dedupeKey: keys.customer,
      orderId: order.id,
      to: order.customerEmail,
      replyTo: store.email,
      ...customer,
    });
    const owner = ownerNotificationEmail(data, store);
    await enqueueEmailOrRecordFailure(tx, {
      tenantId: order.tenantId,
      kind: "order-owner",
      dedupeKey: keys.owner,
      orderId: order.id,
      to: store.email,
      replyTo: order.customerEmail,
      ...owner,
    });
    return { ...paid, items };
  });
}
