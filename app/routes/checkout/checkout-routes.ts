import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Checkout pages shown inside the shop's header and footer. */
export const checkoutPages: RouteConfigEntry[] = [
  route("checkout", "routes/checkout/checkout.tsx"),
  route("thank-you", "routes/checkout/thank-you.tsx"),
  route("thanks", "routes/checkout/thank-you.tsx", { id: "routes/checkout/thanks" }),
  route("terms", "routes/checkout/terms.tsx"),
  route("privacy", "routes/checkout/privacy.tsx"),
];

/** The payment provider's side: the built-in test payment page and Stripe's webhook. */
export const paymentRoutes: RouteConfigEntry[] = [
  route("pay/test/:sessionId", "routes/checkout/test-payment.tsx"),
  route("api/webhooks/stripe", "routes/checkout/stripe-webhook.ts"),
];
