import { data, redirect, type RouterContextProvider } from "react-router";
import { parseWith } from "../../../../core/forms.ts";
import {
  GENERIC_PRODUCT_DESCRIPTION,
  productEditorRequestSchema,
  productSaveFailedMessage,
  type ProductEditorAnswer,
  type ProductInput,
} from "../../../../core/product.ts";
import { setFlash } from "../../../../server/auth/flash.ts";
import { listCategories } from "../../../../server/catalog/categories.ts";
import { listLibraryFabrics } from "../../../../server/catalog/fabric-library.ts";
import { isSlugTaken, loadProductForEdit, saveProduct } from "../../../../server/catalog/product-editor.ts";
import { getStoreSettings } from "../../../../server/catalog/store-settings.ts";
import { servicesContext, storeContext } from "../../../../server/context.ts";
import { isDatabaseUnavailable } from "../../../../server/db/availability.ts";
import { readJson } from "../../../../server/http/request-body.ts";
import { adminPath } from "../admin-pages.ts";

// The wizard's server half, shared by /admin/products/new and /admin/products/edit/:id.

/** What the wizard starts from: the store's categories and fabric library, and the product's values. */
export async function loadWizard(context: Readonly<RouterContextProvider>, productId?: string) {
  const scope = context.get(storeContext);
  const { config } = context.get(servicesContext);
  const [categories, library, product, settings] = await Promise.all([
    listCategories(scope),
    listLibraryFabrics(scope),
    productId ? loadProductForEdit(scope, productId) : null,
    productId ? null : getStoreSettings(scope),
  ]);
  if (productId && !product) {
    // SPEC §4: an unknown product is reported and the owner goes back to the list.
    throw redirect(adminPath("products"), { headers: { "Set-Cookie": setFlash("product-not-found", config.secure) } });
  }
  const initial: ProductInput = product ?? {
    name: "",
    slug: "",
    categoryId: categories[0]?.id ?? "",
    price: "",
    description: settings?.defaultProductDescription.trim() || GENERIC_PRODUCT_DESCRIPTION,
    defaultImages: ["", "", ""],
    hasFabricSelection: true,
    fabrics: [],
  };
  return {
    categories: categories.map(({ id, name }) => ({ id, name })),
    library: library.map((fabric) => ({
      id: fabric.id,
      code: fabric.code,
      name: fabric.name,
      color: fabric.color,
      priceCents: fabric.priceCents,
      swatchUrl: fabric.swatchUrl,
      images: fabric.images,
      inStock: fabric.inStock,
    })),
    initial,
  };
}

/** Checks a slug, or saves the product and returns to the list with the spec's notice. */
export async function productEditorAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  productId?: string,
) {
  const scope = context.get(storeContext);
  const { config, log } = context.get(servicesContext);
  const editing = productId !== undefined;
  const parsed = parseWith(productEditorRequestSchema, await readJson(request));
  if (!parsed.ok) {
    const error = productSaveFailedMessage(editing, parsed.errors.form ?? parsed.errors.intent ?? "Unknown request");
    return data<ProductEditorAnswer>({ intent: "save", error, fieldErrors: {} }, { status: 400 });
  }
  const body = parsed.value;
  if (body.intent === "check-slug") {
    return data<ProductEditorAnswer>({ intent: "check-slug", taken: await isSlugTaken(scope, body.slug, productId) });
  }
  try {
    const result = await saveProduct(scope, body.product, productId);
    if (result.ok) {
      throw redirect(adminPath("products"), {
        headers: { "Set-Cookie": setFlash(editing ? "product-updated" : "product-created", config.secure) },
      });
    }
    if (result.status === 404) {
      throw redirect(adminPath("products"), {
        headers: { "Set-Cookie": setFlash("product-not-found", config.secure) },
      });
    }
    return data<ProductEditorAnswer>(
      { intent: "save", error: productSaveFailedMessage(editing, result.error), fieldErrors: result.fieldErrors },
      { status: result.status },
    );
  } catch (error) {
    // Redirects and outages (a 503 page) pass through; anything else is reported on the form.
    if (error instanceof Response || isDatabaseUnavailable(error)) throw error;
    log.error({ err: error, productId }, "product save failed");
    return data<ProductEditorAnswer>(
      { intent: "save", error: productSaveFailedMessage(editing, "Unknown error"), fieldErrors: {} },
      { status: 500 },
    );
  }
}
