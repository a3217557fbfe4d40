// An order's shape as both sides see it: the owner's order pages and the server's records.

export interface ShippingAddress {
  street: string;
  apartment: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/**
 * Before payment: `awaiting_payment`, then `new` once paid, or one of the unpaid ends
 * (`payment_failed`, `expired`, `canceled` by the shopper at the provider, and
 * `abandoned`: the order was written but its payment never started, because the
 * provider call failed or the process died before the session was stored).
 * After payment, the owner's workflow: `new` → `in_progress` (being made) →
 * `ready_for_pickup` → `picked_up`, or `canceled` from `new` or `in_progress`.
 */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "new",
  "in_progress",
  "ready_for_pickup",
  "picked_up",
  "payment_failed",
  "expired",
  "canceled",
  "abandoned",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  new: "New",
  in_progress: "In progress",
  ready_for_pickup: "Ready for pickup",
  picked_up: "Picked up",
  payment_failed: "Payment failed",
  expired: "Expired",
  canceled: "Canceled",
  abandoned: "Abandoned",
};

/** The statuses an order never paid for ends in (or waits in); hidden from the order list by default. */
export const UNPAID_STATUSES = ["awaiting_payment", "payment_failed", "expired", "abandoned"] as const;

/** The owner's workflow: from each status, where she may move a paid order next. */
export const ORDER_TRANSITIONS: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ["in_progress", "canceled"],
  in_progress: ["ready_for_pickup", "canceled"],
  ready_for_pickup: ["picked_up"],
};

/** The workflow statuses the owner can move an order to (a form's `to` field). */
export const WORKFLOW_TARGETS = ["in_progress", "ready_for_pickup", "picked_up", "canceled"] as const;
export type WorkflowTarget = (typeof WORKFLOW_TARGETS)[number];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

/** The button that moves an order to a status. */
export const TRANSITION_ACTIONS: Record<WorkflowTarget, string> = {
  in_progress: "Start making",
  ready_for_pickup: "Mark ready for pickup",
  picked_up: "Mark picked up",
  canceled: "Cancel order",
};

/** Why a transition was refused, for the owner. */
export function transitionRefusedMessage(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `This order is already ${ORDER_STATUS_LABELS[to]}.`;
  return `An order that is ${ORDER_STATUS_LABELS[from]} cannot be moved to ${ORDER_STATUS_LABELS[to]}.`;
}

/** Orders needing the owner's hands: to make. */
export const TO_MAKE_STATUSES = ["new", "in_progress"] as const;
