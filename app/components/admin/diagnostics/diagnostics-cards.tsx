import { CircleAlert, CircleCheck, CircleX, Info } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { DiagnosticsAnswer, DiagnosticsReport } from "../../../../core/diagnostics.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { AdminButton } from "../admin-button.tsx";

// The Diagnostics page's cards; the route hands the loader's report straight in.

// Server and browser render the same text: a fixed locale and time zone, named.
const TIME_FORMAT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function Timestamp({ value }: { value: Date }) {
  return <time dateTime={value.toISOString()}>{TIME_FORMAT.format(value)} UTC</time>;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function fixButtonLabel(count: number): string {
  return `Fix ${count} Tenant ${count === 1 ? "Issue" : "Issues"}`;
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-4 space-y-5 text-sm text-stone-700">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-stone-500">{label}</dt>
          <dd className="min-w-0 break-words text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A verdict told by its words and icon, the colour only adding to them. */
function Verdict({ tone, children }: { tone: "good" | "bad" | "info"; children: ReactNode }) {
  const { box, Icon } = {
    good: { box: "border-emerald-200 bg-emerald-50 text-emerald-900", Icon: CircleCheck },
    bad: { box: "border-red-200 bg-red-50 text-red-800", Icon: CircleAlert },
    info: { box: "border-stone-200 bg-stone-50 text-stone-800", Icon: Info },
  }[tone];
  return (
    <div className={`flex gap-2.5 rounded-md border px-3.5 py-3 ${box}`}>
      <Icon aria-hidden className="mt-px size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

function YesNo({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-flex items-center gap-1 text-emerald-800">
      <CircleCheck aria-hidden className="size-4" /> Yes
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 font-semibold text-red-700">
      <CircleX aria-hidden className="size-4" /> No
    </span>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-2 text-sm font-semibold text-stone-900">{children}</h3>;
}

export function AuthenticationCard({ auth }: { auth: DiagnosticsReport["auth"] }) {
  const { rowSecurity: rls } = auth;
  const unprotected = rls.tables.filter((t) => !t.enabled || !t.forced || t.policies.length === 0);
  return (
    <Card id="diagnostics-authentication" title="Authentication">
      <Facts
        rows={[
          [
            "User ID",
            <code key="id" className="font-mono text-xs break-all">
              {auth.userId}
            </code>,
          ],
          ["Email", auth.email],
          ["Current tenant", auth.tenantLabel === "Default" ? `Default (${auth.tenantId})` : auth.tenantLabel],
          [
            "Store membership",
            auth.membership ? (
              <span key="m">
                {auth.membership.role} of this store since <Timestamp value={auth.membership.since} />
              </span>
            ) : (
              <span key="m" className="font-semibold text-red-700">
                Not a member of this store
              </span>
            ),
          ],
        ]}
      />
      <div>
        <SubHeading>Row level security</SubHeading>
        {rls.protected ? (
          <Verdict tone="good">
            Protected: row-level security is enabled and forced on all {plural(rls.tables.length, "store table")}, each
            with a policy. The shop&apos;s queries run as {rls.role}, which is not exempt.
          </Verdict>
        ) : (
          <Verdict tone="bad">
            Not fully protected:{" "}
            {rls.roleBypassesSecurity
              ? `the shop's queries run as ${rls.role}, which bypasses row-level security.`
              : `${unprotected.map((t) => t.table).join(", ") || "no store tables found"} lack${unprotected.length === 1 ? "s" : ""} row-level security.`}
          </Verdict>
        )}
        {/* Names may wrap: on a phone the table fits the card rather than scrolling inside it. */}
        <div className="mt-3">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Row-level security of each store table</caption>
            <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Table
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Enabled
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Forced
                </th>
                <th scope="col" className="py-2 font-medium">
                  Policy
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rls.tables.map((table) => (
                <tr key={table.table}>
                  <th scope="row" className="py-1.5 pr-3 font-mono text-xs font-normal break-all text-stone-900">
                    {table.table}
                  </th>
                  <td className="py-1.5 pr-3">
                    <YesNo value={table.enabled} />
                  </td>
                  <td className="py-1.5 pr-3">
                    <YesNo value={table.forced} />
                  </td>
                  <td className="py-1.5">
                    {table.policies.length > 0 ? (
                      <span className="font-mono text-xs break-all">{table.policies.join(", ")}</span>
                    ) : (
                      <span className="font-semibold text-red-700">None</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}

export function ProductsCard({ products, tenantId }: { products: DiagnosticsReport["products"]; tenantId: string }) {
  const hiddenFromList = products.databaseCount - products.storefrontCount;
  const notAvailable = products.storefrontCount - products.availableCount;
  const more = products.issueCount - products.issues.length;
  return (
    <Card id="diagnostics-products" title="Products">
      <Facts
        rows={[
          ["In the database", String(products.databaseCount)],
          ["Shown on the storefront", String(products.storefrontCount)],
          ["Can be bought", String(products.availableCount)],
        ]}
      />
      {hiddenFromList === 0 && notAvailable === 0 ? (
        <Verdict tone="good">Every product in the database shows on the storefront and can be bought.</Verdict>
      ) : (
        <Verdict tone="info">
          {hiddenFromList > 0 ? (
            <p>
              {plural(hiddenFromList, "product is", "products are")} in the database but not on the storefront: their
              category belongs to another store. Fixing the tenant issues moves them to a category of this store.
            </p>
          ) : null}
          {notAvailable > 0 ? (
            <p>
              {plural(notAvailable, "product shows", "products show")} as &lsquo;Not Available&rsquo;: they offer a
              choice of fabric but have none in stock, or none at all. Put a fabric back in stock or add one to sell
              them.
            </p>
          ) : null}
        </Verdict>
      )}

      <div>
        <SubHeading>Tenant issues</SubHeading>
        {products.issueCount === 0 ? (
          <Verdict tone="good">
            No tenant issues: every product option, order item, payment and category reference belongs to this store.
          </Verdict>
        ) : (
          <>
            <Verdict tone="bad">
              {plural(products.issueCount, "row belongs", "rows belong")} to a different store than the row it is part
              of.
            </Verdict>
            <ul aria-label="Tenant issues" className="mt-2 space-y-1.5">
              {products.issues.map((issue) => (
                <li key={`${issue.kind}:${issue.rowId}`} className="rounded-md bg-stone-50 px-3 py-2">
                  <span className="font-medium text-stone-900">{issue.kind}</span>{" "}
                  <code className="font-mono text-xs break-all">{issue.rowId}</code>: in store{" "}
                  <strong>{issue.rowTenant}</strong>, its parent in store <strong>{issue.parentTenant}</strong>
                </li>
              ))}
            </ul>
            {more > 0 ? <p className="mt-2">...and {more} more</p> : null}
          </>
        )}
      </div>

      <div>
        <SubHeading>Tenants present</SubHeading>
        <ul className="space-y-1">
          {products.tenants.map((tenant) => (
            <li key={tenant.tenantId}>
              <span className="font-mono text-xs text-stone-900">{tenant.tenantId}</span>
              {tenant.tenantId === tenantId ? " (this store)" : " (another store)"}:{" "}
              {plural(tenant.products, "product")}, {plural(tenant.categories, "category", "categories")}
            </li>
          ))}
        </ul>
      </div>

      <div>
        <SubHeading>Categories present</SubHeading>
        {products.categories.length === 0 ? (
          <p>This store has no categories.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Products in each category</caption>
            <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Category
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Products
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {products.categories.map((category) => (
                <tr key={category.slug}>
                  <th scope="row" className="py-1.5 pr-3 font-normal text-stone-900">
                    {category.name} <span className="font-mono text-xs text-stone-500">/{category.slug}</span>
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{category.products}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Card>
  );
}

export function EmailsCard({ emails, action }: { emails: DiagnosticsReport["emails"]; action: string }) {
  const older = emails.failedCount - emails.failed.length;
  return (
    <Card id="diagnostics-emails" title="Emails">
      {emails.failedCount === 0 ? (
        <Verdict tone="good">No failed emails: every email was sent or is on its way.</Verdict>
      ) : (
        <>
          <Verdict tone="bad">
            {plural(emails.failedCount, "email")} could not be sent. Check the mail settings (SMTP), then retry.
          </Verdict>
          <ul aria-label="Failed emails" className="space-y-3">
            {emails.failed.map((email) => (
              <FailedEmail key={email.id} email={email} action={action} />
            ))}
          </ul>
          {older > 0 ? <p>...and {older} older</p> : null}
        </>
      )}
      <p>
        {emails.pendingCount === 0
          ? "No emails are waiting to be sent."
          : `${plural(emails.pendingCount, "email is", "emails are")} waiting to be sent.`}
      </p>
    </Card>
  );
}

function FailedEmail({ email, action }: { email: DiagnosticsReport["emails"]["failed"][number]; action: string }) {
  const fetcher = useFetcher<DiagnosticsAnswer>({ key: `retry-email-${email.id}` });
  const busy = fetcher.state !== "idle";
  useAnswerNotice(fetcher.state, fetcher.data);
  return (
    <li className="rounded-md border border-stone-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-stone-900">{email.subject}</p>
          <p className="break-all">To {email.to}</p>
          <p className="text-xs text-stone-500">
            {email.kind} · queued <Timestamp value={email.createdAt} /> · {plural(email.attempts, "attempt")}
          </p>
        </div>
        <AdminButton
          variant="secondary"
          disabled={busy}
          aria-label={`${busy ? "Retrying" : "Retry"} email “${email.subject}” to ${email.to}`}
          onClick={() => void fetcher.submit({ intent: "retry-email", emailId: email.id }, { method: "post", action })}
        >
          {busy ? "Retrying..." : "Retry"}
        </AdminButton>
      </div>
      {email.lastError ? <p className="mt-2 text-xs break-words text-red-800">Error: {email.lastError}</p> : null}
    </li>
  );
}

export function PaymentsCard({ payments, origin }: { payments: DiagnosticsReport["payments"]; origin: string }) {
  const stripe = payments.provider === "stripe";
  const { webhooks } = payments;
  return (
    <Card id="diagnostics-payments" title="Payments">
      <Facts
        rows={[
          ["Provider in use", stripe ? "Stripe" : "Test payments (no card is charged)"],
          [
            "Webhooks received",
            webhooks.count === 0 || !webhooks.lastAt ? (
              "No webhooks received yet"
            ) : (
              <span key="w">
                {webhooks.count}, the last <Timestamp value={webhooks.lastAt} />
                {webhooks.lastType ? ` (${webhooks.lastType})` : ""}
              </span>
            ),
          ],
        ]}
      />
      {!stripe ? (
        <Verdict tone="info">
          Stripe is not configured, so checkout uses the built-in test payment page. Set STRIPE_SECRET_KEY to take real
          payments.
        </Verdict>
      ) : !payments.webhookSecretSet ? (
        <Verdict tone="bad">
          STRIPE_WEBHOOK_SECRET is not set, so Stripe&apos;s notices cannot be verified. Add the endpoint&apos;s signing
          secret.
        </Verdict>
      ) : webhooks.count === 0 ? (
        <Verdict tone="info">
          Orders are still confirmed when shoppers return from Stripe. So that payments are recorded even when they do
          not, add a webhook endpoint in the Stripe dashboard for{" "}
          <code className="font-mono text-xs break-all">
            {origin}
            {payments.webhookPath}
          </code>
          .
        </Verdict>
      ) : null}
    </Card>
  );
}

export function DatabaseCard({ database }: { database: DiagnosticsReport["database"] }) {
  const { migrations } = database;
  return (
    <Card id="diagnostics-database" title="Database">
      <Facts
        rows={[
          ["Engine", database.engine === "postgres" ? "PostgreSQL server" : "PGlite (embedded, in the data folder)"],
          [
            "Migrations applied",
            migrations.lastAt ? (
              <span key="m">
                {migrations.count}, the latest from <Timestamp value={migrations.lastAt} />
              </span>
            ) : (
              String(migrations.count)
            ),
          ],
        ]}
      />
    </Card>
  );
}

/** Says an action's answer once, when it arrives: success as a notice, a refusal as an error. */
export function useAnswerNotice(state: "idle" | "loading" | "submitting", answer: DiagnosticsAnswer | undefined) {
  const said = useRef<DiagnosticsAnswer | undefined>(undefined);
  useEffect(() => {
    // "loading" is the page's data loading again after the answer: already worth saying.
    if (state === "submitting" || !answer || answer === said.current) return;
    said.current = answer;
    if (answer.ok) notify(answer.message);
    else notifyError(answer.message);
  }, [state, answer]);
}
