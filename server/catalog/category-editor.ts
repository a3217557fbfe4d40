import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import {
  CATEGORY_LIMIT_MESSAGE,
  CATEGORY_NOT_FOUND_MESSAGE,
  CATEGORY_REPLACEMENT_MESSAGE,
  CATEGORY_SLUG_TAKEN_MESSAGE,
  categorySchema,
  LAST_CATEGORY_MESSAGE,
  MAX_CATEGORIES,
  type CategoryValues,
} from "../../core/category.ts";
import { parseWith } from "../../core/forms.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { categories, categoryRedirects, products } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { isUuid, refused, type SaveRefusal } from "./product-editor.ts";

// The owner's side of the store's categories (Settings › Categories; preface decision 5):
// edits, deletes that move products to a replacement, and additions while fewer than
// four exist. A category's former slugs are kept in category_redirects, pointing at the
// category itself, so old links follow every later rename in one step. Every query is
// filtered by the scope's store; every change runs in one transaction.

/** A category as the settings tab lists it. */
export interface AdminCategory {
  id: string;
  slug: string;
  name: string;
  description: string;
  imageUrl: string | null;
  /** How many of the store's products are in it. */
  productCount: number;
}

export type CategorySaveResult = { ok: true; id: string; name: string; slug: string } | SaveRefusal;
export type CategoryDeleteResult = { ok: true; name: string; movedProducts: number } | SaveRefusal;

const productCount = sql<number>`(select count(*) from ${products}
    where ${products.categoryId} = "categories"."id" and ${products.tenantId} = "categories"."tenant_id")`.mapWith(
  Number,
);

/** The store's categories in the navigation's order, with their product counts. */
export function listCategoriesForAdmin({ db, tenantId }: StoreScope): Promise<AdminCategory[]> {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      imageUrl: categories.imageUrl,
      productCount,
    })
    .from(categories)
    .where(eq(categories.tenantId, tenantId))
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
}

const notFound = () => refused(404, CATEGORY_NOT_FOUND_MESSAGE);
const slugTaken = () => refused(409, CATEGORY_SLUG_TAKEN_MESSAGE, { slug: CATEGORY_SLUG_TAKEN_MESSAGE });

/**
 * Serialises the changes to one store's category list: the count checked before an
 * addition stays true until it commits, so two additions at three categories cannot
 * both succeed.
 */
async function lockCategoryList({ db, tenantId }: StoreScope): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`categories:${tenantId}`}, 0))`);
}

async function isCategorySlugTaken({ db, tenantId }: StoreScope, slug: string, exceptId?: string): Promise<boolean> {
  const filters = [eq(categories.tenantId, tenantId), eq(categories.slug, slug)];
  if (exceptId) filters.push(ne(categories.id, exceptId));
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(...filters))
    .limit(1);
  return row !== undefined;
}

/** A live category takes its URL back from any redirect that used it. */
async function releaseRedirect({ db, tenantId }: StoreScope, slug: string): Promise<void> {
  await db
    .delete(categoryRedirects)
    .where(and(eq(categoryRedirects.tenantId, tenantId), eq(categoryRedirects.slug, slug)));
}

/** Links to /category/{slug} lead to `categoryId` from now on. */
async function recordRedirect({ db, tenantId }: StoreScope, slug: string, categoryId: string): Promise<void> {
  await db
    .insert(categoryRedirects)
    .values({ tenantId, slug, categoryId })
    .onConflictDoUpdate({
      target: [categoryRedirects.tenantId, categoryRedirects.slug],
      set: { categoryId, createdAt: new Date() },
    });
}

const categoryFields = (values: CategoryValues) => ({
  name: values.name,
  slug: values.slug,
  description: values.description,
  imageUrl: values.imageUrl === "" ? null : values.imageUrl,
});

/**
 * Updates this store's category `categoryId`. A new slug keeps the old one as a
 * redirect. Bad input is answered with field errors and writes nothing.
 */
export async function updateCategory(
  scope: StoreScope,
  categoryId: string,
  input: unknown,
): Promise<CategorySaveResult> {
  const parsed = parseWith(categorySchema, input);
  if (!parsed.ok) return refused(400, Object.values(parsed.errors)[0] ?? "Unknown request", parsed.errors);
  if (!isUuid(categoryId)) return notFound();
  const values = parsed.value;
  try {
    return await scope.db.transaction(async (tx) => {
      const txScope: StoreScope = { db: tx, tenantId: scope.tenantId };
      await lockCategoryList(txScope);
      const [stored] = await tx
        .select({ slug: categories.slug })
        .from(categories)
        .where(and(eq(categories.id, categoryId), eq(categories.tenantId, scope.tenantId)))
        .for("update");
      if (!stored) return notFound();
      if (stored.slug !== values.slug) {
        if (await isCategorySlugTaken(txScope, values.slug, categoryId)) return slugTaken();
        await releaseRedirect(txScope, values.slug);
        await recordRedirect(txScope, stored.slug, categoryId);
      }
      await tx
        .update(categories)
        .set({ ...categoryFields(values), updatedAt: new Date() })
        .where(and(eq(categories.id, categoryId), eq(categories.tenantId, scope.tenantId)));
      return { ok: true as const, id: categoryId, name: values.name, slug: values.slug };
    });
  } catch (error) {
    if (isUniqueViolation(error, "categories_tenant_slug")) return slugTaken();
    throw error;
  }
}

/**
 * Adds a category at the end of the navigation while the store has fewer than
 * MAX_CATEGORIES; the limit holds under concurrent additions.
 */
export async function addCategory(scope: StoreScope, input: unknown): Promise<CategorySaveResult> {
  const parsed = parseWith(categorySchema, input);
  if (!parsed.ok) return refused(400, Object.values(parsed.errors)[0] ?? "Unknown request", parsed.errors);
  const values = parsed.value;
  try {
    return await scope.db.transaction(async (tx) => {
      const txScope: StoreScope = { db: tx, tenantId: scope.tenantId };
      await lockCategoryList(txScope);
      const [stats] = await tx
        .select({ total: count(), lastSort: sql<number>`coalesce(max(${categories.sortOrder}), -1)`.mapWith(Number) })
        .from(categories)
        .where(eq(categories.tenantId, scope.tenantId));
      if ((stats?.total ?? 0) >= MAX_CATEGORIES) return refused(409, CATEGORY_LIMIT_MESSAGE);
      if (await isCategorySlugTaken(txScope, values.slug)) return slugTaken();
      await releaseRedirect(txScope, values.slug);
      const [row] = await tx
        .insert(categories)
        .values({ ...categoryFields(values), tenantId: scope.tenantId, sortOrder: (stats?.lastSort ?? -1) + 1 })
        .returning({ id: categories.id });
      if (!row) throw new Error("Category insert returned no row");
      return { ok: true as const, id: row.id, name: values.name, slug: values.slug };
    });
  } catch (error) {
    if (isUniqueViolation(error, "categories_tenant_slug")) return slugTaken();
    throw error;
  }
}

/**
 * Deletes this store's category `categoryId`. Its products move to `replacementId`
 * (required when it has any), and its slugs, former ones included, then lead there; all
 * in one transaction. The last category stays: products need one.
 */
export async function deleteCategory(
  scope: StoreScope,
  categoryId: string,
  replacementId: string | null,
): Promise<CategoryDeleteResult> {
  if (!isUuid(categoryId)) return notFound();
  if (replacementId !== null && !isUuid(replacementId)) return notFound();
  const { tenantId } = scope;
  return scope.db.transaction(async (tx) => {
    const txScope: StoreScope = { db: tx, tenantId };
    await lockCategoryList(txScope);
    // Locked, so a product saved into it meanwhile waits and then finds it gone.
    const rows = await tx
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .where(eq(categories.tenantId, tenantId))
      .for("update");
    const target = rows.find((row) => row.id === categoryId);
    if (!target) return notFound();
    if (rows.length <= 1) return refused(409, LAST_CATEGORY_MESSAGE);
    if (replacementId === categoryId) {
      return refused(400, CATEGORY_REPLACEMENT_MESSAGE, { replacementId: CATEGORY_REPLACEMENT_MESSAGE });
    }
    if (replacementId !== null && !rows.some((row) => row.id === replacementId)) return notFound();

    const inTarget = and(eq(products.tenantId, tenantId), eq(products.categoryId, categoryId));
    const [held] = await tx.select({ total: count() }).from(products).where(inTarget);
    const productTotal = held?.total ?? 0;
    if (productTotal > 0 && replacementId === null) {
      return refused(400, CATEGORY_REPLACEMENT_MESSAGE, { replacementId: CATEGORY_REPLACEMENT_MESSAGE });
    }
    let moved = 0;
    if (replacementId !== null) {
      const movedRows = await tx
        .update(products)
        .set({ categoryId: replacementId, updatedAt: new Date() })
        .where(inTarget)
        .returning({ id: products.id });
      moved = movedRows.length;
      // The category's own slug and its former ones now lead to the replacement.
      await tx
        .update(categoryRedirects)
        .set({ categoryId: replacementId })
        .where(and(eq(categoryRedirects.tenantId, tenantId), eq(categoryRedirects.categoryId, categoryId)));
      await recordRedirect(txScope, target.slug, replacementId);
    }
    await tx.delete(categories).where(and(eq(categories.id, categoryId), eq(categories.tenantId, tenantId)));
    return { ok: true as const, name: target.name, movedProducts: moved };
  });
}
