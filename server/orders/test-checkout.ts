import { and, asc, eq } from "drizzle-orm";
import type { AppServices } from "../context.ts";
import type { StoreScope } from "../db/store-scope.ts";
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

/** The store's order paid through a test session; another store's session is not found. */
async function findTestOrder({ db, tenantId }: StoreScope, sessionId: string) {
  if (!sessionId.startsWith(TEST_SESSION_PREFIX)) return undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.tenantId, tenantId), eq(orders.paymentSessionId, sessionId), eq(orders.paymentProvider, "test")),
    );
  return order;
}

/** What the built-in test payment page shows for a session. */
export async function loadTestCheckout(
  scope: StoreScope,
  services: AppServices,
  sessionId: string,
): Promise<TestCheckoutPage> {
  if (!testPaymentsAllowed(services.config)) return { kind: "disabled" };
  const order = await findTestOrder(scope, sessionId);
  if (!order) return { kind: "not-found" };
  if (order.paidAt) return { kind: "done", redirectTo: successPath(sessionId) };
  if (order.status !== "awaiting_payment") return { kind: "done", redirectTo: CANCEL_PATH };
  const settings = await getStoreSettings(scope);
  const items = await scope.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, scope.tenantId), eq(orderItems.orderId, order.id)))
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
  scope: StoreScope,
  services: AppServices,
  sessionId: string,
  intent: "complete" | "cancel",
): Promise<string | null> {
  if (!testPaymentsAllowed(services.config)) return null;
  const order = await findTestOrder(scope, sessionId);
  if (!order) return null;
  // Paid already (in another tab, say): whichever button, the shopper sees the order.
  if (order.paidAt) return successPath(sessionId);
  if (intent === "cancel") {
    await markCheckoutUnpaid(scope, sessionId, "canceled");
    return CANCEL_PATH;
  }
  if (order.status !== "awaiting_payment") return CANCEL_PATH;
  await confirmPayment(
    scope,
    { sessionId, amountCents: order.totalCents, source: "test-page" },
    { publicUrl: services.config.PUBLIC_URL },
  );
  return successPath(sessionId);
}
