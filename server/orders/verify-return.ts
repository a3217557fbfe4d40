import { and, eq } from "drizzle-orm";
import type { AppServices } from "../context.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { emailOutbox } from "../db/schema.ts";
import { paymentProvider } from "../payments/payment-provider.ts";
import { confirmPayment, PaymentMismatchError } from "./confirm-payment.ts";
import { orderEmailKeys } from "./order-emails.ts";

export interface VerifiedOrder {
  orderNumber: string;
  customerEmail: string;
  totalCents: number;
  items: {
    /** Null once the product was deleted. */
    productId: string | null;
    name: string;
    fabricLabel: string;
    fabricCode: string;
    quantity: number;
    lineTotalCents: number;
    imageUrl: string;
  }[];
  /** The customer's confirmation email could not be sent (refused address or server); the order stands. */
  confirmationEmailFailed: boolean;
}

export type ReturnVerification = { ok: true; order: VerifiedOrder } | { ok: false; error: string };

/**
 * The thank-you page's half of payment confirmation: asks the provider whether the
 * session was paid and, if so, runs the same idempotent confirmation as the webhook.
 */
export async function verifyReturn(
  scope: StoreScope,
  services: AppServices,
  sessionId: string | null,
): Promise<ReturnVerification> {
  if (!sessionId) return { ok: false, error: "No session ID found. Payment cannot be verified." };
  const failed = { ok: false, error: "There was a problem verifying your payment." } as const;
  try {
    const session = await paymentProvider(services).getSession(scope, sessionId);
    if (!session?.paid) return failed;
    const order = await confirmPayment(
      scope,
      { sessionId, amountCents: session.amountTotalCents, source: "thank-you" },
      { publicUrl: services.config.PUBLIC_URL },
    );
    if (!order) return failed;
    const confirmationEmailFailed = await hasConfirmationEmailFailed(scope, order.id);
    return {
      ok: true,
      order: {
        orderNumber: order.orderNumber,
        customerEmail: order.customerEmail,
        totalCents: order.totalCents,
        items: order.items.map((item) => ({
          productId: item.productId,
          name: item.productName,
          fabricLabel: item.fabricLabel,
          fabricCode: item.fabricCode,
          quantity: item.quantity,
          lineTotalCents: item.unitPriceCents * item.quantity,
          imageUrl: item.imageUrl,
        })),
        confirmationEmailFailed,
      },
    };
  } catch (error) {
    services.log[error instanceof PaymentMismatchError ? "error" : "warn"](
      { err: error, sessionId },
      "payment verification failed",
    );
    return failed;
  }
}

/** Whether the customer's confirmation email was given up on (still pending counts as not failed). */
async function hasConfirmationEmailFailed({ db, tenantId }: StoreScope, orderId: string): Promise<boolean> {
  const [email] = await db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.tenantId, tenantId), eq(emailOutbox.dedupeKey, orderEmailKeys(orderId).customer)));
  return email?.status === "failed";
}
