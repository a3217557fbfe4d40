import { checkoutRequestSchema, type CheckoutRequest } from "../../core/checkout-form.ts";
import { TOO_MANY_ATTEMPTS } from "../../core/constants.ts";
import { parseWith, type FormErrors } from "../../core/forms.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";
import { consumeAttempt, storeClientKey, type ThrottleRule } from "../http/throttle.ts";
import { getStoreSettings } from "../catalog/store-settings.ts";
import type { AppServices } from "../context.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { paymentProvider } from "../payments/payment-provider.ts";
import { testPaymentsAllowed } from "../payments/test-provider.ts";
import { placeOrder } from "./place-order.ts";
import { CartRejectedError } from "./price-lines.ts";

/** Orders a client may start in a window: generous for people, a wall for scripts. */
export const CHECKOUT_PER_CLIENT: ThrottleRule = { max: 20, windowSeconds: 10 * 60 };

export type CheckoutResult =
  | { ok: true; url: string; orderNumber: string }
  | { ok: false; status: number; error: string; fieldErrors?: FormErrors };

/** Validates the shopper's request, writes the order and opens the hosted payment page. */
export async function startCheckout(
  scope: StoreScope,
  services: AppServices,
  { clientIp }: { clientIp: string },
  body: unknown,
): Promise<CheckoutResult> {
  const parsed = parseWith(checkoutRequestSchema, body);
  if (!parsed.ok) {
    const first = Object.values(parsed.errors)[0] ?? "Please complete the required fields before checkout";
    return { ok: false, status: 400, error: first, fieldErrors: parsed.errors };
  }
  try {
    return await placeCheckout(scope, services, clientIp, parsed.value);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    services.log.warn({ err: error }, "checkout: database unavailable");
    return { ok: false, status: 503, error: SHOP_UNAVAILABLE_MESSAGE };
  }
}

async function placeCheckout(
  scope: StoreScope,
  services: AppServices,
  clientIp: string,
  request: CheckoutRequest,
): Promise<CheckoutResult> {
  if (!(await consumeAttempt(scope.db, storeClientKey("checkout", scope.tenantId, clientIp), CHECKOUT_PER_CLIENT))) {
    return { ok: false, status: 429, error: TOO_MANY_ATTEMPTS };
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
    const settings = await getStoreSettings(scope);
    const placed = await placeOrder(
      scope,
      { provider, publicUrl: services.config.PUBLIC_URL, storeName: settings.storeName },
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
