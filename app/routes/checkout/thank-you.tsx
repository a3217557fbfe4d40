import { Suspense, useEffect } from "react";
import { DEFAULT_FABRIC_CODE } from "../../../core/constants.ts";
import { Await, Link } from "react-router";
import { CheckCircle2 } from "lucide-react";
import type { Route } from "./+types/thank-you";
import { formatPrice } from "../../../core/money.ts";
import { servicesContext, storeContext } from "../../../server/context.ts";
import { verifyReturn, type ReturnVerification } from "../../../server/orders/verify-return.ts";
import { buttonClass } from "../../components/ui/button";
import { withoutOrdered } from "../../lib/cart-after-order";
import { cart } from "../../lib/cart-store";
import { seoMeta } from "../../lib/seo";

export function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  // Streamed: the page shows "verifying" at once and the result when the provider answers.
  return { verification: verifyReturn(context.get(storeContext), context.get(servicesContext), sessionId), sessionId };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <Suspense fallback={<Verifying />}>
        <Await resolve={loaderData.verification}>
          {(verification) => <Outcome verification={verification} sessionId={loaderData.sessionId} />}
        </Await>
      </Suspense>
    </div>
  );
}

function Verifying() {
  return (
    <div role="status" className="text-center">
      <div
        aria-hidden="true"
        className="border-brand mx-auto size-10 animate-spin rounded-full border-4 border-t-transparent"
      />
      <p className="mt-4 text-lg">Verifying your payment...</p>
    </div>
  );
}

/** Payments whose order already left the cart: kept beside the cart, so every tab knows them. */
const TAKEN_KEY = "selvage-orders-taken-from-cart";
const TAKEN_KEPT = 20;

/** Whether this payment's order was already taken out of the cart; marks it taken if not. */
function firstTimeFor(sessionId: string): boolean {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(TAKEN_KEY) ?? "[]");
    const taken = Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
    if (taken.includes(sessionId)) return false;
    window.localStorage.setItem(TAKEN_KEY, JSON.stringify([...taken, sessionId].slice(-TAKEN_KEPT)));
  } catch {
    // Storage unavailable or unreadable: taking the order out once per visit is still right.
  }
  return true;
}

function Outcome({ verification, sessionId }: { verification: ReturnVerification; sessionId: string | null }) {
  const ordered = verification.ok ? verification.order.items : null;
  // Take the order out of the cart once per payment: opening this page again later, in this
  // tab or another, must not touch a new cart, and what was added while paying stays.
  useEffect(() => {
    if (!ordered || !sessionId || !firstTimeFor(sessionId)) return;
    cart.replace(withoutOrdered(cart.current(), ordered));
  }, [ordered, sessionId]);

  if (!verification.ok) {
    return (
      <div role="alert" className="text-center">
        <h1 className="font-serif text-3xl">Payment not confirmed</h1>
        <p className="mt-4 text-ink/75">{verification.error}</p>
        <p className="mt-2 text-ink/75">If you were charged, please contact us and we'll sort it out right away.</p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to="/contact" className={buttonClass("dark")}>
            Contact Us
          </Link>
          <Link to="/" className={buttonClass("outline")}>
            Back to Home
          </Link>
        </div>
      </div>
    );
  }
  const { order } = verification;
  return (
    <div>
      <div className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-emerald-600" />
        <h1 className="mt-4 font-serif text-4xl">Thank You!</h1>
        {order.confirmationEmailFailed ? (
          <p role="status" className="mt-3 text-lg">
            We couldn't send order confirmation emails, but your order was processed successfully.
          </p>
        ) : (
          <p className="mt-3 text-lg">We've sent a confirmation email with all the details.</p>
        )}
        <p className="mt-2 text-ink/70">
          Order number <strong className="text-ink">#{order.orderNumber}</strong>
        </p>
      </div>
      <section aria-labelledby="order-items" className="border-ink/10 mt-10 rounded-xl border bg-white p-6 shadow-sm">
        <h2 id="order-items" className="font-serif text-xl">
          Your order
        </h2>
        <ul className="divide-ink/10 mt-4 divide-y">
          {order.items.map((item, index) => (
            <li key={index} className="flex items-center gap-4 py-3">
              <img
                src={item.imageUrl || "/images/placeholder.jpg"}
                alt=""
                width={56}
                height={56}
                className="size-14 rounded-md object-cover"
              />
              <div className="min-w-0 flex-1 wrap-anywhere">
                <p className="font-medium">{item.name}</p>
                <p className="text-sm text-ink/75">
                  {item.fabricCode !== DEFAULT_FABRIC_CODE && <>Fabric: {item.fabricLabel} · </>}Qty {item.quantity}
                </p>
              </div>
              <p className="tabular-nums">{formatPrice(item.lineTotalCents)}</p>
            </li>
          ))}
        </ul>
        <p className="border-ink/10 mt-2 flex justify-between border-t pt-4 font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{formatPrice(order.totalCents)}</span>
        </p>
        <p className="mt-4 text-sm text-ink/70">
          Local handoff is currently offered. We'll contact you at {order.customerEmail} to arrange pickup or shipping.
        </p>
      </section>
      <div className="mt-8 text-center">
        <Link to="/" className={buttonClass("dark")}>
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    origin: root?.origin ?? "",
    storeName: root?.store.name ?? "Selvage",
    path: "/thank-you",
    title: "Thank You!",
    description: "Your order is confirmed.",
    noIndex: true,
  });
}
