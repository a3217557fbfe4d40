import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { orders, payments } from "../db/schema.ts";
import {
  RefundRefusedError,
  type CheckoutRequestForProvider,
  type HostedCheckout,
  type PaymentProvider,
  type SessionStatus,
} from "./provider.ts";

export const TEST_SESSION_PREFIX = "test_cs_";
export const TEST_REFUND_PREFIX = "test_re_";
export const testPaymentPath = (sessionId: string) => `/pay/test/${sessionId}`;

/**
 * A stand-in for a card provider when no Stripe key is configured, so a fresh
 * install can take a whole purchase. Its "hosted page" is our own /pay/test
 * page, which says plainly that no money moves.
 */
export function createTestProvider({ publicUrl }: { publicUrl: string }): PaymentProvider {
  return {
    name: "test",
    async createCheckout(_request: CheckoutRequestForProvider): Promise<HostedCheckout> {
      const sessionId = `${TEST_SESSION_PREFIX}${randomBytes(18).toString("base64url")}`;
      return { sessionId, url: `${publicUrl}${testPaymentPath(sessionId)}` };
    },
    async getSession({ db, tenantId }, sessionId: string): Promise<SessionStatus | null> {
      const [row] = await db
        .select({ orderId: orders.id, total: orders.totalCents, email: orders.customerEmail, paymentId: payments.id })
        .from(orders)
        .leftJoin(payments, eq(payments.orderId, orders.id))
        .where(and(eq(orders.tenantId, tenantId), eq(orders.paymentSessionId, sessionId)));
      if (!row) return null;
      return {
        sessionId,
        paid: row.paymentId !== null,
        amountTotalCents: row.total,
        customerEmail: row.email,
        orderId: row.orderId,
      };
    },
    // No money moved, so none moves back: the refunds row the caller keeps is the record.
    async refund({ db, tenantId }, { sessionId }) {
      const [paid] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.tenantId, tenantId), eq(payments.sessionId, sessionId)));
      if (!paid) throw new RefundRefusedError("This payment is not one of this store's test payments");
      return { refundId: `${TEST_REFUND_PREFIX}${randomBytes(12).toString("base64url")}` };
    },
  };
}

/** The test page must never take fake payments on a real (https) shop unless explicitly allowed. */
export function testPaymentsAllowed(config: { secure: boolean; ALLOW_TEST_PAYMENTS: boolean }): boolean {
  return !config.secure || config.ALLOW_TEST_PAYMENTS;
}
