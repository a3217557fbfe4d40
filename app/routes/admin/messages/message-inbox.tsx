import type { Route } from "./+types/message-inbox";
import { adminMeta } from "../admin-pages.ts";

export default function Page() {
  return <h1 className="text-2xl font-semibold text-stone-900">messages</h1>;
}

export const meta: Route.MetaFunction = () => adminMeta("messages");
