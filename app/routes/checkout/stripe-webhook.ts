import { data } from "react-router";
import type { Route } from "./+types/stripe-webhook";
import { servicesContext, storeContext } from "../../../server/context.ts";
import { readJsonText } from "../../../server/http/request-body.ts";
import { createStripeClient } from "../../../server/payments/stripe-provider.ts";
import { handleStripeWebhook } from "../../../server/orders/stripe-webhook-events.ts";

// POST /api/webhooks/stripe — Stripe's notice that a checkout was paid, failed or expired.
export async function action({ request, context }: Route.ActionArgs) {
  const { config, log } = context.get(servicesContext);
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    return data({ error: "Stripe is not configured" }, { status: 404 });
  }
  // A delivery without a signature is not Stripe's: refused before its body is read.
  if (!request.headers.get("stripe-signature")) return data({ error: "Invalid signature" }, { status: 400 });
  // The signature covers the exact text Stripe sent, so the body is read as text and parsed only once verified.
  const rawBody = await readJsonText(request);
  const result = await handleStripeWebhook(
    {
      store: context.get(storeContext),
      stripe: createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL }),
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      publicUrl: config.PUBLIC_URL,
      log,
    },
    rawBody,
    request.headers.get("stripe-signature"),
  );
  return data(result.body, { status: result.status });
}

export function loader() {
  return data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}
