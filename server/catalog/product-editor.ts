import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_FABRIC_CODE, PRODUCT_SOURCE } from "../../core/constants.ts";
import { parseWith, type FormErrors } from "../../core/forms.ts";
import { firstImage } from "../../core/images.ts";
import {
  fabricOptionsToSave,
  IMAGE_SLOT_COUNT,
  INVALID_CATEGORY_MESSAGE,
  isProductAvailable,
  productSchema,
  REQUIRED_FIELDS_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type ProductInput,
  type ProductValues,
} from "../../core/product.ts";
import { isCleanText } from "../../core/text.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { categories, fabricLibrary, productFabrics, products } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { escapeLikePattern } from "./product-catalog.ts";

// The owner's side of the catalogue (SPEC §5 Wizard, §7 products and product fabrics):
// the product list, loading a product into the wizard, and saving it with its fabric
// options in one transaction. Every query is filtered by the scope's store.

export const PRODUCT_NOT_FOUND_MESSAGE = "Product not found";
export const LIBRARY_FABRIC_NOT_FOUND_MESSAGE = "Selected fabric not found";

/** One row of the owner's product table. */
export interface AdminProductRow {
  id: string;
  slug: string;
  name: string;
  categoryName: string;
  priceCents: number;
  /** The first non-blank default image, or null (a placeholder). */
  image: string | null;
  /** How many fabric options the product has, the automatic default option included. */
  fabricCount: number;
  available: boolean;
}

/** A product as the wizard edits it: its id plus exactly the values the save action accepts. */
export type EditableProduct = ProductInput & { id: string };

export type SaveResult =
  | { ok: true; id: string; slug: string }
  | { ok: false; status: 400 | 404 | 409; error: string; fieldErrors: FormErrors };

/** Anything shaped like a UUID; anything else names no row and must never reach a uuid column. */
const uuidShape = z.guid();
const isUuid = (value: string) => uuidShape.safeParse(value).success;

/**
 * The store's products, newest first, for the owner's table. `search` narrows them to
 * names holding it (case-insensitive; "%" and "_" match themselves).
 */
export async function listProductsForAdmin(
  scope: StoreScope,
  { search = "" }: { search?: string } = {},
): Promise<AdminProductRow[]> {
  const filters = [eq(products.tenantId, scope.tenantId)];
  // PostgreSQL text cannot hold NUL, and no product name holds a control character.
  const term = search
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .toLowerCase();
  if (term) filters.push(sql`lower(${products.name}) like ${`%${escapeLikePattern(term)}%`} escape '\\'`);
  const rows = await scope.db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      categoryName: categories.name,
      priceCents: products.priceCents,
      hasFabricSelection: products.hasFabricSelection,
      defaultImages: products.defaultImages,
      fabricCount: sql<number>`(select count(*) from ${productFabrics}
        where ${productFabrics.productId} = ${products.id} and ${productFabrics.tenantId} = ${products.tenantId})`.mapWith(
        Number,
      ),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...filters))
    .orderBy(desc(products.createdAt), asc(products.id));
  return rows.map(({ hasFabricSelection, defaultImages, ...row }) => ({
    ...row,
    image: firstImage(defaultImages),
    available: isProductAvailable({ hasFabricSelection, fabrics: Array.from({ length: row.fabricCount }) }),
  }));
}

/** Cents as the dollar text the wizard's price fields hold: 4550 → "45.50". */
const dollarText = (cents: number) => (cents / 100).toFixed(2);

/**
 * The option every product saved without chosen fabrics gets (SPEC §5 Default fabric).
 * Options the owner chooses always have a stored swatch, so a blank one marks it.
 */
const isAutomaticDefault = (option: { code: string; swatchUrl: string }) =>
  option.code === DEFAULT_FABRIC_CODE && option.swatchUrl === "";

/** A product of this store ready for the wizard; null when the store has no such product. */
export async function loadProductForEdit(scope: StoreScope, productId: string): Promise<EditableProduct | null> {
  if (!isUuid(productId)) return null;
  const [product] = await scope.db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.tenantId, scope.tenantId)));
  if (!product) return null;
  const options = product.hasFabricSelection
    ? await scope.db
        .select()
        .from(productFabrics)
        .where(and(eq(productFabrics.productId, product.id), eq(productFabrics.tenantId, scope.tenantId)))
        .orderBy(asc(productFabrics.sortOrder), asc(productFabrics.code))
    : [];
  const defaultImages = Array.from({ length: IMAGE_SLOT_COUNT }, (_, slot) => product.defaultImages[slot] ?? "");
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    categoryId: product.categoryId,
    price: dollarText(product.priceCents),
    description: product.description,
    defaultImages,
    hasFabricSelection: product.hasFabricSelection,
    fabrics: options
      .filter((option) => !isAutomaticDefault(option))
      .map((option) => ({
        code: option.code,
        label: option.label,
        swatchUrl: option.swatchUrl,
        upcharge: dollarText(option.upchargeCents),
        imgOverride: option.imgOverride,
        libraryFabricId: option.libraryFabricId,
      })),
  };
}

/** Whether another product of this store already uses the slug. */
export async function isSlugTaken(scope: StoreScope, slug: string, exceptProductId?: string): Promise<boolean> {
  if (!isCleanText(slug)) return false;
  const filters = [eq(products.tenantId, scope.tenantId), eq(products.slug, slug)];
  if (exceptProductId !== undefined && isUuid(exceptProductId)) filters.push(ne(products.id, exceptProductId));
  const [row] = await scope.db
    .select({ id: products.id })
    .from(products)
    .where(and(...filters))
    .limit(1);
  return row !== undefined;
}

const refused = (
  status: 400 | 404 | 409,
  error: string,
  fieldErrors: FormErrors = {},
): Extract<SaveResult, { ok: false }> => ({ ok: false, status, error, fieldErrors });

const slugTaken = () => refused(409, SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });

/**
 * Creates a product (no id) or updates this store's product `productId`, with its
 * fabric options replaced as a whole. Bad input is answered with field errors and
 * writes nothing; a failure part-way through writes nothing either (one transaction).
 */
export async function saveProduct(scope: StoreScope, input: unknown, productId?: string): Promise<SaveResult> {
  const parsed = parseWith(productSchema, input);
  if (!parsed.ok) return refused(400, Object.values(parsed.errors)[0] ?? REQUIRED_FIELDS_MESSAGE, parsed.errors);
  if (productId !== undefined && !isUuid(productId)) return refused(404, PRODUCT_NOT_FOUND_MESSAGE);
  const values = parsed.value;
  try {
    return await scope.db.transaction(async (tx) => {
      const txScope: StoreScope = { db: tx, tenantId: scope.tenantId };
      // The checks lock what they read, so a concurrent delete of the product, its
      // category or a library fabric waits for this save instead of breaking it.
      const problem = await checkReferences(txScope, values, productId);
      if (problem) return problem;
      if (await isSlugTaken(txScope, values.slug, productId)) return slugTaken();
      const id = await writeProduct(txScope, values, productId);
      return { ok: true as const, id, slug: values.slug };
    });
  } catch (error) {
    // Another save took the slug between our check and our write.
    if (isUniqueViolation(error, "products_tenant_slug")) return slugTaken();
    throw error;
  }
}

/** The product being updated, the category and the library fabrics must all be this store's. */
async function checkReferences(
  scope: StoreScope,
  values: ProductValues,
  productId: string | undefined,
): Promise<SaveResult | null> {
  const { db, tenantId } = scope;
  if (productId !== undefined) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.tenantId, tenantId)))
      .for("update");
    if (!product) return refused(404, PRODUCT_NOT_FOUND_MESSAGE);
  }

  const category = isUuid(values.categoryId)
    ? await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, values.categoryId), eq(categories.tenantId, tenantId)))
        .for("key share")
    : [];
  if (category.length === 0) return refused(400, INVALID_CATEGORY_MESSAGE, { categoryId: INVALID_CATEGORY_MESSAGE });

  const options = fabricOptionsToSave(values);
  const wanted = [...new Set(options.flatMap((option) => option.libraryFabricId ?? []))];
  if (wanted.length === 0) return null;
  const found = await db
    .select({ id: fabricLibrary.id })
    .from(fabricLibrary)
    .where(and(eq(fabricLibrary.tenantId, tenantId), inArray(fabricLibrary.id, wanted)))
    .for("key share");
  const known = new Set(found.map((row) => row.id));
  const fieldErrors: FormErrors = {};
  options.forEach((option, index) => {
    if (option.libraryFabricId !== null && !known.has(option.libraryFabricId))
      fieldErrors[`fabrics.${index}.libraryFabricId`] = LIBRARY_FABRIC_NOT_FOUND_MESSAGE;
  });
  return Object.keys(fieldErrors).length > 0 ? refused(400, LIBRARY_FABRIC_NOT_FOUND_MESSAGE, fieldErrors) : null;
}

/** Writes the product row and replaces its fabric options; answers the product's id. */
async function writeProduct(scope: StoreScope, values: ProductValues, productId: string | undefined): Promise<string> {
  const { db, tenantId } = scope;
  const fields = {
    slug: values.slug,
    name: values.name,
    description: values.description,
    priceCents: values.price,
    categoryId: values.categoryId,
    hasFabricSelection: values.hasFabricSelection,
    defaultImages: values.defaultImages,
  };
  const [row] =
    productId === undefined
      ? await db
          .insert(products)
          .values({ ...fields, tenantId, source: PRODUCT_SOURCE })
          .returning({ id: products.id })
      : await db
          .update(products)
          .set({ ...fields, updatedAt: new Date() })
          .where(and(eq(products.id, productId), eq(products.tenantId, tenantId)))
          .returning({ id: products.id });
  if (!row) throw new Error("Product write returned no row");

  await db
    .delete(productFabrics)
    .where(and(eq(productFabrics.productId, row.id), eq(productFabrics.tenantId, tenantId)));
  await db.insert(productFabrics).values(
    fabricOptionsToSave(values).map((option, index) => ({
      tenantId,
      productId: row.id,
      code: option.code,
      label: option.label,
      swatchUrl: option.swatchUrl,
      upchargeCents: option.upcharge,
      imgOverride: option.imgOverride,
      sortOrder: index,
      libraryFabricId: option.libraryFabricId,
    })),
  );
  return row.id;
}

/** Deletes this store's product and its fabric options; orders keep their snapshot. False when there is no such product. */
export async function deleteProduct(scope: StoreScope, productId: string): Promise<boolean> {
  if (!isUuid(productId)) return false;
  const deleted = await scope.db
    .delete(products)
    .where(and(eq(products.id, productId), eq(products.tenantId, scope.tenantId)))
    .returning({ id: products.id });
  return deleted.length > 0;
}
