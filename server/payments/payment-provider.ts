import type { AppServices } from "../context.ts";
import type { PaymentProvider } from "./provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";
import { createTestProvider } from "./test-provider.ts";

const providers = new WeakMap<AppServices, PaymentProvider>();

/** Stripe when a secret key is configured, otherwise the built-in test provider; one per server. */
export function paymentProvider(services: AppServices): PaymentProvider {
  let provider = providers.get(services);
  if (!provider) {
    const { config } = services;
    provider = config.STRIPE_SECRET_KEY
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          apiUrl: config.STRIPE_API_URL,
          publicUrl: config.PUBLIC_URL,
        })
      : createTestProvider({ publicUrl: config.PUBLIC_URL });
    providers.set(services, provider);
  }
  return provider;
}
