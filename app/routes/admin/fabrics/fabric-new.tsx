import type { Route } from "./+types/fabric-new";
import { adminMeta } from "../admin-pages.ts";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return <ComingSoon title="Add Fabric">Adding fabrics to the library is being built.</ComingSoon>;
}

export const meta: Route.MetaFunction = () => adminMeta("fabric-new");
