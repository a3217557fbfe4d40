import type { Route } from "./+types/product-edit";
import { ProductWizard } from "../../../components/admin/product-wizard/product-wizard.tsx";
import { adminMeta } from "../admin-pages.ts";
import { loadWizard, productEditorAction } from "./product-editor.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadWizard(context, params.productId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return productEditorAction(request, context, params.productId);
}

export default function EditProduct({ loaderData, params }: Route.ComponentProps) {
  // Keyed by product: moving from one product's editor to another's starts afresh.
  return <ProductWizard key={params.productId} mode="edit" {...loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("product-edit");
