import type { Route } from "./+types/fabric-new";
import { FabricFormPage } from "../../../components/admin/fabric-form/fabric-form-page.tsx";
import { adminMeta } from "../admin-pages.ts";
import { fabricEditorAction, loadFabricEditor } from "./fabric-editor.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadFabricEditor(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return fabricEditorAction(request, context, { fabricId: null });
}

export default function NewFabric({ loaderData }: Route.ComponentProps) {
  return <FabricFormPage mode="create" {...loaderData} />;
}

export const meta: Route.MetaFunction = () => adminMeta("fabric-new");
