import { ShoppingBag } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageMessage } from "../shop/page-message.tsx";
import { buttonClass } from "../ui/button.tsx";

/** The one empty-cart page, for the cart and for checkout with nothing in the cart. */
export function EmptyCart({ children }: { children?: ReactNode }) {
  return (
    <PageMessage title="Your Cart is Empty">
      {children}
      <ShoppingBag aria-hidden="true" className="text-ink/35 size-12" strokeWidth={1.25} />
      <p>Looks like you haven&apos;t added anything yet.</p>
      <Link to="/" className={buttonClass("primary")}>
        Continue Shopping
      </Link>
    </PageMessage>
  );
}
