import { CircleCheck, X } from "lucide-react";
import { useEffect, useId, useRef, type RefObject } from "react";
import { Link } from "react-router";
import { formatPrice } from "../../../core/money.ts";
import { cartCount, cartTotalCents, CART_MESSAGES, DEFAULT_FABRIC_CODE, type CartLine } from "../../lib/cart-lines.ts";
import { useCartLines } from "../../lib/cart-store.ts";
import { buttonClass } from "../ui/button.tsx";
import { FallbackImage } from "../ui/fallback-image.tsx";

/** What one press of Add to Cart did. */
export interface AddedToCart {
  line: Omit<CartLine, "quantity">;
  /** How many this press added. */
  quantity: number;
  outcome: "added" | "updated";
}

/**
 * Shows what was just added, with the way on to the cart and the checkout: a panel under
 * the header on larger screens, a bottom sheet on a phone. It is not modal: the page stays
 * usable, focus stays where the shopper was (the panel follows Add to Cart in the tab
 * order), and Escape, the close button or a click elsewhere closes it. The toast still
 * announces the change; the panel's title repeats the toast's text.
 */
export function AddedToCartPanel({
  added,
  onClose,
  opener,
}: {
  added: AddedToCart;
  onClose: () => void;
  /** The Add to Cart button: clicking it again is not a click elsewhere, and focus returns to it. */
  opener: RefObject<HTMLElement | null>;
}) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const lines = useCartLines();
  const { line, quantity, outcome } = added;
  const inCart = lines.find((item) => item.productId === line.productId && item.fabricCode === line.fabricCode);

  useEffect(() => {
    const close = () => {
      // Focus inside a panel that disappears would fall to the page's start.
      if (panel.current?.contains(document.activeElement)) opener.current?.focus();
      onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || opener.current?.contains(target)) return;
      close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
    };
  }, [onClose, opener]);

  const closeFromButton = () => {
    opener.current?.focus();
    onClose();
  };

  return (
    <section
      ref={panel}
      aria-labelledby={titleId}
      data-testid="added-to-cart"
      className="border-ink/10 bg-paper fixed inset-x-0 bottom-0 z-30 rounded-t-2xl border p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-[0_-12px_32px_-12px_rgb(0_0_0/0.3)] transition duration-300 ease-out motion-reduce:transition-none starting:translate-y-full md:inset-x-auto md:top-22 md:right-[max(1rem,calc((100vw-80rem)/2+2rem))] md:bottom-auto md:w-96 md:rounded-2xl md:p-5 md:shadow-[0_12px_32px_-12px_rgb(0_0_0/0.3)] md:starting:-translate-y-2 md:starting:opacity-0"
    >
      <div className="flex items-center gap-2">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-800" />
        <h2 id={titleId} className="flex-1 text-sm font-medium">
          {outcome === "added" ? CART_MESSAGES.added : CART_MESSAGES.updated}
        </h2>
        <button
          type="button"
          onClick={closeFromButton}
          aria-label="Close"
          className="hover:bg-ink/5 focus-visible:outline-ink -m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-2"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="mt-3 flex gap-4">
        <div className="bg-ink/5 size-20 shrink-0 overflow-hidden rounded-xl">
          <FallbackImage
            src={line.image}
            alt=""
            sizes="80px"
            loading="eager"
            className="h-full w-full object-contain"
            data-testid="added-to-cart-image"
          />
        </div>
        <div className="min-w-0 flex-1 text-sm leading-snug">
          <p className="font-serif text-base wrap-anywhere">{line.name}</p>
          {line.fabricCode !== DEFAULT_FABRIC_CODE && (
            <p className="text-ink/70 wrap-anywhere">Fabric: {line.fabricLabel}</p>
          )}
          <p className="mt-1 tabular-nums" data-testid="added-to-cart-price">
            {formatPrice(line.priceCents)}
          </p>
          <p className="text-ink/70 tabular-nums" data-testid="added-to-cart-quantity">
            Quantity: {quantity}
            {outcome === "updated" && inCart && ` (${inCart.quantity} in your cart)`}
          </p>
        </div>
      </div>
      <p className="border-ink/10 mt-4 flex justify-between border-t pt-3 text-sm">
        <span>
          Cart subtotal ({cartCount(lines)} {cartCount(lines) === 1 ? "item" : "items"})
        </span>
        <span className="font-medium tabular-nums">{formatPrice(cartTotalCents(lines))}</span>
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <Link to="/cart" className={buttonClass("outline", "md", "w-full")}>
          View cart
        </Link>
        <Link to="/checkout" className={buttonClass("dark", "md", "w-full")}>
          Checkout
        </Link>
      </div>
    </section>
  );
}
