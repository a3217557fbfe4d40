import { ImageOff } from "lucide-react";
import { DEFAULT_FABRIC_CODE } from "../../../../core/constants.ts";
import { formatPrice } from "../../../../core/money.ts";
import { OrderDetailCard } from "./order-detail-card.tsx";

export interface OrderDetailItem {
  id: string;
  productName: string;
  fabricCode: string;
  fabricLabel: string;
  unitPriceCents: number;
  quantity: number;
  imageUrl: string;
}

export interface OrderAmounts {
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  refundedCents: number;
}

/** What was bought, as it was at the sale (the snapshot picture, name, fabric and price), and the sums. */
export function OrderDetailItems({ items, amounts }: { items: OrderDetailItem[]; amounts: OrderAmounts }) {
  const rows: [string, string, boolean?][] = [
    ["Subtotal", formatPrice(amounts.subtotalCents)],
    ["Shipping", formatPrice(amounts.shippingCents)],
    ["Total", formatPrice(amounts.totalCents), true],
  ];
  if (amounts.refundedCents > 0) {
    rows.push(["Refunded", `−${formatPrice(amounts.refundedCents)}`]);
    rows.push(["Net", formatPrice(amounts.totalCents - amounts.refundedCents), true]);
  }
  return (
    <OrderDetailCard title="Items">
      <ul className="divide-y divide-stone-100">
        {items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3 first:pt-0">
            {item.imageUrl ? (
              <img
                src={item.imageUrl}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="size-16 shrink-0 rounded-md border border-stone-200 bg-stone-50 object-cover"
              />
            ) : (
              <span className="flex size-16 shrink-0 items-center justify-center rounded-md border border-dashed border-stone-300 text-stone-400">
                <ImageOff aria-hidden className="size-5" />
                <span className="sr-only">No picture</span>
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">{item.productName}</p>
              {item.fabricCode !== DEFAULT_FABRIC_CODE ? (
                <p className="text-sm text-stone-600">Fabric: {item.fabricLabel}</p>
              ) : null}
              <p className="mt-1 text-sm text-stone-600 tabular-nums">
                {item.quantity} × {formatPrice(item.unitPriceCents)}
              </p>
            </div>
            <p className="shrink-0 text-right font-medium text-stone-900 tabular-nums">
              <span className="sr-only">Line total </span>
              {formatPrice(item.unitPriceCents * item.quantity)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1.5 border-t border-stone-200 pt-4 text-sm">
        {rows.map(([label, value, strong]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className={strong ? "font-semibold text-stone-900" : "text-stone-600"}>{label}</dt>
            <dd className={`tabular-nums ${strong ? "font-semibold text-stone-900" : "text-stone-800"}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </OrderDetailCard>
  );
}
