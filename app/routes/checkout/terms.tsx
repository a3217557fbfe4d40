import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/terms";
import type { RootLoaderData } from "../../root";
import { ContactUs, LegalPage } from "../../components/checkout/legal-page";
import { seoMeta } from "../../lib/seo";

export default function Terms() {
  const store = useRouteLoaderData<RootLoaderData>("root")?.store;
  const name = store?.name ?? "our shop";
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <p>
        These terms apply when you buy from {name}. Every item is handmade in Colorado, so small variations in pattern
        placement, stitching and colour are part of each piece&apos;s character, not defects.
      </p>
      <h2>Orders and prices</h2>
      <p>
        Prices are in US dollars. The price of an item is its listed price plus the upcharge of the fabric you choose,
        as shown in your cart. There are no taxes or shipping charges added at checkout: the total you see is the total
        you pay. An order is confirmed once payment is complete and you receive our confirmation email.
      </p>
      <h2>Payment</h2>
      <p>
        Payments are taken on our payment provider&apos;s secure hosted page. We never see or store your card number.
      </p>
      <h2>Handoff and shipping</h2>
      <p>
        Local handoff is currently offered. After your purchase we contact you to arrange pickup or other shipping
        arrangements.
      </p>
      <h2>Returns and custom orders</h2>
      <p>
        If something is not right with your order, contact us within 14 days of receiving it and we will make it right
        with a repair, exchange or refund. Custom orders made to your specifications can be repaired but not returned.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms? <ContactUs email={store?.email} />
      </p>
    </LegalPage>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    origin: root?.origin ?? "",
    storeName: root?.store.name ?? "Selvage",
    path: "/terms",
    title: "Terms of Service",
    description: "The terms that apply when you buy handmade bags, purses and wallets from our shop.",
  });
}
