import { data } from "react-router";
import type { Route } from "./+types/admin-not-found";
import { AdminNotFound } from "../../components/admin/admin-error-boundary.tsx";
import { adminMeta } from "./admin-pages.ts";

// Any path below /admin that names no page. It sits inside the protected layout, so only
// the signed-in owner sees this (with the sidebar); anyone else is sent to sign in first.
export function loader() {
  return data(null, { status: 404 });
}

export default function AdminNotFoundPage() {
  return <AdminNotFound />;
}

export const meta: Route.MetaFunction = () => adminMeta("not-found");
