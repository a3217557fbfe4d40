import { and, asc, eq } from "drizzle-orm";
import type { AppServices } from "../context.ts";
import { orderItems, orders } from "../db/schema.ts";
import { getStoreSettings } from "../catalog/store-settings.ts";
import { confirmPayment } from "./confirm-payment.ts";
import { markCheckoutUnpaid } from "./mark-unpaid.ts";
import { CANCEL_PATH, successPath } from "../payments/provider.ts";
import { TEST_SESSION_PREFIX, testPaymentsAllowed } from "../payments/test-provider.ts";

export type TestCheckoutPage =
  | {
      kind: "pay";
      storeName: string;
      orderNumber: string;
      totalCents: number;
      items: { name: string; fabricLabel: string; fabricCode: string; quantity: number; lineTotalCents: number }[];
    }
  | { kind: "done"; redirectTo: string }
  | { kind: "not-found" }
  | { kind: "disabled" };

async function findTestOrder(services: AppServices, sessionId: string) {
  if (!sessionId.startsWith(TEST_SESSION_PREFIX)) return undefined;
  const [order] = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.paymentProvider, "test")));
  return order;
}

/** What the built-in test payment page shows for a session. */
export async function loadTestCheckout(services: AppServices, sessionId: string): Promise<TestCheckoutPage> {
  if (!testPaymentsAllowed(services.config)) return { kind: "disabled" };
  const order = await findTestOrder(services, sessionId);
  if (!order) return { kind: "not-found" };
  if (order.status === "new") return { kind: "done", redirectTo: successPath(sessionId) };
  if (order.status !== "awaiting_payment") return { kind: "done", redirectTo: CANCEL_PATH };
  const settings = await getStoreSettings(services.db, order.tenantId);
  const items = await services.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  return {
    kind: "pay",
    storeName: settings.storeName,
    orderNumber: order.orderNumber,
    totalCents: order.totalCents,
    items: items.map((item) => ({
      name: item.productName,
      fabricLabel: item.fabricLabel,
      fabricCode: item.fabricCode,
      quantity: item.quantity,
      lineTotalCents: item.unitPriceCents * item.quantity,
    })),
  };
}

/**
 * The test page's buttons: "complete" delivers the same completion a provider's
 * webhook would; "cancel" returns to checkout as a provider's cancel link does.
 * Answers where to send the shopper, or null when there is no such session.
 */
export async function finishTestCheckout(
  services: AppServices,
  sessionId: string,
  intent: "complete" | "cancel",
): Promise<string | null> {
  if (!testPaymentsAllowed(services.config)) return null;
  const order = await findTestOrder(services, sessionId);
  if (!order) return null;
  if (intent === "cancel") {
    await markCheckoutUnpaid(services.db, sessionId, "canceled");
    return CANCEL_PATH;
  }
  if (order.status !== "awaiting_payment" && order.status !== "new") return CANCEL_PATH;
  await confirmPayment(
    services.db,
    { sessionId, amountCents: order.totalCents, source: "test-page" },
    { publicUrl: services.config.PUBLIC_URL },
  );
  return successPath(sessionId);
}
