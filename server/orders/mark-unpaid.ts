import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, type OrderStatus } from "../db/schema.ts";

/** Records that a checkout ended without payment; a paid order is never downgraded. */
export async function markCheckoutUnpaid(
  db: Database,
  sessionId: string,
  status: Extract<OrderStatus, "expired" | "payment_failed" | "canceled">,
): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.status, "awaiting_payment")))
    .returning({ id: orders.id });
  return updated.length > 0;
}
