import type { Route } from "./+types/order-list";
import { adminMeta } from "../admin-pages.ts";

export default function Page() {
  return <h1 className="text-2xl font-semibold text-stone-900">orders</h1>;
}

export const meta: Route.MetaFunction = () => adminMeta("orders");
