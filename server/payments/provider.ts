import type { StoreScope } from "../db/store-scope.ts";

/** What a payment provider is given to open its hosted payment page. */
export interface CheckoutRequestForProvider {
  orderId: string;
  orderNumber: string;
  customerEmail: string;
  storeName: string;
  items: { name: string; unitPriceCents: number; quantity: number; imageUrl: string }[];
  totalCents: number;
  successUrl: string;
  cancelUrl: string;
}

export interface HostedCheckout {
  sessionId: string;
  url: string;
}

/** The provider's view of a checkout session, used to confirm a payment from the thank-you page. */
export interface SessionStatus {
  sessionId: string;
  paid: boolean;
  amountTotalCents: number | null;
  customerEmail: string | null;
  orderId: string | null;
}

/** What the owner asks a provider to give back, from one paid checkout session. */
export interface RefundRequest {
  sessionId: string;
  amountCents: number;
  /** The same key always means the same refund: a retried call never refunds twice. */
  idempotencyKey: string;
  orderId: string;
}

/**
 * The provider answered and refused the refund (nothing was refunded); its message is
 * for the owner. Any other error leaves the outcome unknown.
 */
export class RefundRefusedError extends Error {
  override name = "RefundRefusedError";
}

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createCheckout(request: CheckoutRequestForProvider): Promise<HostedCheckout>;
  /** The session as the provider sees it; `store` is the store whose thank-you page asks. */
  getSession(store: StoreScope, sessionId: string): Promise<SessionStatus | null>;
  /** Gives back part or all of a session's payment; throws RefundRefusedError when the provider says no. */
  refund(store: StoreScope, request: RefundRequest): Promise<{ refundId: string }>;
}

/** The shopper returns here after paying; the provider fills in the session id. */
export const successPath = (sessionIdPlaceholder: string) =>
  `/thank-you?session_id=${sessionIdPlaceholder}&payment_complete=true`;
export const CANCEL_PATH = "/checkout?canceled=true";
