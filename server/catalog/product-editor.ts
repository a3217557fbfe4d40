import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_FABRIC_CODE, PRODUCT_SOURCE } from "../../core/constants.ts";
import { parseWith, type FormErrors } from "../../core/forms.ts";
import { firstImage } from "../../core/images.ts";
import {
  fabricOptionsToSave,
  IMAGE_SLOT_COUNT,
  INVALID_CATEGORY_MESSAGE,
  newFabricOptionSchema,
  productSchema,
  REQUIRED_FIELDS_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type ProductInput,
  type ProductValues,
} from "../../core/product.ts";
import { isProductAvailable } from "../../core/product-availability.ts";
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

/** A refused save of the owner's forms: its status, the message and the first message per field. */
export interface SaveRefusal {
  ok: false;
  status: 400 | 404 | 409;
  error: string;
  fieldErrors: FormErrors;
}

export type SaveResult = { ok: true; id: string; slug: string } | SaveRefusal;

/** Anything shaped like a UUID; anything else names no row and must never reach a uuid column. */
const uuidShape = z.guid();
export const isUuid = (value: string) => uuidShape.safeParse(value).success;

/**
 * The store's products, newest first, for the owner's table. `search` narrows them to
 * names holding it (case-insensitive; "%" and "_" match themselves); `libraryFabricId`
 * to the products offering that library fabric.
 */
export async function listProductsForAdmin(
  scope: StoreScope,
  { search = "", libraryFabricId }: { search?: string; libraryFabricId?: string } = {},
): Promise<AdminProductRow[]> {
  if (libraryFabricId !== undefined && !isUuid(libraryFabricId)) return [];
  const filters = [eq(products.tenantId, scope.tenantId)];
  if (libraryFabricId !== undefined) {
    filters.push(sql`exists (select 1 from ${productFabrics} where ${productFabrics.productId} = ${products.id}
      and ${productFabrics.tenantId} = ${products.tenantId} and ${productFabrics.libraryFabricId} = ${libraryFabricId})`);
  }
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
      inStockCount: sql<number>`(select count(*) from ${productFabrics}
        where ${productFabrics.productId} = ${products.id} and ${productFabrics.tenantId} = ${products.tenantId}
        and ${productFabrics.inStock})`.mapWith(Number),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...filters))
    .orderBy(desc(products.createdAt), asc(products.id));
  return rows.map(({ hasFabricSelection, defaultImages, inStockCount, ...row }) => ({
    ...row,
    image: firstImage(defaultImages),
    available: isProductAvailable({
      hasFabricSelection,
      fabrics: Array.from({ length: row.fabricCount }, (_, index) => ({ inStock: index < inStockCount })),
    }),
  }));
}

/** Cents as the dollar text the wizard's price fields hold: 4550 → "45.50". */
export const dollarText = (cents: number) => (cents / 100).toFixed(2);

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

export const refused = (status: SaveRefusal["status"], error: string, fieldErrors: FormErrors = {}): SaveRefusal => ({
  ok: false,
  status,
  error,
  fieldErrors,
});

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
      const checked = await checkReferences(txScope, values, productId);
      if (!checked.ok) return checked;
      if (await isSlugTaken(txScope, values.slug, productId)) return slugTaken();
      const id = await writeProduct(txScope, values, productId, checked.library);
      return { ok: true as const, id, slug: values.slug };
    });
  } catch (error) {
    // Another save took the slug between our check and our write.
    if (isUniqueViolation(error, "products_tenant_slug")) return slugTaken();
    throw error;
  }
}

/** What a linked option takes from its library fabric when the product is saved. */
interface LinkedFabric {
  name: string;
  swatchUrl: string;
  priceCents: number;
  images: string[];
  inStock: boolean;
}

/**
 * The product being updated, the category and the library fabrics must all be this
 * store's, and codes new to the product must follow the code rule; answers the library
 * fabrics the options link to, by id.
 */
async function checkReferences(
  scope: StoreScope,
  values: ProductValues,
  productId: string | undefined,
): Promise<SaveRefusal | { ok: true; library: Map<string, LinkedFabric> }> {
  const { db, tenantId } = scope;
  // The library fabrics are locked first, as a library save or delete locks them before
  // the products it touches: the two wait for each other instead of deadlocking, and the
  // options take the library's latest values.
  const options = fabricOptionsToSave(values);
  const wanted = [...new Set(options.flatMap((option) => option.libraryFabricId ?? []))];
  const found =
    wanted.length === 0
      ? []
      : await db
          .select({
            id: fabricLibrary.id,
            code: fabricLibrary.code,
            name: fabricLibrary.name,
            swatchUrl: fabricLibrary.swatchUrl,
            priceCents: fabricLibrary.priceCents,
            images: fabricLibrary.images,
            inStock: fabricLibrary.inStock,
          })
          .from(fabricLibrary)
          .where(and(eq(fabricLibrary.tenantId, tenantId), inArray(fabricLibrary.id, wanted)))
          .orderBy(asc(fabricLibrary.id))
          .for("key share");
  const library = new Map(found.map(({ id, ...fabric }) => [id, fabric]));

  // Codes given before the code rule stay where they are: on the product's own options (as
  // the wizard loaded them) and on library fabrics. Any other code is new and must follow it.
  const givenCodes = new Set(found.map((fabric) => fabric.code));
  if (productId !== undefined) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.tenantId, tenantId)))
      .for("update");
    if (!product) return refused(404, PRODUCT_NOT_FOUND_MESSAGE);
    const stored = await db
      .select({ code: productFabrics.code, swatchUrl: productFabrics.swatchUrl })
      .from(productFabrics)
      .where(and(eq(productFabrics.productId, productId), eq(productFabrics.tenantId, tenantId)));
    for (const option of stored) if (!isAutomaticDefault(option)) givenCodes.add(option.code);
  }

  const category = isUuid(values.categoryId)
    ? await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, values.categoryId), eq(categories.tenantId, tenantId)))
        .for("key share")
    : [];
  if (category.length === 0) return refused(400, INVALID_CATEGORY_MESSAGE, { categoryId: INVALID_CATEGORY_MESSAGE });

  const fieldErrors: FormErrors = {};
  options.forEach((option, index) => {
    if (option.libraryFabricId !== null && !library.has(option.libraryFabricId))
      fieldErrors[`fabrics.${index}.libraryFabricId`] = LIBRARY_FABRIC_NOT_FOUND_MESSAGE;
    if (isAutomaticDefault(option) || givenCodes.has(option.code)) return;
    const code = newFabricOptionSchema.shape.code.safeParse(option.code);
    if (!code.success) fieldErrors[`fabrics.${index}.code`] = code.error.issues[0]?.message;
  });
  const firstError = Object.values(fieldErrors)[0];
  return firstError === undefined ? { ok: true, library } : refused(400, firstError, fieldErrors);
}

const sameImages = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((url, index) => url === b[index]);

/**
 * An option as stored. A linked option takes its name, swatch and stock from the library
 * (they are the library's alone); its upcharge and pictures are the product's own when
 * they differ from the library's, which is how the wizard sends a customisation.
 * Manual options are always in stock and entirely the product's own.
 */
function optionRow(option: ReturnType<typeof fabricOptionsToSave>[number], library: Map<string, LinkedFabric>) {
  const fabric = option.libraryFabricId === null ? undefined : library.get(option.libraryFabricId);
  if (!fabric) {
    return {
      code: option.code,
      label: option.label,
      swatchUrl: option.swatchUrl,
      upchargeCents: option.upcharge,
      imgOverride: option.imgOverride,
      libraryFabricId: null,
      inStock: true,
      upchargeCustom: false,
      imagesCustom: false,
    };
  }
  return {
    code: option.code,
    label: fabric.name,
    swatchUrl: fabric.swatchUrl,
    upchargeCents: option.upcharge,
    imgOverride: option.imgOverride,
    libraryFabricId: option.libraryFabricId,
    inStock: fabric.inStock,
    upchargeCustom: option.upcharge !== fabric.priceCents,
    imagesCustom: !sameImages(option.imgOverride, fabric.images),
  };
}

/** How many former slugs a product keeps leading to it: the latest. */
const FORMER_SLUGS_KEPT = 20;

/**
 * A product's former slugs once it takes `slug` (an update's SET): the slug it leaves
 * joins them, unless it stays; the slug it takes back leaves them.
 */
function formerSlugsAfter(slug: string) {
  const kept = sql`array_remove(${products.formerSlugs}, ${slug})`;
  return sql`case when ${products.slug} = ${slug} then ${kept}
    else (${kept} || ${products.slug})[greatest(1, cardinality(${kept}) + 2 - ${FORMER_SLUGS_KEPT}):] end`;
}

/** Writes the product row and replaces its fabric options; answers the product's id. */
async function writeProduct(
  scope: StoreScope,
  values: ProductValues,
  productId: string | undefined,
  library: Map<string, LinkedFabric>,
): Promise<string> {
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
          .set({ ...fields, formerSlugs: formerSlugsAfter(values.slug), updatedAt: new Date() })
          .where(and(eq(products.id, productId), eq(products.tenantId, tenantId)))
          .returning({ id: products.id });
  if (!row) throw new Error("Product write returned no row");
  // A slug the product takes no longer leads to any other product of the store.
  await db
    .update(products)
    .set({ formerSlugs: sql`array_remove(${products.formerSlugs}, ${values.slug})` })
    .where(
      and(
        eq(products.tenantId, tenantId),
        ne(products.id, row.id),
        sql`${products.formerSlugs} @> array[${values.slug}]::text[]`,
      ),
    );

  await db
    .delete(productFabrics)
    .where(and(eq(productFabrics.productId, row.id), eq(productFabrics.tenantId, tenantId)));
  await db.insert(productFabrics).values(
    fabricOptionsToSave(values).map((option, index) => ({
      ...optionRow(option, library),
      tenantId,
      productId: row.id,
      sortOrder: index,
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
