import { CircleAlert, Hammer, Inbox, PackageCheck, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatStoreDateTime } from "../../../../core/dates.ts";
import { formatPrice } from "../../../../core/money.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";

// The dashboard's cards: the work queue, sales figures, best sellers and failed emails.

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";

/** The order list filtered to one status (the list keeps its filters in the query string). */
export const ordersWithStatus = (status: "new" | "in_progress" | "ready_for_pickup") =>
  `${adminPath("orders")}?status=${status}`;

function CardFrame({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs">
      <h3 className="flex items-center gap-2 text-sm text-stone-600">
        <Icon aria-hidden className="size-4" />
        {label}
      </h3>
      {children}
    </div>
  );
}

/** A number that opens the list it counts. */
function CountLink({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <Link
      to={to}
      className={`-mx-2 mt-1 flex min-h-11 items-baseline gap-2 rounded-md px-2 py-1 hover:bg-stone-100 ${focusRing}`}
    >
      <span className="text-3xl font-semibold text-stone-900 tabular-nums">{count}</span>{" "}
      <span className="text-sm text-stone-600 underline decoration-stone-300 underline-offset-2">{label}</span>
    </Link>
  );
}

/** Orders to make (New and In progress), ready for pickup, and unread messages. */
export function AttentionCards({
  workflow,
  unreadMessages,
}: {
  workflow: { new: number; in_progress: number; ready_for_pickup: number };
  unreadMessages: number;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
      <CardFrame icon={Hammer} label={`Orders to make: ${workflow.new + workflow.in_progress}`}>
        <div className="grid grid-cols-2 gap-2">
          <CountLink to={ordersWithStatus("new")} count={workflow.new} label="New" />
          <CountLink to={ordersWithStatus("in_progress")} count={workflow.in_progress} label="In progress" />
        </div>
      </CardFrame>
      <CardFrame icon={PackageCheck} label="Waiting for pickup">
        <CountLink
          to={ordersWithStatus("ready_for_pickup")}
          count={workflow.ready_for_pickup}
          label="Ready for pickup"
        />
      </CardFrame>
      <CardFrame icon={Inbox} label="Messages">
        <CountLink to={adminPath("messages")} count={unreadMessages} label="Unread messages" />
      </CardFrame>
    </div>
  );
}

/** Net sales this month and over the last 30 days. */
export function RevenueFigures({
  thisMonthCents,
  last30DaysCents,
}: {
  thisMonthCents: number;
  last30DaysCents: number;
}) {
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4">
      {(
        [
          ["This month", thisMonthCents],
          ["Last 30 days", last30DaysCents],
        ] as const
      ).map(([label, cents]) => (
        <div key={label} className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs">
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="mt-2 text-3xl font-semibold text-stone-900 tabular-nums">{formatPrice(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface BestSellerRow {
  name: string;
  units: number;
  revenueCents: number;
}

/** One best-seller list as a table: name, units sold and what they sold for. */
export function BestSellerTable({ title, rows }: { title: string; rows: BestSellerRow[] }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs">
      <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No sales in the last 90 days.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{title}, last 90 days</caption>
          <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Units
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Sales
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row" className="py-2 pr-3 font-normal wrap-anywhere text-stone-900">
                  {row.name}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{row.units}</td>
                <td className="py-2 text-right tabular-nums">{formatPrice(row.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export interface FailedEmailsSummary {
  count: number;
  latest: { id: string; kind: string; to: string; error: string | null; createdAt: Date }[];
}

/** Shown only when an email could not be sent: how many, the latest, and where to retry them. */
export function FailedEmailsPanel({ failed }: { failed: FailedEmailsSummary }) {
  if (failed.count === 0) return null;
  return (
    <section
      aria-labelledby="failed-emails"
      className="mt-8 rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-900 shadow-xs"
    >
      <h2 id="failed-emails" className="flex items-center gap-2 text-base font-semibold">
        <CircleAlert aria-hidden className="size-5" />
        {failed.count === 1 ? "1 email could not be sent" : `${failed.count} emails could not be sent`}
      </h2>
      <ul className="mt-3 space-y-2">
        {failed.latest.map((email) => (
          <li key={email.id} className="rounded-md border border-red-200 bg-white/70 p-3 break-words">
            <p>
              <span className="font-medium">{email.kind}</span> to {email.to}
              <span className="text-red-800"> · {formatStoreDateTime(email.createdAt)}</span>
            </p>
            {email.error ? <p className="mt-1 text-xs">Error: {email.error}</p> : null}
          </li>
        ))}
      </ul>
      {failed.count > failed.latest.length ? (
        <p className="mt-2">...and {failed.count - failed.latest.length} more</p>
      ) : null}
      <Link
        to={`${adminPath("diagnostics")}#diagnostics-emails`}
        className={`mt-3 inline-flex min-h-11 items-center font-medium underline underline-offset-2 ${focusRing}`}
      >
        Check the mail settings and retry in Diagnostics
      </Link>
    </section>
  );
}
