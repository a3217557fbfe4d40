import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import type { Database } from "../db/client.ts";
import { orders, paymentEvents } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import type { Logger } from "../logger.ts";
import { confirmPayment } from "./confirm-payment.ts";
import { markCheckoutUnpaid } from "./mark-unpaid.ts";

export interface WebhookDeps {
  db: Database;
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
 * The store a checkout session belongs to. A webhook arrives outside any store's
 * request, so the store is the one whose order holds the session (session ids are
 * unique); a session no order holds is looked up in the default store, where the
 * confirmation then finds nothing to do.
 */
async function storeOfSession(db: Database, sessionId: string): Promise<StoreScope> {
  const [order] = await db
    .select({ tenantId: orders.tenantId })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  return { db, tenantId: order?.tenantId ?? DEFAULT_TENANT };
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

  const [seen] = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return { status: 200, body: { received: true, duplicate: true } };

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // Bank debits and the like complete later, with async_payment_succeeded.
      if (session.payment_status === "unpaid") break;
      await confirmPayment(
        await storeOfSession(deps.db, session.id),
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
      await markCheckoutUnpaid(await storeOfSession(deps.db, sessionId), sessionId, "payment_failed");
      break;
    }
    case "checkout.session.expired": {
      const sessionId = event.data.object.id;
      await markCheckoutUnpaid(await storeOfSession(deps.db, sessionId), sessionId, "expired");
      break;
    }
    default:
      deps.log.debug({ type: event.type }, "stripe webhook ignored");
  }
  // Recorded after handling: a delivery that failed half-way is handled again on retry.
  await deps.db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { status: 200, body: { received: true } };
}
