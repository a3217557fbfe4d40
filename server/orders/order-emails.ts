import { formatPrice } from "../../core/money.ts";
import { DEFAULT_FABRIC_CODE } from "../../core/constants.ts";
import type { ShippingAddress } from "../db/schema.ts";
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

/** The shopper's confirmation: what was bought, what was paid, and what happens next. */
export function customerConfirmationEmail(order: OrderEmailData, store: StoreContact): EmailContent {
  const subject = `Order Confirmation - #${order.orderNumber}`;
  const html = layout(
    `Thank you for your order, ${escapeHtml(order.customerName)}!`,
    `<p>We've received your payment for order <strong>#${escapeHtml(order.orderNumber)}</strong>. Every piece is handmade in Colorado, and we'll take good care of yours.</p>
${itemsTable(order, store)}
<h2 style="font-size:18px;font-weight:normal;margin:24px 0 8px">Pickup and delivery</h2>
<p>Local handoff is currently offered. We'll contact you shortly to arrange pickup or other shipping arrangements.</p>
<h2 style="font-size:18px;font-weight:normal;margin:24px 0 8px">Questions?</h2>
<p>Reply to this email, write to <a href="mailto:${escapeHtml(store.email)}">${escapeHtml(store.email)}</a>${store.phone ? ` or call ${escapeHtml(store.phone)}` : ""}.</p>
<p style="color:#666">— ${escapeHtml(store.storeName)}</p>`,
  );
  const text = `Thank you for your order, ${order.customerName}!

We've received your payment for order #${order.orderNumber}. Every piece is handmade in Colorado, and we'll take good care of yours.

${itemsText(order)}

Pickup and delivery
Local handoff is currently offered. We'll contact you shortly to arrange pickup or other shipping arrangements.

Questions? Reply to this email, write to ${store.email}${store.phone ? ` or call ${store.phone}` : ""}.

— ${store.storeName}
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
${order.orderNotes ? `<p><strong>Notes:</strong> ${escapeHtml(order.orderNotes)}</p>` : ""}
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
