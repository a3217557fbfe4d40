import { and, eq } from "drizzle-orm";
import { DEFAULT_FABRIC_CODE } from "../../core/constants.ts";
import type { CheckoutRequest } from "../../core/checkout-form.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { orderItems, orders } from "../db/schema.ts";
import { CANCEL_PATH, successPath, type HostedCheckout, type PaymentProvider } from "../payments/provider.ts";
import { abandonOrder, paymentNeverStarted } from "./abandoned-orders.ts";
import { generateOrderNumber } from "./order-number.ts";
import { priceLines, type PricedLine } from "./price-lines.ts";

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  totalCents: number;
  /** The provider's hosted payment page. */
  paymentUrl: string;
}

interface PlaceOrderDeps {
  provider: PaymentProvider;
  publicUrl: string;
  storeName: string;
}

/**
 * Writes the order (awaiting payment) before the shopper leaves for the payment
 * page, so a sale is never lost, then opens the provider's hosted checkout for
 * exactly the amounts the server computed. An order whose payment page could not be
 * opened is closed as abandoned.
 */
export async function placeOrder(
  scope: StoreScope,
  deps: PlaceOrderDeps,
  request: CheckoutRequest,
): Promise<PlacedOrder> {
  const lines = await priceLines(scope, request.items);
  const order = await insertOrder(scope, deps, request, lines);

  let checkout: HostedCheckout;
  try {
    checkout = await deps.provider.createCheckout({
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerEmail: request.customer.customerEmail,
      storeName: deps.storeName,
      items: lines.map((line) => ({
        name: line.fabricCode === DEFAULT_FABRIC_CODE ? line.productName : `${line.productName} — ${line.fabricLabel}`,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        imageUrl: line.imageUrl,
      })),
      totalCents: order.totalCents,
      successUrl: `${deps.publicUrl}${successPath("{CHECKOUT_SESSION_ID}")}`,
      cancelUrl: `${deps.publicUrl}${CANCEL_PATH}`,
    });
  } catch (error) {
    // The shopper never reaches a payment page, so this order can never be paid. If
    // closing it fails too (the database is down), the sweeper closes it later; the
    // provider's error is the one the shopper's answer is made from.
    await abandonOrder(scope, order.id).catch(() => false);
    throw error;
  }
  // Only an order still waiting for its payment gets a session: one the sweeper has
  // closed in the meantime must not send the shopper to pay for it.
  const started = await scope.db
    .update(orders)
    .set({ paymentSessionId: checkout.sessionId })
    .where(and(eq(orders.tenantId, scope.tenantId), eq(orders.id, order.id), paymentNeverStarted()))
    .returning({ id: orders.id });
  if (started.length === 0) throw new Error(`Order ${order.orderNumber} was closed before its payment started`);
  return { orderId: order.id, orderNumber: order.orderNumber, totalCents: order.totalCents, paymentUrl: checkout.url };
}

const ORDER_NUMBER_ATTEMPTS = 5;

async function insertOrder(
  { db, tenantId }: StoreScope,
  deps: PlaceOrderDeps,
  request: CheckoutRequest,
  lines: PricedLine[],
) {
  const { customer } = request;
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            tenantId,
            orderNumber: generateOrderNumber(),
            status: "awaiting_payment",
            customerName: customer.customerName,
            customerEmail: customer.customerEmail,
            customerPhone: customer.customerPhone,
            shippingAddress: {
              street: customer.streetAddress,
              apartment: customer.apartment,
              city: customer.city,
              state: customer.state,
              zipCode: customer.zipCode,
              country: customer.country,
            },
            orderNotes: customer.orderNotes,
            subtotalCents,
            // Local handoff: no shipping charge and no taxes, so the total is the subtotal.
            shippingCents: 0,
            totalCents: subtotalCents,
            paymentProvider: deps.provider.name,
          })
          .returning();
        if (!order) throw new Error("Order insert returned nothing");
        await tx.insert(orderItems).values(
          lines.map((line, position) => ({
            tenantId,
            orderId: order.id,
            productId: line.productId,
            productName: line.productName,
            fabricCode: line.fabricCode,
            fabricLabel: line.fabricLabel,
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
            imageUrl: line.imageUrl,
            position,
          })),
        );
        return order;
      });
    } catch (error) {
      if (attempt < ORDER_NUMBER_ATTEMPTS && isUniqueViolation(error, "orders_tenant_number")) continue;
      throw error;
    }
  }
}
