import type { Route } from "./+types/fabric-edit";
import { FabricFormPage } from "../../../components/admin/fabric-form/fabric-form-page.tsx";
import { adminMeta } from "../admin-pages.ts";
import { fabricEditorAction, loadFabricEditor } from "./fabric-editor.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadFabricEditor(context, params.fabricId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return fabricEditorAction(request, context, { fabricId: params.fabricId });
}

export default function EditFabric({ loaderData, params }: Route.ComponentProps) {
  // Keyed by fabric: moving from one fabric's form to another's starts afresh.
  return <FabricFormPage key={params.fabricId} mode="edit" {...loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("fabric-edit");
