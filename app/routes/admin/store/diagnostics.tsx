import { RefreshCw, Wrench } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/diagnostics";
import type { RootLoaderData } from "../../../root.tsx";
import type { DiagnosticsAnswer } from "../../../../core/diagnostics.ts";
import { adminMeta, adminPath } from "../admin-pages.ts";
import { diagnosticsAction, loadDiagnostics } from "../../../../server/diagnostics/diagnostics-action.ts";
import { AdminButton } from "../../../components/admin/admin-button.tsx";
import { AdminErrorBoundary } from "../../../components/admin/admin-error-boundary.tsx";
import { Alert } from "../../../components/admin/alert.tsx";
import { ConfirmDialog } from "../../../components/admin/confirm-dialog.tsx";
import {
  AuthenticationCard,
  DatabaseCard,
  EmailsCard,
  fixButtonLabel,
  PaymentsCard,
  ProductsCard,
  Timestamp,
  useAnswerNotice,
} from "../../../components/admin/diagnostics/diagnostics-cards.tsx";
import { notify, notifyError } from "../../../lib/notify.ts";

// The report runs when the page loads; 'Run Diagnostics' runs it again (the loader,
// revalidated), and so does every write on the page (the tenant fix, an email's retry).
export async function loader({ context }: Route.LoaderArgs) {
  return loadDiagnostics(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return diagnosticsAction(request, context);
}

export default function DiagnosticsPage({ loaderData }: Route.ComponentProps) {
  const { report, error } = loaderData;
  const root = useRouteLoaderData<RootLoaderData>("root");
  const action = adminPath("diagnostics");
  const revalidator = useRevalidator();
  const running = revalidator.state === "loading";
  // Runs asked for and runs reported: the report waits for the render with the new data.
  const [runs, setRuns] = useState(0);
  const reported = useRef(0);
  useEffect(() => {
    if (runs === reported.current) return;
    reported.current = runs;
    if (error) notifyError(error);
    else notify("Diagnostics complete");
  }, [runs, error]);

  const fix = useFetcher<DiagnosticsAnswer>({ key: "fix-tenant-issues" });
  const fixing = fix.state !== "idle";
  const [confirming, setConfirming] = useState(false);
  useAnswerNotice(fix.state, fix.data);

  const issueCount = report?.products.issueCount ?? 0;

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-stone-900">Diagnostics</h1>
          <p className="mt-1 max-w-2xl text-sm text-stone-600">
            Checks of your sign-in, your store&apos;s data and the services the shop relies on.
          </p>
          {report ? (
            <p className="mt-1 text-sm text-stone-600" role="status">
              Last run <Timestamp value={report.ranAt} />
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {issueCount > 0 ? (
            <AdminButton variant="danger" disabled={fixing} onClick={() => setConfirming(true)}>
              <Wrench aria-hidden className="size-4" />
              {fixing ? "Fixing tenant issues..." : fixButtonLabel(issueCount)}
            </AdminButton>
          ) : null}
          <AdminButton
            disabled={running}
            onClick={() => {
              void revalidator.revalidate().then(() => setRuns((count) => count + 1));
            }}
          >
            <RefreshCw aria-hidden className={running ? "size-4 motion-safe:animate-spin" : "size-4"} />
            {running ? "Running Diagnostics..." : "Run Diagnostics"}
          </AdminButton>
        </div>
      </div>

      {report ? (
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <AuthenticationCard auth={report.auth} />
          <ProductsCard products={report.products} tenantId={report.auth.tenantId} />
          <EmailsCard emails={report.emails} action={action} />
          <div className="grid content-start gap-6">
            <PaymentsCard payments={report.payments} origin={root?.origin ?? ""} />
            <DatabaseCard database={report.database} />
          </div>
        </div>
      ) : (
        <div className="mt-6">
          <Alert tone="error">{error}</Alert>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => (fixing ? undefined : setConfirming(open))}
        title={`${fixButtonLabel(issueCount)}?`}
        message={
          <>
            Each row goes back to the store of the row it belongs to, and references across stores are cut or pointed at
            this store&apos;s own rows, all in one step. Orders keep their snapshot. This cannot be undone.
          </>
        }
        confirmLabel={fixing ? "Fixing..." : "Fix Issues"}
        busy={fixing}
        onConfirm={() =>
          void fix.submit({ intent: "fix-tenant-issues" }, { method: "post", action }).then(() => setConfirming(false))
        }
      />
    </div>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("diagnostics");

// Errors show inside the admin shell, with the sidebar still there.
export const ErrorBoundary = AdminErrorBoundary;
