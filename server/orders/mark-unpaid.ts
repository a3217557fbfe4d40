import { and, eq, sql } from "drizzle-orm";
import type { StoreScope } from "../db/store-scope.ts";
import { orders, type OrderStatus } from "../db/schema.ts";

/** Records that one of the store's checkouts ended without payment; a paid order is never downgraded. */
export async function markCheckoutUnpaid(
  { db, tenantId }: StoreScope,
  sessionId: string,
  status: Extract<OrderStatus, "expired" | "payment_failed" | "canceled">,
): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(eq(orders.tenantId, tenantId), eq(orders.paymentSessionId, sessionId), eq(orders.status, "awaiting_payment")),
    )
    .returning({ id: orders.id });
  return updated.length > 0;
}
