import { data, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin-layout";
import { requireStoreOwner } from "../../../server/auth/admin-guard.ts";
import { takeFlash } from "../../../server/auth/flash.ts";
import { loadSidebarCounts, type SidebarCounts } from "../../../server/admin-attention.ts";
import { adminContext, servicesContext, storeContext } from "../../../server/context.ts";
import { AdminErrorPanel } from "../../components/admin/admin-error-boundary.tsx";
import { AdminShell } from "../../components/admin/admin-shell.tsx";
import { useStoreName } from "../../components/admin/use-store-name.ts";
import { useFlashNotice } from "../../lib/notify.ts";
import { PROTECTED_LAYOUT_ID } from "./admin-pages.ts";

// Every loader and action below this layout runs only after this check.
export const middleware: Route.MiddlewareFunction[] = [requireStoreOwner];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const { config, log } = context.get(servicesContext);
  // A notice a redirect carried here ("Product deleted successfully"): taken once, shown once.
  const flash = takeFlash(request, config.secure);
  // The sidebar's counts are a courtesy: a page still opens, without them, if they cannot be read.
  const counts: SidebarCounts | null = await loadSidebarCounts(context.get(storeContext)).catch((error: unknown) => {
    log.error({ err: error }, "sidebar counts failed");
    return null;
  });
  return data(
    { email: admin.email, notice: flash?.notice ?? null, counts },
    { headers: flash ? { "Set-Cookie": flash.clear } : {} },
  );
}

// Reloaded on every navigation, so the server checks the session each time the owner
// moves around the admin area, even to pages that load nothing else, a notice set by an
// action's redirect is picked up, and the sidebar's counts follow what she just did.
export function shouldRevalidate() {
  return true;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const storeName = useStoreName();
  useFlashNotice(loaderData.notice);
  return (
    <AdminShell storeName={storeName} email={loaderData.email} counts={loaderData.counts}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * Errors no page below handled. With the owner known (a page's loader failed) they show
 * inside the admin shell; without (the check itself refused, e.g. a cross-site post), alone.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const storeName = useStoreName();
  const layout = useRouteLoaderData<typeof loader>(PROTECTED_LAYOUT_ID);
  if (!layout) {
    return (
      <main className="mx-auto max-w-2xl px-6 py-16">
        <AdminErrorPanel error={error} />
      </main>
    );
  }
  return (
    <AdminShell storeName={storeName} email={layout.email} counts={layout.counts}>
      <AdminErrorPanel error={error} />
    </AdminShell>
  );
}
