import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { SHOP_UNAVAILABLE_MESSAGE } from "../../../core/constants.ts";
import { adminPath } from "../../routes/admin/admin-pages.ts";
import { AdminButton, adminButtonClass } from "./admin-button.tsx";

const NOT_FOUND_MESSAGE = "There is no such page in the admin area. It may have moved, or the link may be mistyped.";

/**
 * What the admin area shows when a page cannot: not found (404), no access (403), shop
 * briefly unavailable (503), or anything else with a Retry. Rendered inside the admin
 * layout, so the sidebar stays. A page with its own failure text passes it in:
 * `<AdminErrorPanel error={error} heading="Dashboard" failure="Failed to load dashboard data" />`.
 */
export function AdminErrorPanel({ error, heading, failure }: { error: unknown; heading?: string; failure?: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A loader may say what was missing: throw data("Product not found", { status: 404 }).
    return <AdminNotFound message={typeof error.data === "string" && error.data ? error.data : undefined} />;
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <ErrorPanel heading={heading ?? "Access denied"}>
        <p>You don&apos;t have access to this application</p>
      </ErrorPanel>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <ErrorPanel heading={heading ?? "We'll be right back"} retry>
        <p>{SHOP_UNAVAILABLE_MESSAGE}</p>
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel heading={heading ?? "Something went wrong"} retry>
      <p className="font-medium">{failure ?? "This page could not be loaded. Please try again."}</p>
    </ErrorPanel>
  );
}

/** The admin ErrorBoundary for pages with nothing of their own to say. */
export function AdminErrorBoundary({ error }: { error: unknown }) {
  return <AdminErrorPanel error={error} />;
}

/** The 404 of the admin area, with the way back. */
export function AdminNotFound({ message = NOT_FOUND_MESSAGE }: { message?: string }) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-widest text-stone-500 uppercase">Error 404</p>
      <h1 className="mt-2 text-2xl font-semibold text-stone-900">Page Not Found</h1>
      <p className="mt-3 max-w-xl text-sm text-stone-600">{message}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={adminPath("dashboard")} className={adminButtonClass("primary")}>
          Back to Dashboard
        </Link>
        <Link to={adminPath("products")} className={adminButtonClass("secondary")}>
          Products
        </Link>
      </div>
    </div>
  );
}

function ErrorPanel({ heading, retry = false, children }: { heading: string; retry?: boolean; children: ReactNode }) {
  const revalidator = useRevalidator();
  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">{heading}</h1>
      <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-sm text-red-800">
        {children}
        {retry ? (
          <AdminButton
            variant="secondary"
            className="mt-4"
            disabled={revalidator.state === "loading"}
            onClick={() => void revalidator.revalidate()}
          >
            <RefreshCw aria-hidden className="size-4" />
            Retry
          </AdminButton>
        ) : null}
      </div>
    </div>
  );
}
