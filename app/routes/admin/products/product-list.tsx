import type { Route } from "./+types/product-list";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return (
    <ComingSoon title="Products">
      The product list, with pictures, prices and quick edit and delete, is being built.
    </ComingSoon>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Products · Admin" }, { name: "robots", content: "noindex" }];
