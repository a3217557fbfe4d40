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
 * `abandoned`: the order was written but its payment never started (the provider
 * call failed, or the process died before the session was stored); it can never be paid.
 */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "new",
  "payment_failed",
  "expired",
  "canceled",
  "abandoned",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
