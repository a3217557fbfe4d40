import { useEffect, useMemo, useState } from "react";
import { DEFAULT_FABRIC_CODE } from "../../../core/constants.ts";
import { data, Link, useFetcher, useSearchParams } from "react-router";
import { ChevronDown, ShieldCheck } from "lucide-react";
import type { Route } from "./+types/checkout";
import { customerSchema, type CustomerDetails } from "../../../core/checkout-form.ts";
import { parseWith, type FormErrors } from "../../../core/forms.ts";
import { formatPrice } from "../../../core/money.ts";
import { requestContext, servicesContext, storeContext } from "../../../server/context.ts";
import { startCheckout, type CheckoutResult } from "../../../server/orders/checkout-action.ts";
import { CheckoutField } from "../../components/checkout/checkout-field";
import { CartCorrectionsNotice, RemovedNotice } from "../../components/checkout/cart-corrections";
import { EmptyCart } from "../../components/checkout/empty-cart";
import { OrderTotals } from "../../components/checkout/order-totals";
import { PaymentLogos } from "../../components/checkout/payment-logos";
import { buttonClass } from "../../components/ui/button";
import { QuantityStepper } from "../../components/ui/quantity-stepper";
import { cart, useCartLines } from "../../lib/cart-store";
import { useHydrated } from "../../lib/use-hydrated";
import { cartCount, cartTotalCents, lineLabel, type CartLine } from "../../lib/cart-lines";
import { loadSavedCustomer, saveCustomer } from "../../lib/checkout-storage";
import { seoMeta } from "../../lib/seo";
import { useServerCartPrices, type CartCorrections } from "../../lib/use-server-cart-prices";
import { readJson } from "../../../server/http/request-body.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJson(request);
  const result = await startCheckout(
    context.get(storeContext),
    context.get(servicesContext),
    context.get(requestContext),
    body,
  );
  return data(result, { status: result.ok ? 200 : result.status });
}

type FieldName = keyof CustomerDetails;

/** The fields as the form labels them, in the form's order: the pay button's reason names them. */
const FIELD_NAMES: Record<FieldName, string> = {
  customerName: "Full Name",
  customerEmail: "Email",
  customerPhone: "Phone",
  streetAddress: "Street Address",
  apartment: "Apartment",
  city: "City",
  state: "State",
  zipCode: "ZIP Code",
  country: "Country",
  orderNotes: "Order Notes",
};
const FIELDS = Object.keys(FIELD_NAMES) as FieldName[];
const REQUIRED: readonly FieldName[] = [
  "customerName",
  "customerEmail",
  "streetAddress",
  "city",
  "state",
  "zipCode",
  "country",
];

/** Messages for the customer's fields, from the same schema the server uses. */
function customerErrors(customer: CustomerDetails): FormErrors {
  const parsed = parseWith(customerSchema, customer);
  return parsed.ok ? {} : parsed.errors;
}

/**
 * Why the pay button is disabled, naming the fields that hold it back (required ones
 * left empty, then filled ones the schema refuses, with its message); none when it is enabled.
 */
function paymentBlockers(lines: CartLine[], customer: CustomerDetails, errors: FormErrors): string[] {
  if (lines.length === 0) return ["Your cart is empty"];
  const missing = REQUIRED.filter((field) => customer[field].trim() === "");
  const wrong = FIELDS.filter((field) => errors[field] && !missing.includes(field));
  return [
    ...(missing.length
      ? [
          `Please complete the required fields before checkout: ${missing.map((field) => FIELD_NAMES[field]).join(", ")}`,
        ]
      : []),
    ...wrong.map((field) => `${FIELD_NAMES[field]}: ${errors[field]}`),
  ];
}

export default function Checkout() {
  const lines = useCartLines();
  const hydrated = useHydrated();
  // The cart remembers prices from when each line was added: show what will be charged.
  const { corrections } = useServerCartPrices(lines);
  const [searchParams] = useSearchParams();
  const canceled = searchParams.get("canceled") === "true";

  // The cart and the saved details live in the browser: nothing to show before hydration.
  if (!hydrated) {
    return (
      <div className={`${PAGE} py-10`}>
        {canceled && <CanceledBanner />}
        <p className="py-24 text-center text-ink/70">Loading your cart...</p>
      </div>
    );
  }
  if (lines.length === 0 && !canceled) {
    return <EmptyCart>{corrections.removed.length > 0 && <RemovedNotice names={corrections.removed} />}</EmptyCart>;
  }
  return <CheckoutForm lines={lines} canceled={canceled} corrections={corrections} />;
}

/** The header's content width, so the checkout's columns line up with it. */
const PAGE = "mx-auto max-w-7xl px-4 lg:px-8";

function CheckoutForm({
  lines,
  canceled,
  corrections,
}: {
  lines: CartLine[];
  canceled: boolean;
  corrections: CartCorrections;
}) {
  const fetcher = useFetcher<CheckoutResult>();
  // Mounted only in the browser, so the last visit's details can prefill the form at once.
  const [customer, setCustomer] = useState<CustomerDetails>(loadSavedCustomer);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  // On a phone the summary is folded above the form (its toggle shows the total); wide screens always show it.
  const [summaryOpen, setSummaryOpen] = useState(false);

  const errors = useMemo(() => customerErrors(customer), [customer]);
  const valid = Object.keys(errors).length === 0;
  const busy = fetcher.state !== "idle" || fetcher.data?.ok === true;
  const result = fetcher.data;

  // Leave for the hosted payment page once the server has written the order.
  useEffect(() => {
    if (result?.ok) window.location.assign(result.url);
  }, [result]);

  const update = (field: FieldName) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...customer, [field]: event.target.value };
    setCustomer(next);
    saveCustomer(next);
  };
  const blur = (field: FieldName) => () => setTouched((current) => ({ ...current, [field]: true }));
  const shown = (field: FieldName) => (touched[field] ? errors[field] : undefined);

  const total = cartTotalCents(lines);
  const count = cartCount(lines);
  const submit = () => {
    setTouched(Object.fromEntries(Object.keys(customer).map((key) => [key, true])));
    if (!valid || lines.length === 0) return;
    void fetcher.submit(
      {
        customer,
        items: lines.map((line) => ({
          productId: line.productId,
          fabricCode: line.fabricCode,
          quantity: line.quantity,
        })),
      },
      { method: "post", encType: "application/json" },
    );
  };
  const blockers = paymentBlockers(lines, customer, errors);

  return (
    <div className={`${PAGE} py-10`}>
      <h1 className="font-serif text-3xl sm:text-4xl">Checkout</h1>
      {canceled && <CanceledBanner />}
      <CartCorrectionsNotice corrections={corrections} className="mt-6" />
      {/* One summary in the page: first on a phone (folded), in the right-hand column on wide screens. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="mt-6 grid gap-8 lg:mt-8 lg:grid-cols-[1fr_24rem] lg:grid-rows-[auto_auto_1fr] lg:gap-x-10 lg:gap-y-6"
      >
        <section
          aria-labelledby="summary-heading"
          className="border-ink/10 rounded-xl border bg-white shadow-sm lg:col-start-2 lg:row-start-1 lg:p-5"
        >
          <h2 id="summary-heading" className="font-serif text-xl">
            <button
              type="button"
              aria-expanded={summaryOpen}
              aria-controls="summary-content"
              onClick={() => setSummaryOpen((open) => !open)}
              className="focus-visible:outline-ink flex min-h-14 w-full items-center gap-2 rounded-xl px-4 py-3 text-left focus-visible:outline-2 lg:hidden"
            >
              <span className="flex-1">
                Order Summary
                <span className="text-ink/70 block font-sans text-sm">
                  {count} {count === 1 ? "item" : "items"} · {summaryOpen ? "Hide" : "Show"} details
                </span>
              </span>
              <span className="font-sans text-lg font-semibold tabular-nums" data-testid="summary-toggle-total">
                {formatPrice(total)}
              </span>
              <ChevronDown
                aria-hidden="true"
                className={`size-5 shrink-0 transition-transform ${summaryOpen ? "rotate-180" : ""}`}
              />
            </button>
            <span className="hidden lg:inline">Order Summary</span>
          </h2>
          <div
            id="summary-content"
            className={`${summaryOpen ? "block" : "hidden"} border-ink/10 border-t px-4 pb-4 lg:block lg:border-t-0 lg:p-0`}
          >
            <ul className="divide-ink/10 divide-y lg:mt-4">
              {lines.map((line) => (
                <li key={`${line.productId}:${line.fabricCode}`} className="flex gap-3 py-4">
                  <img
                    src={line.image || "/images/placeholder.jpg"}
                    alt=""
                    width={64}
                    height={64}
                    className="size-16 rounded-md object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-serif text-lg leading-snug wrap-anywhere">{line.name}</p>
                    {line.fabricCode !== DEFAULT_FABRIC_CODE && (
                      <p className="text-sm text-ink/75 wrap-anywhere">Fabric: {line.fabricLabel}</p>
                    )}
                    <div className="mt-2 flex items-center gap-3">
                      <QuantityStepper
                        size="sm"
                        label={`Quantity of ${lineLabel(line)}`}
                        value={line.quantity}
                        onChange={(quantity) => cart.setQuantity(line.productId, line.fabricCode, quantity)}
                      />
                      <button
                        type="button"
                        aria-label={`Remove ${lineLabel(line)}`}
                        className="text-sm underline underline-offset-2 hover:text-red-700"
                        onClick={() => cart.remove(line.productId, line.fabricCode)}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                  <p className="font-medium tabular-nums">{formatPrice(line.priceCents * line.quantity)}</p>
                </li>
              ))}
            </ul>
            <OrderTotals subtotalCents={total} className="border-ink/10 mt-2 border-t pt-4" />
            <p className="mt-3 text-xs text-ink/75">
              Local handoff is currently offered; we'll contact you after purchase to arrange pickup or shipping.
            </p>
          </div>
        </section>

        <div className="space-y-10 lg:col-start-1 lg:row-span-3 lg:row-start-1">
          <fieldset className="space-y-4">
            <legend className="mb-4 font-serif text-xl">Customer Information</legend>
            <CheckoutField
              id="customerName"
              label="Full Name"
              required
              autoComplete="name"
              value={customer.customerName}
              onChange={update("customerName")}
              onBlur={blur("customerName")}
              error={shown("customerName")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <CheckoutField
                id="customerEmail"
                label="Email"
                type="email"
                required
                autoComplete="email"
                value={customer.customerEmail}
                onChange={update("customerEmail")}
                onBlur={blur("customerEmail")}
                error={shown("customerEmail")}
              />
              <CheckoutField
                id="customerPhone"
                label="Phone (optional)"
                type="tel"
                autoComplete="tel"
                placeholder="(303) 555-0142"
                value={customer.customerPhone}
                onChange={update("customerPhone")}
                onBlur={blur("customerPhone")}
                error={shown("customerPhone")}
              />
            </div>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-4 font-serif text-xl">Shipping Address</legend>
            <CheckoutField
              id="streetAddress"
              label="Street Address"
              required
              autoComplete="address-line1"
              value={customer.streetAddress}
              onChange={update("streetAddress")}
              onBlur={blur("streetAddress")}
              error={shown("streetAddress")}
            />
            <CheckoutField
              id="apartment"
              label="Apartment, suite, etc. (optional)"
              autoComplete="address-line2"
              value={customer.apartment}
              onChange={update("apartment")}
              onBlur={blur("apartment")}
              error={shown("apartment")}
            />
            {/* City on its own line on a phone, State and ZIP side by side below it. */}
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <CheckoutField
                id="city"
                label="City"
                required
                autoComplete="address-level2"
                className="col-span-2 sm:col-span-1"
                value={customer.city}
                onChange={update("city")}
                onBlur={blur("city")}
                error={shown("city")}
              />
              <CheckoutField
                id="state"
                label="State"
                required
                autoComplete="address-level1"
                value={customer.state}
                onChange={update("state")}
                onBlur={blur("state")}
                error={shown("state")}
              />
              <CheckoutField
                id="zipCode"
                label="ZIP Code"
                required
                autoComplete="postal-code"
                inputMode="numeric"
                value={customer.zipCode}
                onChange={update("zipCode")}
                onBlur={blur("zipCode")}
                error={shown("zipCode")}
              />
            </div>
            <CheckoutField
              id="country"
              label="Country"
              required
              autoComplete="country-name"
              value={customer.country}
              onChange={update("country")}
              onBlur={blur("country")}
              error={shown("country")}
            />
          </fieldset>
          <div>
            <label htmlFor="orderNotes" className="mb-1.5 block font-serif text-xl">
              Order Notes (optional)
            </label>
            <textarea
              id="orderNotes"
              name="orderNotes"
              rows={4}
              value={customer.orderNotes}
              onChange={update("orderNotes")}
              placeholder="Notes about your order, e.g. pickup preferences or gift wrapping."
              className="border-ink/20 focus:border-ink focus-visible:outline-ink w-full rounded-lg border bg-white p-3 text-base focus-visible:outline-2"
            />
          </div>
        </div>

        <section
          aria-labelledby="payment-heading"
          className="border-ink/10 self-start rounded-xl border bg-white p-5 shadow-sm lg:col-start-2 lg:row-start-2"
        >
          <h2 id="payment-heading" className="flex items-center gap-2 font-serif text-xl">
            <ShieldCheck aria-hidden="true" className="size-5" /> Payment
          </h2>
          <p className="mt-2 text-sm text-ink/70">
            You'll pay on our payment provider's secure page. We never see or store your card details.
          </p>
          <div className="mt-4">
            <PaymentLogos />
          </div>
          {result && !result.ok && (
            <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {result.error}
            </div>
          )}
          {blockers.length > 0 && (
            <div id="payment-blockers" data-testid="payment-blockers" className="mt-4 space-y-1 text-sm text-ink/70">
              {blockers.map((blocker) => (
                <p key={blocker}>{blocker}</p>
              ))}
            </div>
          )}
          <button
            type="submit"
            disabled={busy || blockers.length > 0}
            aria-describedby={blockers.length > 0 ? "payment-blockers" : undefined}
            className={buttonClass("dark", "lg", "mt-4 w-full")}
          >
            {busy ? "Processing..." : "Proceed to Payment"}
          </button>
          <p className="mt-3 text-xs text-ink/75">
            By placing your order you agree to our{" "}
            <Link to="/terms" className="underline">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to="/privacy" className="underline">
              Privacy Policy
            </Link>
            .
          </p>
        </section>
      </form>
    </div>
  );
}

function CanceledBanner() {
  return (
    <div role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold">Payment Canceled</p>
      <p className="text-sm text-ink/75">
        Your payment was canceled and you have not been charged. Your cart is still here whenever you&apos;re ready.
      </p>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    origin: root?.origin ?? "",
    storeName: root?.store.name ?? "Selvage",
    path: "/checkout",
    title: "Checkout",
    description: "Your details and the handmade pieces you are buying.",
    noIndex: true,
  });
}
