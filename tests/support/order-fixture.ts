import { randomBytes } from "node:crypto";
import type { Database } from "../../server/db/client.ts";
import { orderItems, orders, payments, type OrderStatus } from "../../server/db/schema.ts";

export interface OrderFixtureItem {
  productName: string;
  fabricCode?: string;
  fabricLabel?: string;
  unitPriceCents: number;
  quantity: number;
  imageUrl?: string;
  productId?: string | null;
}

export interface OrderFixture {
  tenantId: string;
  status?: OrderStatus;
  /** Paid orders get a paid time and a payment record; default: paid unless the status is an unpaid one. */
  paid?: boolean;
  orderNumber?: string;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  orderNotes?: string;
  shippingCents?: number;
  createdAt?: Date;
  paymentProvider?: "test" | "stripe";
  paymentSessionId?: string;
  items?: OrderFixtureItem[];
}

const UNPAID: OrderStatus[] = ["awaiting_payment", "payment_failed", "expired", "canceled", "abandoned"];

/**
 * Writes an order as checkout and payment would have left it (order, items, and the
 * payment record when paid), straight into the database: for tests of what the owner
 * does with orders. Pass the owner's view (TestDatabase.db) or a store's scope db.
 */
export async function insertOrder(db: Database, fixture: OrderFixture) {
  const status = fixture.status ?? "new";
  const paid = fixture.paid ?? !UNPAID.includes(status);
  const items = fixture.items ?? [{ productName: "Market Tote", unitPriceCents: 6500, quantity: 1 }];
  const subtotalCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  const shippingCents = fixture.shippingCents ?? 0;
  const createdAt = fixture.createdAt ?? new Date();
  const provider = fixture.paymentProvider ?? "test";
  const sessionId =
    fixture.paymentSessionId ?? `${provider === "test" ? "test_cs_" : "cs_test_"}${randomBytes(12).toString("hex")}`;
  const [order] = await db
    .insert(orders)
    .values({
      tenantId: fixture.tenantId,
      orderNumber: fixture.orderNumber ?? `VC${randomBytes(5).toString("hex").toUpperCase()}`,
      status,
      customerName: fixture.customerName ?? "Ada Lovelace",
      customerEmail: fixture.customerEmail ?? "ada@example.com",
      customerPhone: fixture.customerPhone ?? "(303) 555-0100",
      shippingAddress: {
        street: "12 Loom Lane",
        apartment: "",
        city: "Boulder",
        state: "CO",
        zipCode: "80302",
        country: "United States",
      },
      orderNotes: fixture.orderNotes ?? "",
      subtotalCents,
      shippingCents,
      totalCents: subtotalCents + shippingCents,
      paymentProvider: provider,
      paymentSessionId: sessionId,
      paidAt: paid ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db.insert(orderItems).values(
    items.map((item, position) => ({
      tenantId: fixture.tenantId,
      orderId: order!.id,
      productId: item.productId ?? null,
      productName: item.productName,
      fabricCode: item.fabricCode ?? "default",
      fabricLabel: item.fabricLabel ?? "Default",
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      imageUrl: item.imageUrl ?? "",
      position,
    })),
  );
  if (paid) {
    await db.insert(payments).values({
      tenantId: fixture.tenantId,
      orderId: order!.id,
      sessionId,
      status: "completed",
      amountCents: subtotalCents + shippingCents,
      processedAt: createdAt,
      metadata: { source: "fixture" },
    });
  }
  return order!;
}
