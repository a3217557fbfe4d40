import type { Route } from "./+types/product-new";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return (
    <ComingSoon title="Add New Product">
      The product wizard (basic information, pictures and fabric options) is being built.
    </ComingSoon>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Add New Product · Admin" },
  { name: "robots", content: "noindex" },
];
