import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  FABRIC_COLORS,
  FABRIC_NOT_FOUND_MESSAGE,
  FABRIC_REQUIRED_MESSAGE,
  fabricSchema,
  savedFabricSchema,
  type FabricColor,
  type FabricInput,
  type FabricValues,
} from "../../core/fabric.ts";
import { parseWith } from "../../core/forms.ts";
import { fabricCodeTakenMessage } from "../../core/product.ts";
import { isCleanText } from "../../core/text.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { fabricLibrary, productFabrics, products } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { dollarText, isUuid, refused, type SaveRefusal } from "./product-editor.ts";

// The store's fabric library (SPEC §2 Fabric library and form pages, §3, §5 Fabric save):
// one place for every fabric. Product options added from the library stay linked to it,
// and every library save reaches them in the same transaction: name, swatch and stock
// always; price and pictures unless the product set its own. Every query is filtered by
// the scope's store.

/** A fabric of the store's library (SPEC §3 Fabric library item), as the owner's pages show it. */
export interface LibraryFabric {
  id: string;
  code: string;
  name: string;
  description: string;
  color: string;
  customColor: string;
  priceCents: number;
  swatchUrl: string;
  inStock: boolean;
  images: string[];
  sortOrder: number;
  /** How many of the store's products offer this fabric through a linked option. */
  productCount: number;
}

/** A fabric as the form edits it: its id plus exactly the values the save accepts. */
export type EditableFabric = FabricInput & { id: string };

export type FabricSaveResult = { ok: true; id: string } | SaveRefusal;

export type FabricDeleteResult = { ok: true; removedOptions: number; name: string } | { ok: false };

/**
 * A saved fabric keeps its code: carts, product options and order snapshots name the
 * fabric by it, so a changed code would strand them.
 */
export const FABRIC_CODE_FIXED_MESSAGE = "A fabric's code cannot be changed once it is added";

/** The library's table is missing: the server's migrations were not applied (SPEC §2 'Fabric Library Setup Required'). */
export class FabricLibraryMissingError extends Error {
  override name = "FabricLibraryMissingError";
  constructor(cause: unknown) {
    super("The fabric library's table does not exist; apply the database migrations", { cause });
  }
}

/** Whether an error (or its cause chain) means the library cannot be read because its table is missing (SQLSTATE 42P01). */
export function isLibraryMissing(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 10; depth++) {
    if (current instanceof FabricLibraryMissingError) return true;
    if ((current as { code?: unknown }).code === "42P01") return true;
    current = current.cause;
  }
  return false;
}

/** Runs a read of the library, telling a missing table apart from other failures. */
async function readingLibrary<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isLibraryMissing(error)) throw new FabricLibraryMissingError(error);
    throw error;
  }
}

/**
 * Products of this store offering the listed fabric through a linked option, counted
 * once each. The outer columns are named with their table: a query without joins
 * leaves drizzle's column names bare, and inside this subquery a bare "id" would be
 * the option's.
 */
const productCount = sql<number>`(select count(distinct ${productFabrics.productId}) from ${productFabrics}
    where ${productFabrics.libraryFabricId} = "fabric_library"."id"
    and ${productFabrics.tenantId} = "fabric_library"."tenant_id")`.mapWith(Number);

/** The store's fabric library, lower sort order first, then by name (the library page and the wizard's picker). */
export function listLibraryFabrics(scope: StoreScope): Promise<LibraryFabric[]> {
  return readingLibrary(() =>
    scope.db
      .select({
        id: fabricLibrary.id,
        code: fabricLibrary.code,
        name: fabricLibrary.name,
        description: fabricLibrary.description,
        color: fabricLibrary.color,
        customColor: fabricLibrary.customColor,
        priceCents: fabricLibrary.priceCents,
        swatchUrl: fabricLibrary.swatchUrl,
        inStock: fabricLibrary.inStock,
        images: fabricLibrary.images,
        sortOrder: fabricLibrary.sortOrder,
        productCount,
      })
      .from(fabricLibrary)
      .where(eq(fabricLibrary.tenantId, scope.tenantId))
      .orderBy(asc(fabricLibrary.sortOrder), asc(fabricLibrary.name), asc(fabricLibrary.id)),
  );
}

const isFabricColor = (color: string): color is FabricColor => (FABRIC_COLORS as readonly string[]).includes(color);

/** A fabric of this store ready for the form; null when the store has no such fabric. */
export async function loadFabricForEdit(scope: StoreScope, fabricId: string): Promise<EditableFabric | null> {
  if (!isUuid(fabricId)) return null;
  const [fabric] = await readingLibrary(() =>
    scope.db
      .select()
      .from(fabricLibrary)
      .where(and(eq(fabricLibrary.id, fabricId), eq(fabricLibrary.tenantId, scope.tenantId))),
  );
  if (!fabric) return null;
  return {
    id: fabric.id,
    name: fabric.name,
    code: fabric.code,
    description: fabric.description,
    // A colour outside the list (written by other means) shows as "multi" until the owner picks one.
    color: isFabricColor(fabric.color) ? fabric.color : "multi",
    customColor: fabric.customColor,
    price: dollarText(fabric.priceCents),
    swatchUrl: fabric.swatchUrl,
    images: fabric.images,
    inStock: fabric.inStock,
    sortOrder: String(fabric.sortOrder),
  };
}

/** Whether another fabric of this store has the code, whatever its case. */
export async function isFabricCodeTaken(scope: StoreScope, code: string, exceptFabricId?: string): Promise<boolean> {
  if (!isCleanText(code)) return false;
  const filters = [eq(fabricLibrary.tenantId, scope.tenantId), sql`lower(${fabricLibrary.code}) = lower(${code})`];
  if (exceptFabricId !== undefined && isUuid(exceptFabricId)) filters.push(ne(fabricLibrary.id, exceptFabricId));
  const [row] = await scope.db
    .select({ id: fabricLibrary.id })
    .from(fabricLibrary)
    .where(and(...filters))
    .limit(1);
  return row !== undefined;
}

const REQUIRED_FIELDS = ["name", "code", "swatchUrl"] as const;

/** SPEC §5: a fabric without a name, code or swatch is refused with one message, whatever each field says. */
function missesRequired(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return true;
  const fields = input as Record<string, unknown>;
  return REQUIRED_FIELDS.some((field) => {
    const value = fields[field];
    return typeof value !== "string" || value.trim() === "";
  });
}

const codeTaken = (code: string) => refused(409, fabricCodeTakenMessage(code), { code: fabricCodeTakenMessage(code) });

/**
 * Adds a fabric (no id) or updates this store's fabric `fabricId` and, in the same
 * transaction, every product option linked to it. Bad input is answered with field
 * errors and writes nothing; a failure part-way through writes nothing either.
 *
 * A new fabric's code follows the code rule. A saved fabric's code cannot change (the
 * form's generate button is disabled when editing): a different code is refused on the
 * `code` field, and its own is kept even if it predates the rule.
 */
export async function saveFabric(
  scope: StoreScope,
  input: unknown,
  fabricId?: string | null,
): Promise<FabricSaveResult> {
  const id = fabricId ?? undefined;
  const parsed = parseWith(id === undefined ? fabricSchema : savedFabricSchema, input);
  if (!parsed.ok) {
    const error = missesRequired(input) ? FABRIC_REQUIRED_MESSAGE : Object.values(parsed.errors)[0];
    return refused(400, error ?? FABRIC_REQUIRED_MESSAGE, parsed.errors);
  }
  if (id !== undefined && !isUuid(id)) return refused(404, FABRIC_NOT_FOUND_MESSAGE);
  const values = parsed.value;
  try {
    return await scope.db.transaction(async (tx) => {
      const txScope: StoreScope = { db: tx, tenantId: scope.tenantId };
      if (id === undefined) {
        // The unique index compares codes as typed; this lock makes additions of the same
        // code in any case wait for each other, so the check below sees the other's result.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`fabric-code:${scope.tenantId}:${values.code.toLowerCase()}`}, 0))`,
        );
        if (await isFabricCodeTaken(txScope, values.code)) return codeTaken(values.code);
        return { ok: true as const, id: await insertFabric(txScope, values) };
      }
      // An update keeps the code the fabric was added with: nothing new to check for it.
      const [stored] = await tx
        .select({ code: fabricLibrary.code })
        .from(fabricLibrary)
        .where(and(eq(fabricLibrary.id, id), eq(fabricLibrary.tenantId, scope.tenantId)))
        .for("update");
      if (!stored) return refused(404, FABRIC_NOT_FOUND_MESSAGE);
      if (stored.code !== values.code)
        return refused(400, FABRIC_CODE_FIXED_MESSAGE, { code: FABRIC_CODE_FIXED_MESSAGE });
      return { ok: true as const, id: await updateFabric(txScope, values, id) };
    });
  } catch (error) {
    // Another save took the code between our check and our write.
    if (isUniqueViolation(error, "fabric_library_tenant_code")) return codeTaken(values.code);
    throw error;
  }
}

const libraryFields = (values: FabricValues) => ({
  name: values.name,
  description: values.description,
  color: values.color,
  customColor: values.customColor,
  priceCents: values.price,
  swatchUrl: values.swatchUrl,
  inStock: values.inStock,
  sortOrder: values.sortOrder,
  images: values.images,
});

async function insertFabric(scope: StoreScope, values: FabricValues): Promise<string> {
  const [row] = await scope.db
    .insert(fabricLibrary)
    .values({ ...libraryFields(values), tenantId: scope.tenantId, code: values.code })
    .returning({ id: fabricLibrary.id });
  if (!row) throw new Error("Fabric insert returned no row");
  return row.id;
}

/** Updates the library row and every product option linked to it; the products count as changed. */
async function updateFabric(scope: StoreScope, values: FabricValues, fabricId: string): Promise<string> {
  const { db, tenantId } = scope;
  const now = new Date();
  await db
    .update(fabricLibrary)
    .set({ ...libraryFields(values), updatedAt: now })
    .where(and(eq(fabricLibrary.id, fabricId), eq(fabricLibrary.tenantId, tenantId)));

  const linked = and(eq(productFabrics.libraryFabricId, fabricId), eq(productFabrics.tenantId, tenantId));
  // Name, swatch and stock are the library's alone; price and pictures unless the product set its own.
  const options = await db
    .update(productFabrics)
    .set({ label: values.name, swatchUrl: values.swatchUrl, inStock: values.inStock })
    .where(linked)
    .returning({ productId: productFabrics.productId });
  await db
    .update(productFabrics)
    .set({ upchargeCents: values.price })
    .where(and(linked, eq(productFabrics.upchargeCustom, false)));
  await db
    .update(productFabrics)
    .set({ imgOverride: values.images })
    .where(and(linked, eq(productFabrics.imagesCustom, false)));

  const productIds = [...new Set(options.map((option) => option.productId))];
  if (productIds.length > 0) {
    await db
      .update(products)
      .set({ updatedAt: now })
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds)));
  }
  return fabricId;
}

/**
 * Deletes this store's fabric and the product options linked to it (the foreign key
 * alone would only unlink them), in one transaction. Orders keep their snapshot: order
 * items copy the fabric's code and label and reference no fabric.
 */
export async function deleteFabric(scope: StoreScope, fabricId: string): Promise<FabricDeleteResult> {
  if (!isUuid(fabricId)) return { ok: false };
  return scope.db.transaction(async (tx) => {
    const [fabric] = await tx
      .select({ name: fabricLibrary.name })
      .from(fabricLibrary)
      .where(and(eq(fabricLibrary.id, fabricId), eq(fabricLibrary.tenantId, scope.tenantId)))
      .for("update");
    if (!fabric) return { ok: false as const };
    const removed = await tx
      .delete(productFabrics)
      .where(and(eq(productFabrics.libraryFabricId, fabricId), eq(productFabrics.tenantId, scope.tenantId)))
      .returning({ productId: productFabrics.productId });
    const productIds = [...new Set(removed.map((option) => option.productId))];
    if (productIds.length > 0) {
      await tx
        .update(products)
        .set({ updatedAt: new Date() })
        .where(and(eq(products.tenantId, scope.tenantId), inArray(products.id, productIds)));
    }
    await tx
      .delete(fabricLibrary)
      .where(and(eq(fabricLibrary.id, fabricId), eq(fabricLibrary.tenantId, scope.tenantId)));
    return { ok: true as const, removedOptions: removed.length, name: fabric.name };
  });
}
