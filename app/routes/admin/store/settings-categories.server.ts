import { data, type RouterContextProvider } from "react-router";
import {
  CATEGORY_ADD_FAILED_MESSAGE,
  CATEGORY_DELETE_FAILED_MESSAGE,
  CATEGORY_UPDATE_FAILED_MESSAGE,
  categoryAddedMessage,
  categoryDeletedMessage,
  categoryUpdatedMessage,
  type CategoryAnswer,
  type CategoryIntent,
} from "../../../../core/category.ts";
import {
  addCategory,
  deleteCategory,
  listCategoriesForAdmin,
  updateCategory,
} from "../../../../server/catalog/category-editor.ts";
import type { SaveRefusal } from "../../../../server/catalog/product-editor.ts";
import { servicesContext, storeContext } from "../../../../server/context.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../../../../server/db/availability.ts";
import type { StoreScope } from "../../../../server/db/store-scope.ts";

// Settings › Categories: edit, delete with a replacement, add while fewer than four.

export async function loadCategorySettings(scope: StoreScope) {
  return listCategoriesForAdmin(scope);
}

export type CategorySettingsData = Awaited<ReturnType<typeof loadCategorySettings>>;

const FAILED: Record<CategoryIntent, string> = {
  "category:update": CATEGORY_UPDATE_FAILED_MESSAGE,
  "category:delete": CATEGORY_DELETE_FAILED_MESSAGE,
  "category:add": CATEGORY_ADD_FAILED_MESSAGE,
};

const isCategoryIntent = (intent: string): intent is CategoryIntent => intent in FAILED;

/** A text field of the form, or "" when absent (a file or a missing field names nothing). */
const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const categoryInput = (form: FormData) => ({
  name: field(form, "name"),
  slug: field(form, "slug"),
  description: field(form, "description"),
  imageUrl: field(form, "imageUrl"),
});

function refusal(intent: CategoryIntent, result: SaveRefusal) {
  // The toast says what failed and why; a "Category not found" says it all by itself.
  const error = result.status === 404 ? result.error : `${FAILED[intent]}: ${result.error}`;
  return data<CategoryAnswer>({ intent, ok: false, error, fieldErrors: result.fieldErrors }, { status: result.status });
}

export async function categorySettingsAction(context: Readonly<RouterContextProvider>, intent: string, form: FormData) {
  if (!isCategoryIntent(intent)) throw data("Unknown form", { status: 400 });
  const scope = context.get(storeContext);
  const { log } = context.get(servicesContext);
  const categoryId = field(form, "categoryId");
  try {
    if (intent === "category:update") {
      const result = await updateCategory(scope, categoryId, categoryInput(form));
      if (!result.ok) return refusal(intent, result);
      return data<CategoryAnswer>({ intent, ok: true, message: categoryUpdatedMessage(result.name) });
    }
    if (intent === "category:add") {
      const result = await addCategory(scope, categoryInput(form));
      if (!result.ok) return refusal(intent, result);
      return data<CategoryAnswer>({ intent, ok: true, message: categoryAddedMessage(result.name) });
    }
    const replacementId = field(form, "replacementId");
    const result = await deleteCategory(scope, categoryId, replacementId === "" ? null : replacementId);
    if (!result.ok) return refusal(intent, result);
    return data<CategoryAnswer>({ intent, ok: true, message: categoryDeletedMessage(result.name) });
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      return data<CategoryAnswer>(
        { intent, ok: false, error: SHOP_UNAVAILABLE_MESSAGE, fieldErrors: { form: SHOP_UNAVAILABLE_MESSAGE } },
        { status: 503 },
      );
    }
    log.error({ err: error, intent, categoryId }, "category change failed");
    return data<CategoryAnswer>(
      { intent, ok: false, error: `${FAILED[intent]}: Unknown error`, fieldErrors: {} },
      { status: 500 },
    );
  }
}
