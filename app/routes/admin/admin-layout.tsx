import { data, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireStoreOwner } from "../../../server/auth/admin-guard.ts";
import { takeFlash } from "../../../server/auth/flash.ts";
import { adminContext, servicesContext } from "../../../server/context.ts";
import { AdminShell } from "../../components/admin/admin-shell.tsx";
import { useStoreName } from "../../components/admin/use-store-name.ts";
import { useToastOnce } from "../../components/admin/use-toast-once.ts";

// Every loader and action below this layout runs only after this check.
export const middleware: Route.MiddlewareFunction[] = [requireStoreOwner];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const { config } = context.get(servicesContext);
  const flash = takeFlash(request, config.secure);
  return data(
    { email: admin.email, notice: flash?.kind === "signed-in" ? flash.message : null },
    { headers: flash ? { "Set-Cookie": flash.clear } : {} },
  );
}

// Reloaded on every navigation, so the server checks the session each time the owner
// moves around the admin area, even to pages that load nothing else.
export function shouldRevalidate() {
  return true;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const storeName = useStoreName();
  useToastOnce(loaderData.notice ? { message: loaderData.notice, tone: "success" } : null);
  return (
    <AdminShell storeName={storeName} email={loaderData.email}>
      <Outlet />
    </AdminShell>
  );
}
