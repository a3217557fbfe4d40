import Stripe from "stripe";
import {
  RefundRefusedError,
  type CheckoutRequestForProvider,
  type HostedCheckout,
  type PaymentProvider,
  type SessionStatus,
} from "./provider.ts";

/**
 * Stripe answered and said no (a bad request, a card or permission problem): nothing was
 * refunded. A network error, a 5xx or a rate limit leaves the outcome unknown instead.
 */
const isRefusal = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError ||
  error instanceof Stripe.errors.StripeCardError ||
  error instanceof Stripe.errors.StripePermissionError ||
  error instanceof Stripe.errors.StripeAuthenticationError;

export interface StripeSettings {
  secretKey: string;
  /** Another API base URL (a local stand-in in tests). */
  apiUrl?: string | undefined;
  publicUrl: string;
}

export function createStripeClient({ secretKey, apiUrl }: Pick<StripeSettings, "secretKey" | "apiUrl">): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, telemetry: false });
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === "https:" ? 443 : 80),
    protocol: url.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** Stripe Checkout: card data stays on Stripe's hosted page. */
export function createStripeProvider(settings: StripeSettings, stripe = createStripeClient(settings)): PaymentProvider {
  // Stripe shows product pictures only from public https addresses.
  const imageUrl = (url: string) => {
    const absolute = url.startsWith("/") ? `${settings.publicUrl}${url}` : url;
    return absolute.startsWith("https://") ? [absolute] : undefined;
  };

  return {
    name: "stripe",
    async createCheckout(request: CheckoutRequestForProvider): Promise<HostedCheckout> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId, orderNumber: request.orderNumber },
          payment_intent_data: { metadata: { orderId: request.orderId, orderNumber: request.orderNumber } },
          line_items: request.items.map((item) => ({
            quantity: item.quantity,
            price_data: {
              currency: "usd",
              unit_amount: item.unitPriceCents,
              product_data: { name: item.name, images: imageUrl(item.imageUrl) },
            },
          })),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried request for the same order never opens a second session.
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error("No checkout URL returned");
      return { sessionId: session.id, url: session.url };
    },
    async getSession(_store, sessionId: string): Promise<SessionStatus | null> {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return {
          sessionId: session.id,
          paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
          amountTotalCents: session.amount_total ?? null,
          customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
          orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async refund(_store, { sessionId, amountCents, idempotencyKey, orderId }) {
      try {
        // A Checkout Session is refunded through the payment intent it created.
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const paymentIntent =
          typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
        if (!paymentIntent) throw new RefundRefusedError("Stripe has no payment for this order to refund");
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountCents, metadata: { orderId } },
          { idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        if (isRefusal(error)) throw new RefundRefusedError((error as Error).message, { cause: error });
        throw error;
      }
    },
  };
}
