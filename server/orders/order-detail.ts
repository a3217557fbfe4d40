import { and, asc, eq } from "drizzle-orm";
import { formatPrice } from "../../core/money.ts";
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, WORKFLOW_TARGETS, type WorkflowTarget } from "../../core/orders.ts";
import { emailOutbox, orderEvents, orderItems, orders, payments, refunds, type EmailStatus } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";

// One order as the owner's order page shows it: what was bought, by whom, how it was
// paid and refunded, and everything that happened to it, in time order.

/** Order numbers as checkout makes them (VC + digits); anything else names no order. */
const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
export const isOrderNumber = (value: string) => ORDER_NUMBER.test(value);

export const PROVIDER_LABELS: Record<string, string> = { stripe: "Stripe", test: "Test payments" };

export interface TimelineEntry {
  id: string;
  at: Date;
  title: string;
  /** Who did it: the customer, the owner's email, or the shop itself (emails). */
  actor: string;
  detail?: string;
  tone: "neutral" | "success" | "warning" | "error";
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof loadOrderDetail>>>;

const EMAIL_STATUS_TEXT: Record<EmailStatus, string> = { sent: "Sent", pending: "Queued", failed: "Not sent" };

/** The order with this number in this store, or null. */
export async function loadOrderDetail({ db, tenantId }: StoreScope, orderNumber: string) {
  if (!isOrderNumber(orderNumber)) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNumber, orderNumber)));
  if (!order) return null;

  const [items, [payment], refundRows, events, emails] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, order.id)))
      .orderBy(asc(orderItems.position)),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, tenantId), eq(payments.orderId, order.id))),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.orderId, order.id)))
      .orderBy(asc(refunds.createdAt)),
    db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.tenantId, tenantId), eq(orderEvents.orderId, order.id)))
      .orderBy(asc(orderEvents.createdAt)),
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        toAddress: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.tenantId, tenantId), eq(emailOutbox.orderId, order.id)))
      .orderBy(asc(emailOutbox.createdAt)),
  ]);

  const providerLabel = PROVIDER_LABELS[order.paymentProvider] ?? order.paymentProvider;
  const timeline: TimelineEntry[] = [
    { id: "placed", at: order.createdAt, title: "Order placed", actor: order.customerName, tone: "neutral" },
  ];
  const paidAt = payment?.processedAt ?? order.paidAt;
  if (paidAt) {
    timeline.push({
      id: "paid",
      at: paidAt,
      title: `Payment received: ${formatPrice(payment?.amountCents ?? order.totalCents)}`,
      actor: `${order.customerName}, through ${providerLabel}`,
      tone: "success",
    });
  }
  for (const event of events) {
    if (event.kind === "status" && event.toStatus) {
      timeline.push({
        id: event.id,
        at: event.createdAt,
        title: event.fromStatus
          ? `Status changed from ${ORDER_STATUS_LABELS[event.fromStatus]} to ${ORDER_STATUS_LABELS[event.toStatus]}`
          : `Status set to ${ORDER_STATUS_LABELS[event.toStatus]}`,
        actor: event.actor,
        tone: event.toStatus === "canceled" ? "warning" : "neutral",
      });
    } else if (event.kind === "refund") {
      timeline.push({
        id: event.id,
        at: event.createdAt,
        title: `Refunded ${formatPrice(event.amountCents ?? 0)}`,
        actor: event.actor,
        ...(event.detail ? { detail: `Refund ${event.detail}` } : {}),
        tone: "warning",
      });
    }
  }
  // Refunds that went through are events above; those that did not are told here.
  for (const refund of refundRows) {
    if (refund.status === "failed") {
      timeline.push({
        id: refund.id,
        at: refund.completedAt ?? refund.createdAt,
        title: `Refund of ${formatPrice(refund.amountCents)} failed`,
        actor: refund.actor,
        detail: refund.failureMessage ?? "",
        tone: "error",
      });
    } else if (refund.status === "pending") {
      timeline.push({
        id: refund.id,
        at: refund.createdAt,
        title: `Refund of ${formatPrice(refund.amountCents)} not yet confirmed by ${providerLabel}`,
        actor: refund.actor,
        tone: "warning",
      });
    }
  }
  for (const email of emails) {
    const status =
      email.status === "sent" && email.sentAt
        ? EMAIL_STATUS_TEXT.sent
        : email.status === "failed"
          ? `${EMAIL_STATUS_TEXT.failed}: ${email.lastError ?? "unknown error"}`
          : EMAIL_STATUS_TEXT.pending;
    timeline.push({
      id: email.id,
      at: email.sentAt ?? email.createdAt,
      title: `Email “${email.subject}” to ${email.toAddress}`,
      actor: "The shop",
      detail: status,
      tone: email.status === "failed" ? "error" : email.status === "sent" ? "neutral" : "warning",
    });
  }
  // Oldest first, as the order's story reads; ties keep the order they were added in.
  timeline.sort((a, b) => a.at.getTime() - b.at.getTime());

  const heldCents = refundRows
    .filter((refund) => refund.status !== "failed")
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  const paidCents = payment?.amountCents ?? 0;
  const paid = Boolean(order.paidAt && payment);
  const nextStatuses: WorkflowTarget[] = paid
    ? (ORDER_TRANSITIONS[order.status] ?? []).filter((to): to is WorkflowTarget =>
        (WORKFLOW_TARGETS as readonly string[]).includes(to),
      )
    : [];

  return {
    order: {
      orderNumber: order.orderNumber,
      status: order.status,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      shippingAddress: order.shippingAddress,
      orderNotes: order.orderNotes,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
      refundedCents: order.refundedCents,
      paymentProvider: providerLabel,
      paymentSessionId: order.paymentSessionId,
    },
    items: items.map((item) => ({
      id: item.id,
      productName: item.productName,
      fabricCode: item.fabricCode,
      fabricLabel: item.fabricLabel,
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      imageUrl: item.imageUrl,
    })),
    paid,
    paidCents,
    /** What can still be refunded: paid less every refund done or under way. */
    refundableCents: paid ? Math.max(0, paidCents - heldCents) : 0,
    pendingRefunds: refundRows
      .filter((refund) => refund.status === "pending")
      .map((refund) => ({ id: refund.id, amountCents: refund.amountCents })),
    nextStatuses,
    timeline,
  };
}
