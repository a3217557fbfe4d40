import type { Route } from "./+types/diagnostics";
import { adminMeta } from "../admin-pages.ts";
import { AdminErrorBoundary } from "../../../components/admin/admin-error-boundary.tsx";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return <ComingSoon title="Diagnostics">Checks of your sign-in and your store's products are being built.</ComingSoon>;
}

export const meta: Route.MetaFunction = () => adminMeta("diagnostics");

// Errors show inside the admin shell, with the sidebar still there.
export const ErrorBoundary = AdminErrorBoundary;
