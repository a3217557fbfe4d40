import type { Route } from "./+types/product-new";
import { ProductWizard } from "../../../components/admin/product-wizard/product-wizard.tsx";
import { adminMeta } from "../admin-pages.ts";
import { loadWizard, productEditorAction } from "./product-editor.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadWizard(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return productEditorAction(request, context);
}

export default function NewProduct({ loaderData }: Route.ComponentProps) {
  return <ProductWizard mode="create" {...loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("product-new");
