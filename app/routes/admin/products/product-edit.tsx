import type { Route } from "./+types/product-edit";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return <ComingSoon title="Edit Product">Editing products in the wizard is being built.</ComingSoon>;
}

export const meta: Route.MetaFunction = () => [
  { title: "Edit Product · Admin" },
  { name: "robots", content: "noindex" },
];
