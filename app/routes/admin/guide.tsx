import type { Route } from "./+types/guide";
import { adminMeta } from "./admin-pages.ts";
import { ComingSoon } from "../../components/admin/coming-soon.tsx";

export default function Page() {
  return (
    <ComingSoon title="Admin Guide">A guide to running your store from this admin area is being written.</ComingSoon>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("guide");
