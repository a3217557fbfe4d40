import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { cartCount } from "../../lib/cart-lines.ts";
import { useCartLines } from "../../lib/cart-store.ts";

/** The header's cart icon; the count badge shows only when the cart holds something. */
export function CartLink() {
  const count = cartCount(useCartLines());
  return (
    <Link
      to="/cart"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-ink"
    >
      <ShoppingBag aria-hidden="true" className="size-5" strokeWidth={1.75} />
      {count > 0 && (
        <span
          data-testid="cart-count"
          aria-hidden="true"
          className="bg-brand text-ink absolute top-0 right-0 inline-flex min-w-5 items-center justify-center rounded-full px-1 text-[11px] leading-5 font-semibold"
        >
          {count}
        </span>
      )}
    </Link>
  );
}
