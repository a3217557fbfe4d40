import type { Route } from "./+types/fabric-new";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return <ComingSoon title="Add Fabric">Adding fabrics to the library is being built.</ComingSoon>;
}

export const meta: Route.MetaFunction = () => [{ title: "Add Fabric · Admin" }, { name: "robots", content: "noindex" }];
