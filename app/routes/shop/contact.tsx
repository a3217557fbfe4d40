import { Clock, Mail, Phone } from "lucide-react";
import { data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/contact";
import { firstProductImageByCategory } from "../../../server/catalog/categories.ts";
import { contactMessageSchema } from "../../../core/contact-message.ts";
import type { FormErrors } from "../../../core/forms.ts";
import { signContactFormToken } from "../../../server/contact/form-token.ts";
import { contactFormGuard, sendContactMessage } from "../../../server/contact/send-contact-message.ts";
import { requestContext, servicesContext, storeContext } from "../../../server/context.ts";
import { ContactForm, type ContactActionResult } from "../../components/shop/contact-form.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FallbackImage } from "../../components/ui/fallback-image.tsx";
import { seoMeta } from "../../lib/seo.ts";
import type { RootLoaderData } from "../../root.tsx";
import { readForm } from "../../../server/http/request-body.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../../../server/db/availability.ts";

export const DEFAULT_CONTACT_IMAGE = "/images/contact.jpg";
/** The contact picture comes from these categories' products, else the default (spec §2). */
const CONTACT_IMAGE_CATEGORIES = ["purses", "bags"];

export async function action({ request, context }: Route.ActionArgs) {
  const { log, config } = context.get(servicesContext);
  const form = Object.fromEntries(await readForm(request));
  // A failure gives back what was typed: without JavaScript the page is drawn again from this answer.
  const values = Object.fromEntries(
    Object.keys(contactMessageSchema.shape).map((name) => [name, typeof form[name] === "string" ? form[name] : ""]),
  );
  const failed = (status: number, error: string, fieldErrors?: FormErrors) =>
    data<ContactActionResult>({ ok: false, error, fieldErrors, values }, { status });
  try {
    const result = await sendContactMessage(
      context.get(storeContext),
      context.get(requestContext),
      form,
      contactFormGuard(config),
    );
    return result.ok ? data<ContactActionResult>(result) : failed(result.status, result.error, result.fieldErrors);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return failed(503, SHOP_UNAVAILABLE_MESSAGE);
    log.error({ err: error }, "contact message failed");
    return failed(500, "Failed to send message. Please try again later.");
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);
  const images = await firstProductImageByCategory(scope);
  const image = CONTACT_IMAGE_CATEGORIES.map((slug) => images.get(slug)).find(Boolean) ?? DEFAULT_CONTACT_IMAGE;
  // When the form was shown, signed: the action tells a person from a bot that posts at once.
  const formToken = signContactFormToken(context.get(servicesContext).config.AUTH_SECRET, scope.tenantId, new Date());
  return { image, formToken };
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const store = useRouteLoaderData<RootLoaderData>("root")?.store;
  const scrollToForm = () => {
    const form = document.getElementById("contact-form");
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    form?.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
    document.getElementById("contact-name")?.focus({ preventScroll: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
      <header className="mb-12 max-w-2xl">
        <p className="text-ink/70 text-xs font-semibold tracking-[0.25em] uppercase">Custom orders &amp; questions</p>
        <h1 className="mt-3 font-serif text-5xl">Contact Us</h1>
        <div aria-hidden="true" className="bg-brand mt-5 h-px w-12" />
        <p className="text-ink/75 mt-5 text-lg leading-relaxed">
          Dreaming of a bag in a particular fabric, or have a question about an order? Send us a message — we respond
          within 24-48 hours.
        </p>
      </header>

      <div className="grid gap-12 lg:grid-cols-[1fr_26rem]">
        <section aria-labelledby="contact-form-heading" className="order-2 lg:order-1">
          <ContactForm formToken={loaderData.formToken} />
        </section>

        <aside aria-labelledby="contact-details-heading" className="order-1 flex flex-col gap-6 lg:order-2">
          {/* Square like the shop's pictures; object-contain keeps the default 3:2 one whole too. */}
          <div className="bg-ink/5 aspect-square overflow-hidden rounded-3xl">
            <FallbackImage
              src={loaderData.image}
              alt="A handmade bag from our studio"
              sizes="(min-width: 1024px) 416px, 100vw"
              priority
              className="h-full w-full object-contain"
            />
          </div>
          <div className="bg-ink text-paper rounded-3xl p-7">
            <h2 id="contact-details-heading" className="font-serif text-2xl">
              Get in Touch
            </h2>
            <p className="text-paper/75 mt-3 text-sm leading-relaxed">
              Questions about a product, or ready to plan a custom order? Reach us directly or use the form.
            </p>
            <ul className="mt-6 space-y-4 text-sm">
              {store?.email && (
                <li className="flex items-center gap-3">
                  <Mail aria-hidden="true" className="text-brand size-4" />
                  <a href={`mailto:${store.email}`} className="hover:underline">
                    {store.email}
                  </a>
                </li>
              )}
              {store?.phone && (
                <li className="flex items-center gap-3">
                  <Phone aria-hidden="true" className="text-brand size-4" />
                  <a href={`tel:${store.phone.replace(/[^\d+]/g, "")}`} className="hover:underline">
                    {store.phone}
                  </a>
                </li>
              )}
              <li className="flex items-center gap-3">
                <Clock aria-hidden="true" className="text-brand size-4" />
                <span>We respond within 24-48 hours</span>
              </li>
            </ul>
            <Button variant="primary" className="mt-7 w-full" onClick={scrollToForm}>
              Send Us a Message
            </Button>
          </div>
        </aside>
      </div>
    </div>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    origin: root?.origin ?? "",
    storeName: root?.store.name ?? "Selvage",
    path: "/contact",
    title: "Contact Us",
    description: "Questions or custom orders: contact our Colorado studio. We respond within 24-48 hours.",
    image: loaderData?.image,
  });
}
