import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import type { RootLoaderData } from "../../root";
import { ContactUs, LegalPage } from "../../components/checkout/legal-page";
import { seoMeta } from "../../lib/seo";

export default function Privacy() {
  const store = useRouteLoaderData<RootLoaderData>("root")?.store;
  const name = store?.name ?? "our shop";
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <p>
        {name} collects only what it needs to make, sell and hand over your order, and never sells your information.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>When you order: your name, email address, phone number (if you give it), address and order notes.</li>
        <li>When you write to us: your name, email address, phone number (if you give it) and your message.</li>
        <li>Your cart and checkout details are kept in your own browser so they are there when you come back.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To process your order, send your order confirmation, arrange pickup or shipping, and answer your messages. Card
        payments are handled by our payment provider on its own secure page; we never receive your card number.
      </p>
      <h2>Cookies</h2>
      <p>
        The shop uses no tracking or advertising cookies. The owner&apos;s admin area uses one cookie to keep her signed
        in.
      </p>
      <h2>Your choices</h2>
      <p>
        You can ask us to see, correct or delete the information we hold about you at any time.{" "}
        <ContactUs email={store?.email} />
      </p>
    </LegalPage>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    origin: root?.origin ?? "",
    storeName: root?.store.name ?? "Selvage",
    path: "/privacy",
    title: "Privacy Policy",
    description: "What our shop collects when you order or write to us, and how it is used.",
  });
}
