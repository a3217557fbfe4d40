import type { Route } from "./+types/fabric-edit";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return <ComingSoon title="Edit Fabric">Editing library fabrics is being built.</ComingSoon>;
}

export const meta: Route.MetaFunction = () => [
  { title: "Edit Fabric · Admin" },
  { name: "robots", content: "noindex" },
];
