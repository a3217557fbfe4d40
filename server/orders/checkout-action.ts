import { checkoutRequestSchema, type CheckoutRequest } from "../../core/checkout-form.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";
import { consumeAttempt, type ThrottleRule } from "../http/throttle.ts";
import { getStoreSettings } from "../catalog/store-settings.ts";
import type { AppServices } from "../context.ts";
import { paymentProvider } from "../payments/payment-provider.ts";
import { testPaymentsAllowed } from "../payments/test-provider.ts";
import { placeOrder } from "./place-order.ts";
import { CartRejectedError } from "./price-lines.ts";

/** Orders a client may start in a window: generous for people, a wall for scripts. */
export const CHECKOUT_PER_CLIENT: ThrottleRule = { max: 20, windowSeconds: 10 * 60 };

export type CheckoutResult =
  | { ok: true; url: string; orderNumber: string }
  | { ok: false; status: number; error: string; fieldErrors?: Record<string, string> };

/** Validates the shopper's request, writes the order and opens the hosted payment page. */
export async function startCheckout(
  services: AppServices,
  { tenantId, clientIp }: { tenantId: string; clientIp: string },
  body: unknown,
): Promise<CheckoutResult> {
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
    const first = parsed.error.issues[0]?.message ?? "Please complete the required fields before checkout";
    return { ok: false, status: 400, error: first, fieldErrors };
  }
  try {
    return await placeCheckout(services, { tenantId, clientIp }, parsed.data);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    services.log.warn({ err: error }, "checkout: database unavailable");
    return { ok: false, status: 503, error: SHOP_UNAVAILABLE_MESSAGE };
  }
}

async function placeCheckout(
  services: AppServices,
  { tenantId, clientIp }: { tenantId: string; clientIp: string },
  request: CheckoutRequest,
): Promise<CheckoutResult> {
  if (!(await consumeAttempt(services.db, `checkout:${clientIp}`, CHECKOUT_PER_CLIENT))) {
    return { ok: false, status: 429, error: "Too many attempts, try again later" };
  }
  const provider = paymentProvider(services);
  if (provider.name === "test" && !testPaymentsAllowed(services.config)) {
    services.log.error("checkout refused: no Stripe key and test payments are not allowed on an https shop");
    return {
      ok: false,
      status: 503,
      error: "Online payment is not available right now. Please contact us to place your order.",
    };
  }
  try {
    const settings = await getStoreSettings(services.db, tenantId);
    const placed = await placeOrder(
      { db: services.db, tenantId, provider, publicUrl: services.config.PUBLIC_URL, storeName: settings.storeName },
      request,
    );
    return { ok: true, url: placed.paymentUrl, orderNumber: placed.orderNumber };
  } catch (error) {
    if (error instanceof CartRejectedError) return { ok: false, status: 400, error: error.message };
    if (isDatabaseUnavailable(error)) throw error;
    services.log.error({ err: error }, "checkout failed");
    const message =
      error instanceof Error && error.message === "No checkout URL returned"
        ? error.message
        : "Failed to create checkout session";
    return { ok: false, status: 502, error: message };
  }
}
