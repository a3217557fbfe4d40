import type { Route } from "./+types/fabric-edit";
import { adminMeta } from "../admin-pages.ts";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return <ComingSoon title="Edit Fabric">Editing library fabrics is being built.</ComingSoon>;
}

export const meta: Route.MetaFunction = () => adminMeta("fabric-edit");
