import { Link } from "react-router";
import type { Route } from "./+types/cart";
import { CartCorrectionsNotice, RemovedNotice } from "../../components/checkout/cart-corrections.tsx";
import { EmptyCart } from "../../components/checkout/empty-cart.tsx";
import { OrderTotals } from "../../components/checkout/order-totals.tsx";
import { CartTable } from "../../components/shop/cart-table.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { cartCount, cartTotalCents } from "../../lib/cart-lines.ts";
import { cart, useCartLines } from "../../lib/cart-store.ts";
import { seoMeta } from "../../lib/seo.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useServerCartPrices } from "../../lib/use-server-cart-prices.ts";

// The cart lives in the browser, so this page has no loader: the server renders a
// neutral shell and the lines appear once the page has hydrated.

export default function CartPage() {
  const hydrated = useHydrated();
  const lines = useCartLines();
  const { checking, corrections, slugs } = useServerCartPrices(lines);

  if (!hydrated) {
    return (
      <div role="status" className="text-ink/70 mx-auto max-w-7xl px-4 py-24 text-center">
        Loading your cart...
      </div>
    );
  }

  if (lines.length === 0) {
    return <EmptyCart>{corrections.removed.length > 0 && <RemovedNotice names={corrections.removed} />}</EmptyCart>;
  }

  const subtotal = cartTotalCents(lines);
  const count = cartCount(lines);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 lg:px-8">
      <header className="mb-10">
        <h1 className="font-serif text-5xl">Your Cart</h1>
        <div aria-hidden="true" className="bg-brand mt-5 h-px w-12" />
        <p className="text-ink/70 mt-4">
          {count} {count === 1 ? "item" : "items"}
          {checking && <span className="ml-2">· checking current prices…</span>}
        </p>
      </header>
      <CartCorrectionsNotice corrections={corrections} />
      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8 xl:grid-cols-[minmax(0,1fr)_22rem] xl:gap-12">
        <div>
          <CartTable lines={lines} productSlugs={slugs} />
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <Link to="/" className="text-ink/80 hover:text-ink text-sm underline underline-offset-4">
              Continue Shopping
            </Link>
            <button
              type="button"
              onClick={() => cart.clear()}
              className="text-ink/70 text-sm underline underline-offset-4 hover:text-red-700"
            >
              Clear cart
            </button>
          </div>
          {/* The spec keeps a coupon field, though the shop has no codes yet: disabled, and saying so. */}
          <form className="mt-10" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="coupon" className="text-sm font-medium">
              Coupon code
            </label>
            <div className="mt-1.5 flex items-center gap-2">
              <input
                id="coupon"
                name="coupon"
                disabled
                aria-describedby="coupon-note"
                className="border-ink/20 h-11 w-48 rounded-full border bg-white px-4 text-sm disabled:cursor-not-allowed"
              />
              <button type="submit" disabled className={buttonClass("outline", "md")}>
                Apply
              </button>
            </div>
            <p id="coupon-note" className="text-ink/70 mt-1.5 text-sm">
              The shop has no discount codes at the moment.
            </p>
          </form>
        </div>
        <aside
          aria-labelledby="order-total-heading"
          className="border-ink/10 h-fit rounded-3xl border bg-white p-7 shadow-sm lg:sticky lg:top-24"
        >
          <h2 id="order-total-heading" className="font-serif text-2xl">
            Order Total
          </h2>
          <OrderTotals subtotalCents={subtotal} className="mt-6" />
          <p className="text-ink/70 mt-5 text-sm leading-relaxed">
            Local handoff is currently offered; shipping arrangements are communicated after purchase. No taxes are
            added.
          </p>
          <Link to="/checkout" className={buttonClass("primary", "lg", "mt-7 w-full")}>
            Proceed to Checkout
          </Link>
        </aside>
      </div>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    origin: root?.origin ?? "",
    storeName: root?.store.name ?? "Selvage",
    path: "/cart",
    title: "Your Cart",
    description: "Review the handmade pieces in your cart before checkout.",
    noIndex: true,
  });
}
