import type { CartCorrections } from "../../lib/use-server-cart-prices.ts";

/**
 * What the server's check of the cart changed (app/lib/use-server-cart-prices.ts): lines
 * removed and lines repriced. The cart and checkout show it above their lines.
 */
export function CartCorrectionsNotice({
  corrections,
  className = "",
}: {
  corrections: CartCorrections;
  className?: string;
}) {
  return (
    <div role="status" className={`empty:hidden ${className}`}>
      {corrections.removed.length > 0 && <RemovedNotice names={corrections.removed} />}
      {corrections.repriced.length > 0 && (
        <p className="mb-6 rounded-xl border border-amber-700/30 bg-amber-50 px-4 py-3 text-amber-900">
          Prices were updated to the current price for: {corrections.repriced.join(", ")}.
        </p>
      )}
    </div>
  );
}

/** Lines the check removed; on its own when the cart is left empty. */
export function RemovedNotice({ names }: { names: string[] }) {
  return (
    <p className="mb-6 rounded-xl border border-red-700/30 bg-red-50 px-4 py-3 text-red-800">
      No longer available and removed from your cart: {names.join(", ")}.
    </p>
  );
}
