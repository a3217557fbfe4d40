import { and, asc, eq } from "drizzle-orm";
import { formatPrice } from "../../core/money.ts";
import { DEFAULT_FABRIC_CODE } from "../../core/constants.ts";
import { getStoreSettings, type StoreSettings } from "../catalog/store-settings.ts";
import { orderItems, type orders, type ShippingAddress } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { escapeHtml } from "../mail/escape-html.ts";

/** Outbox keys of an order's two emails: queued once each, and looked up by the thank-you page. */
export const orderEmailKeys = (orderId: string) => ({
  customer: `order-confirmation:${orderId}`,
  owner: `order-owner:${orderId}`,
});

export interface OrderEmailData {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  shippingAddress: ShippingAddress;
  orderNotes: string;
  items: {
    name: string;
    fabricLabel: string;
    fabricCode: string;
    unitPriceCents: number;
    quantity: number;
    imageUrl: string;
  }[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}

export interface StoreContact {
  storeName: string;
  email: string;
  phone: string;
  publicUrl: string;
}

interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

const addressLines = (address: ShippingAddress) =>
  [address.street, address.apartment, `${address.city}, ${address.state} ${address.zipCode}`, address.country].filter(
    Boolean,
  );

/** What the shopper typed over several lines, as HTML that keeps the lines. */
const multiline = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");

const fabricNote = (item: OrderEmailData["items"][number]) =>
  item.fabricCode === DEFAULT_FABRIC_CODE ? "" : `Fabric: ${item.fabricLabel}`;

const absolute = (url: string, base: string) => (url.startsWith("/") ? `${base}${url}` : url);

function itemsTable(order: OrderEmailData, store: StoreContact): string {
  const rows = order.items
    .map(
      (item) => `<tr>
  <td style="padding:8px 0;vertical-align:top;width:72px">${
    item.imageUrl
      ? `<img src="${escapeHtml(absolute(item.imageUrl, store.publicUrl))}" width="64" height="64" alt="" style="border-radius:6px;display:block">`
      : ""
  }</td>
  <td style="padding:8px;vertical-align:top"><strong>${escapeHtml(item.name)}</strong><br><span style="color:#666">${escapeHtml(fabricNote(item))}</span></td>
  <td style="padding:8px;vertical-align:top;text-align:center">${item.quantity}</td>
  <td style="padding:8px 0;vertical-align:top;text-align:right">${formatPrice(item.unitPriceCents * item.quantity)}</td>
</tr>`,
    )
    .join("\n");
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:14px">
<tr style="border-bottom:1px solid #e5e2d8;color:#666;text-align:left"><th></th><th style="padding:8px">Item</th><th style="padding:8px">Qty</th><th style="padding:8px 0;text-align:right">Total</th></tr>
${rows}
<tr style="border-top:1px solid #e5e2d8"><td></td><td colspan="2" style="padding:8px">Subtotal</td><td style="padding:8px 0;text-align:right">${formatPrice(order.subtotalCents)}</td></tr>
<tr><td></td><td colspan="2" style="padding:8px">Shipping</td><td style="padding:8px 0;text-align:right">${formatPrice(order.shippingCents)}</td></tr>
<tr><td></td><td colspan="2" style="padding:8px"><strong>Total</strong></td><td style="padding:8px 0;text-align:right"><strong>${formatPrice(order.totalCents)}</strong></td></tr>
</table>`;
}

function itemsText(order: OrderEmailData): string {
  const lines = order.items.map((item) => {
    const fabric = fabricNote(item);
    return `- ${item.name}${fabric ? ` (${fabric})` : ""} × ${item.quantity}: ${formatPrice(item.unitPriceCents * item.quantity)}`;
  });
  return [
    ...lines,
    "",
    `Subtotal: ${formatPrice(order.subtotalCents)}`,
    `Shipping: ${formatPrice(order.shippingCents)}`,
    `Total: ${formatPrice(order.totalCents)}`,
  ].join("\n");
}

const layout = (title: string, body: string) => `<!doctype html>
<html><body style="margin:0;background:#FDFCF7;font-family:Georgia,'Times New Roman',serif;color:#1F1E1D">
<div style="max-width:600px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:24px;font-weight:normal;margin:0 0 16px">${title}</h1>
${body}
</div></body></html>`;

const questionsHtml = (store: StoreContact) =>
  `<p>Reply to this email, write to <a href="mailto:${escapeHtml(store.email)}">${escapeHtml(store.email)}</a>${store.phone ? ` or call ${escapeHtml(store.phone)}` : ""}.</p>
<p style="color:#666">— ${escapeHtml(store.storeName)}</p>`;
const questionsText = (store: StoreContact) =>
  `Questions? Reply to this email, write to ${store.email}${store.phone ? ` or call ${store.phone}` : ""}.

— ${store.storeName}`;

/** The shopper's confirmation: what was bought, what was paid, and what happens next. */
export function customerConfirmationEmail(order: OrderEmailData, store: StoreContact): EmailContent {
  const subject = `Order Confirmation - #${order.orderNumber}`;
  const address = addressLines(order.shippingAddress);
  const html = layout(
    `Thank you for your order, ${escapeHtml(order.customerName)}!`,
    `<p>We've received your payment for order <strong>#${escapeHtml(order.orderNumber)}</strong>. Every piece is handmade in Colorado, and we'll take good care of yours.</p>
${itemsTable(order, store)}
<h2 style="font-size:18px;font-weight:normal;margin:24px 0 8px">Your details</h2>
<p>${address.map(escapeHtml).join("<br>")}${order.customerPhone ? `<br>${escapeHtml(order.customerPhone)}` : ""}</p>
${order.orderNotes ? `<p><strong>Your notes:</strong><br>${multiline(order.orderNotes)}</p>` : ""}
<h2 style="font-size:18px;font-weight:normal;margin:24px 0 8px">Pickup and delivery</h2>
<p>Local handoff is currently offered. We'll contact you shortly to arrange pickup or other shipping arrangements.</p>
<h2 style="font-size:18px;font-weight:normal;margin:24px 0 8px">Questions?</h2>
${questionsHtml(store)}`,
  );
  const text = `Thank you for your order, ${order.customerName}!

We've received your payment for order #${order.orderNumber}. Every piece is handmade in Colorado, and we'll take good care of yours.

${itemsText(order)}

Your details
${address.join("\n")}${order.customerPhone ? `\n${order.customerPhone}` : ""}
${order.orderNotes ? `\nYour notes:\n${order.orderNotes}\n` : ""}
Pickup and delivery
Local handoff is currently offered. We'll contact you shortly to arrange pickup or other shipping arrangements.

${questionsText(store)}
`;
  return { subject, html, text };
}

/** The owner's notice: everything needed to make and hand over the order. */
export function ownerNotificationEmail(order: OrderEmailData, store: StoreContact): EmailContent {
  const subject = `New Order - #${order.orderNumber} - ${order.customerName}`;
  const address = addressLines(order.shippingAddress);
  const html = layout(
    `New order #${escapeHtml(order.orderNumber)}`,
    `<p><strong>${escapeHtml(order.customerName)}</strong><br>
<a href="mailto:${escapeHtml(order.customerEmail)}">${escapeHtml(order.customerEmail)}</a>${order.customerPhone ? `<br>${escapeHtml(order.customerPhone)}` : ""}</p>
<p>${address.map(escapeHtml).join("<br>")}</p>
${order.orderNotes ? `<p><strong>Notes:</strong><br>${multiline(order.orderNotes)}</p>` : ""}
${itemsTable(order, store)}`,
  );
  const text = `New order #${order.orderNumber}

${order.customerName}
${order.customerEmail}${order.customerPhone ? `\n${order.customerPhone}` : ""}

${address.join("\n")}
${order.orderNotes ? `\nNotes: ${order.orderNotes}\n` : ""}
${itemsText(order)}
`;
  return { subject, html, text };
}

/** Outbox keys of the emails the owner's work sends: one pickup notice per order, one email per refund. */
export const orderReadyEmailKey = (orderId: string) => `order-ready:${orderId}`;
export const orderRefundEmailKey = (refundId: string) => `order-refund:${refundId}`;

/** An order row and its items (in order) as the emails read them. */
export function orderEmailData(
  order: Omit<OrderEmailData, "items">,
  items: readonly {
    productName: string;
    fabricLabel: string;
    fabricCode: string;
    unitPriceCents: number;
    quantity: number;
    imageUrl: string;
  }[],
): OrderEmailData {
  return {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    shippingAddress: order.shippingAddress,
    orderNotes: order.orderNotes,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    items: items.map((item) => ({
      name: item.productName,
      fabricLabel: item.fabricLabel,
      fabricCode: item.fabricCode,
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      imageUrl: item.imageUrl,
    })),
  };
}

/** The store as its emails sign off and link: its settings' name and contact details. */
export function storeContact(settings: StoreSettings, publicUrl: string): StoreContact {
  return {
    storeName: settings.storeName,
    email: settings.contactEmail,
    phone: settings.contactPhone,
    publicUrl,
  };
}

/**
 * What an email about an order needs, read in the caller's transaction: the order with its
 * items in order, and the store's settings and contact details.
 */
export async function loadOrderEmailParts(
  { db, tenantId }: StoreScope,
  order: typeof orders.$inferSelect,
  publicUrl: string,
): Promise<{ data: OrderEmailData; settings: StoreSettings; store: StoreContact }> {
  const items = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, order.id)))
    .orderBy(asc(orderItems.position));
  const settings = await getStoreSettings({ db, tenantId });
  return { data: orderEmailData(order, items), settings, store: storeContact(settings, publicUrl) };
}

/** Where and when the store hands orders over (store settings); blank when not set. */
export interface PickupDetails {
  location: string;
  hours: string;
}

/** The customer's notice that her order is made and waiting: where, when, and what. */
export function pickupReadyEmail(order: OrderEmailData, store: StoreContact, pickup: PickupDetails): EmailContent {
  const subject = `Your order #${order.orderNumber} is ready for pickup`;
  const known = Boolean(pickup.location.trim() || pickup.hours.trim());
  const whereHtml = known
    ? `${pickup.location.trim() ? `<p><strong>Where:</strong><br>${multiline(pickup.location.trim())}</p>` : ""}
${pickup.hours.trim() ? `<p><strong>When:</strong><br>${multiline(pickup.hours.trim())}</p>` : ""}
<p>If those times don't suit you, reply to this email and we'll find another.</p>`
    : `<p>Reply to this email to arrange a pickup time that suits you.</p>`;
  const whereText = known
    ? [
        pickup.location.trim() ? `Where:\n${pickup.location.trim()}` : "",
        pickup.hours.trim() ? `When:\n${pickup.hours.trim()}` : "",
        "If those times don't suit you, reply to this email and we'll find another.",
      ]
        .filter(Boolean)
        .join("\n\n")
    : "Reply to this email to arrange a pickup time that suits you.";
  const html = layout(
    `Your order is ready, ${escapeHtml(order.customerName)}!`,
    `<p>Order <strong>#${escapeHtml(order.orderNumber)}</strong> is finished and ready for pickup.</p>
<h2 style="font-size:18px;font-weight:normal;margin:24px 0 8px">Pickup</h2>
${whereHtml}
${itemsTable(order, store)}
<h2 style="font-size:18px;font-weight:normal;margin:24px 0 8px">Questions?</h2>
${questionsHtml(store)}`,
  );
  const text = `Your order is ready, ${order.customerName}!

Order #${order.orderNumber} is finished and ready for pickup.

Pickup
${whereText}

${itemsText(order)}

${questionsText(store)}
`;
  return { subject, html, text };
}

/** The customer's receipt for money given back: this refund, and the total refunded so far. */
export function refundEmail(
  order: OrderEmailData,
  store: StoreContact,
  refund: { amountCents: number; refundedCents: number },
): EmailContent {
  const full = refund.refundedCents >= order.totalCents;
  const subject = `Refund for your order #${order.orderNumber}`;
  const summary = full
    ? `Your order #${order.orderNumber} has been refunded in full.`
    : `We've refunded part of your order #${order.orderNumber}.`;
  const amounts = [
    ["Refunded now", formatPrice(refund.amountCents)],
    ["Refunded in total", formatPrice(refund.refundedCents)],
    ["Order total", formatPrice(order.totalCents)],
  ] as const;
  const html = layout(
    `A refund for you, ${escapeHtml(order.customerName)}`,
    `<p>${escapeHtml(summary)}</p>
<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:14px">
${amounts.map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0">${label}</td><td style="padding:4px 0;text-align:right"><strong>${value}</strong></td></tr>`).join("\n")}
</table>
<p>The money goes back to the card you paid with; your bank may take 5–10 business days to show it.</p>
<h2 style="font-size:18px;font-weight:normal;margin:24px 0 8px">Questions?</h2>
${questionsHtml(store)}`,
  );
  const text = `A refund for you, ${order.customerName}

${summary}

${amounts.map(([label, value]) => `${label}: ${value}`).join("\n")}

The money goes back to the card you paid with; your bank may take 5–10 business days to show it.

${questionsText(store)}
`;
  return { subject, html, text };
}
