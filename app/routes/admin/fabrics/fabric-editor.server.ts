import { data, redirect, type RouterContextProvider } from "react-router";
import {
  fabricDeleteFailedMessage,
  fabricRequestSchema,
  fabricSaveFailedMessage,
  newFabricInput,
  type FabricEditorAnswer,
  type FabricInput,
} from "../../../../core/fabric.ts";
import { parseWith } from "../../../../core/forms.ts";
import { setFlash, type FlashKind } from "../../../../server/auth/flash.ts";
import { deleteFabric, loadFabricForEdit, saveFabric } from "../../../../server/catalog/fabric-library.ts";
import { servicesContext, storeContext } from "../../../../server/context.ts";
import { isDatabaseUnavailable } from "../../../../server/db/availability.ts";
import { readJson } from "../../../../server/http/request-body.ts";
import { adminPath } from "../admin-pages.ts";

// The fabric form's server half, shared by /admin/fabrics/new, /admin/fabrics/edit/:id and
// the library page's dialog (which saves and deletes through the library's own action).

/** Back to the library with one of the spec's notices. */
function toLibrary(context: Readonly<RouterContextProvider>, notice: FlashKind): Response {
  const { config } = context.get(servicesContext);
  return redirect(adminPath("fabrics"), { headers: { "Set-Cookie": setFlash(notice, config.secure) } });
}

/** The values the form starts from: a new fabric (sort order 0 on the page), or the stored one. */
export async function loadFabricEditor(
  context: Readonly<RouterContextProvider>,
  fabricId?: string,
): Promise<{ initial: FabricInput; fabricId: string | null }> {
  if (fabricId === undefined) return { initial: newFabricInput(0), fabricId: null };
  const fabric = await loadFabricForEdit(context.get(storeContext), fabricId);
  // SPEC §4: an unknown fabric is reported and the owner goes back to the library.
  if (!fabric) throw toLibrary(context, "fabric-not-found");
  const { id, ...initial } = fabric;
  return { initial, fabricId: id };
}

/**
 * Saves or deletes a fabric and returns to the library with the spec's notice; a refused
 * save answers its message and field errors. On the form pages the URL names the fabric
 * (`page.fabricId`, null on the new page) and the body's id is ignored; the library page
 * passes no `page` and the body names it.
 */
export async function fabricEditorAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  page?: { fabricId: string | null },
) {
  const scope = context.get(storeContext);
  const { log } = context.get(servicesContext);
  const parsed = parseWith(fabricRequestSchema, await readJson(request));
  if (!parsed.ok) {
    const reason = parsed.errors.form ?? parsed.errors.intent ?? parsed.errors.fabricId ?? "Unknown request";
    return data<FabricEditorAnswer>(
      { intent: "save", error: fabricSaveFailedMessage(Boolean(page?.fabricId), reason), fieldErrors: {} },
      { status: 400 },
    );
  }
  const body = parsed.value;
  const fabricId = page ? page.fabricId : body.fabricId;

  if (body.intent === "delete") {
    if (!fabricId) {
      return data<FabricEditorAnswer>(
        { intent: "delete", error: fabricDeleteFailedMessage("Unknown request") },
        { status: 400 },
      );
    }
    try {
      const result = await deleteFabric(scope, fabricId);
      if (result.ok) throw toLibrary(context, "fabric-deleted");
      return data<FabricEditorAnswer>(
        { intent: "delete", error: fabricDeleteFailedMessage("Fabric not found") },
        { status: 404 },
      );
    } catch (error) {
      if (error instanceof Response || isDatabaseUnavailable(error)) throw error;
      log.error({ err: error, fabricId }, "fabric delete failed");
      return data<FabricEditorAnswer>(
        { intent: "delete", error: fabricDeleteFailedMessage("Unknown error") },
        { status: 500 },
      );
    }
  }

  const editing = Boolean(fabricId);
  try {
    const result = await saveFabric(scope, body.fabric, fabricId);
    if (result.ok) throw toLibrary(context, editing ? "fabric-updated" : "fabric-added");
    if (result.status === 404) throw toLibrary(context, "fabric-not-found");
    return data<FabricEditorAnswer>(
      { intent: "save", error: fabricSaveFailedMessage(editing, result.error), fieldErrors: result.fieldErrors },
      { status: result.status },
    );
  } catch (error) {
    // Redirects and outages (a 503 page) pass through; anything else is reported on the form.
    if (error instanceof Response || isDatabaseUnavailable(error)) throw error;
    log.error({ err: error, fabricId }, "fabric save failed");
    return data<FabricEditorAnswer>(
      { intent: "save", error: fabricSaveFailedMessage(editing, "Unknown error"), fieldErrors: {} },
      { status: 500 },
    );
  }
}
