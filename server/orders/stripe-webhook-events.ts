import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { paymentEvents } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import type { Logger } from "../logger.ts";
import { confirmPayment } from "./confirm-payment.ts";
import { markCheckoutUnpaid } from "./mark-unpaid.ts";

export interface WebhookDeps {
  /** The store the webhook was sent to: its sessions, orders and handled events. */
  store: StoreScope;
  stripe: Stripe;
  webhookSecret: string;
  publicUrl: string;
  log: Logger;
}

export interface WebhookResult {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Handles one Stripe webhook delivery. The signature is checked on the raw body;
 * an event already handled is acknowledged without doing anything again.
 */
export async function handleStripeWebhook(
  deps: WebhookDeps,
  rawBody: string,
  signature: string | null,
): Promise<WebhookResult> {
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("missing Stripe-Signature header");
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
  } catch (error) {
    deps.log.warn({ error: (error as Error).message }, "stripe webhook refused");
    return { status: 400, body: { error: "Invalid signature" } };
  }

  const { db, tenantId } = deps.store;
  const [seen] = await db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.tenantId, tenantId), eq(paymentEvents.id, event.id)));
  if (seen) return { status: 200, body: { received: true, duplicate: true } };

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // Bank debits and the like complete later, with async_payment_succeeded.
      if (session.payment_status === "unpaid") break;
      await confirmPayment(
        deps.store,
        {
          sessionId: session.id,
          amountCents: session.amount_total ?? null,
          source: "webhook",
          metadata: { eventId: event.id },
        },
        { publicUrl: deps.publicUrl },
      );
      break;
    }
    case "checkout.session.async_payment_failed": {
      const sessionId = event.data.object.id;
      await markCheckoutUnpaid(deps.store, sessionId, "payment_failed");
      break;
    }
    case "checkout.session.expired": {
      const sessionId = event.data.object.id;
      await markCheckoutUnpaid(deps.store, sessionId, "expired");
      break;
    }
    default:
      deps.log.debug({ type: event.type }, "stripe webhook ignored");
  }
  // Recorded after handling: a delivery that failed half-way is handled again on retry.
  await db.insert(paymentEvents).values({ tenantId, id: event.id, type: event.type }).onConflictDoNothing();
  return { status: 200, body: { received: true } };
}
