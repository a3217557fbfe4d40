import { Mail, Phone } from "lucide-react";
import { formatStoreDateTime } from "../../../../core/dates.ts";
import type { ShippingAddress } from "../../../../core/orders.ts";
import { OrderDetailCard } from "./order-detail-card.tsx";

const linkClass =
  "inline-flex min-h-11 items-center gap-2 break-all text-stone-900 underline underline-offset-4 hover:text-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 sm:min-h-0";

/** Who bought it and how to reach her: email and phone are links a phone can act on. */
export function OrderDetailCustomer({
  name,
  email,
  phone,
  address,
  notes,
}: {
  name: string;
  email: string;
  phone: string;
  address: ShippingAddress;
  notes: string;
}) {
  const lines = [
    address.street,
    address.apartment,
    `${address.city}, ${address.state} ${address.zipCode}`,
    address.country,
  ].filter(Boolean);
  return (
    <OrderDetailCard title="Customer">
      <div className="space-y-3 text-sm text-stone-800">
        <p className="font-medium text-stone-900">{name}</p>
        <p>
          <a href={`mailto:${email}`} className={linkClass}>
            <Mail aria-hidden className="size-4 shrink-0 text-stone-500" />
            {email}
          </a>
        </p>
        {phone ? (
          <p>
            <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
              <Phone aria-hidden className="size-4 shrink-0 text-stone-500" />
              {phone}
            </a>
          </p>
        ) : null}
        <div>
          <h3 className="text-xs font-medium tracking-wide text-stone-500 uppercase">Address</h3>
          <address className="mt-1 not-italic">
            {lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
        <div>
          <h3 className="text-xs font-medium tracking-wide text-stone-500 uppercase">Order notes</h3>
          <p className="mt-1 whitespace-pre-line break-words">
            {notes || <span className="text-stone-500">None</span>}
          </p>
        </div>
      </div>
    </OrderDetailCard>
  );
}

/** How it was paid: the provider, its session, and when. */
export function OrderDetailPayment({
  provider,
  sessionId,
  paidAt,
}: {
  provider: string;
  sessionId: string | null;
  paidAt: Date | null;
}) {
  return (
    <OrderDetailCard title="Payment">
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Provider</dt>
          <dd className="mt-0.5 text-stone-900">{provider}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Session</dt>
          <dd className="mt-0.5 font-mono text-xs break-all text-stone-800">{sessionId ?? "None"}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Paid</dt>
          <dd className="mt-0.5 text-stone-900">{paidAt ? formatStoreDateTime(paidAt) : "Not paid"}</dd>
        </div>
      </dl>
    </OrderDetailCard>
  );
}
