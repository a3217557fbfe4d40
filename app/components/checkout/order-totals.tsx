import { formatPrice } from "../../../core/money.ts";

/**
 * Subtotal, how the order reaches the customer, and the total, for the cart and checkout.
 * Shipping costs nothing extra (the total is the subtotal), but "$0.00" would promise free
 * shipping: the shop arranges pickup or shipping with the customer after the purchase.
 */
export function OrderTotals({ subtotalCents, className = "" }: { subtotalCents: number; className?: string }) {
  return (
    <dl className={`space-y-3 text-sm ${className}`}>
      <div className="flex justify-between gap-4">
        <dt className="text-ink/70">Subtotal</dt>
        <dd className="tabular-nums" data-testid="order-subtotal">
          {formatPrice(subtotalCents)}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-ink/70">Pickup or shipping</dt>
        <dd className="text-right">Arranged after purchase</dd>
      </div>
      <div className="border-ink/10 flex justify-between gap-4 border-t pt-4 text-lg font-medium">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="order-total">
          {formatPrice(subtotalCents)}
        </dd>
      </div>
    </dl>
  );
}
