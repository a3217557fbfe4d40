import { and, asc, eq, sql } from "drizzle-orm";
import { isSlug } from "../../core/slug.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { categories, categoryRedirects, products } from "../db/schema.ts";

export interface CategorySummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  imageUrl: string | null;
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  imageUrl: categories.imageUrl,
};

/**
 * The store's categories in the owner's order (the header, footer and home tiles use it).
 * Read on every page, so a storefront request takes them from the scope's memo when it has one.
 */
export async function listCategories({ db, tenantId, memo }: StoreScope): Promise<CategorySummary[]> {
  const read = () =>
    db
      .select(categoryColumns)
      .from(categories)
      .where(eq(categories.tenantId, tenantId))
      .orderBy(asc(categories.sortOrder), asc(categories.name));
  return memo ? memo.get(tenantId, "categories", read) : read();
}

export async function getCategoryBySlug({ db, tenantId }: StoreScope, slug: string): Promise<CategorySummary | null> {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.slug, slug)));
  return row ?? null;
}

/**
 * Where an address that names no category leads now, or null: the category whose slug it is
 * in other letters' case (a slug is lowercase), else the current slug of the category a former
 * slug was renamed into or merged into. Redirects name the category, not a slug, so a chain of
 * renames is always one step.
 */
export async function findCategoryRedirect(scope: StoreScope, slug: string): Promise<string | null> {
  const wanted = slug.toLowerCase();
  if (!isSlug(wanted)) return null;
  if (wanted !== slug) {
    const current = await getCategoryBySlug(scope, wanted);
    if (current) return current.slug;
  }
  const { db, tenantId } = scope;
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categoryRedirects)
    .innerJoin(
      categories,
      and(eq(categories.id, categoryRedirects.categoryId), eq(categories.tenantId, categoryRedirects.tenantId)),
    )
    .where(and(eq(categoryRedirects.tenantId, tenantId), eq(categoryRedirects.slug, wanted)));
  return row?.slug ?? null;
}

/**
 * The first picture of the newest product in each category that has one, keyed by
 * category slug. One statement; each category's picture is a walk of
 * products_category_created newest first that stops at the first product with a picture,
 * so the cost stays flat however many products a category holds (a store has at most four).
 */
export async function firstProductImageByCategory(scope: StoreScope): Promise<Map<string, string>> {
  const read = () => readFirstProductImages(scope);
  return scope.memo ? scope.memo.get(scope.tenantId, "tile-pictures", read) : read();
}

async function readFirstProductImages({ db, tenantId }: StoreScope): Promise<Map<string, string>> {
  const newest = db
    .select({
      image:
        sql<string>`(select v from jsonb_array_elements_text(${products.defaultImages}) as v where v <> '' limit 1)`.as(
          "image",
        ),
    })
    .from(products)
    .where(
      and(
        eq(products.categoryId, categories.id),
        eq(products.tenantId, tenantId),
        sql`exists (select 1 from jsonb_array_elements_text(${products.defaultImages}) as v where v <> '')`,
      ),
    )
    // The storefront's order of products (server/db/keyset-cursor.ts): the tile shows the category page's first picture.
    .orderBy(sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`)
    .limit(1)
    .as("newest");
  const rows = await db
    .select({ slug: categories.slug, image: newest.image })
    .from(categories)
    .innerJoinLateral(newest, sql`true`)
    .where(eq(categories.tenantId, tenantId));
  return new Map(rows.map((row) => [row.slug, row.image]));
}

/** Categories whose pictures stand in for "Other Products" when it has none of its own (spec §2). */
const OTHER_CATEGORY_FALLBACKS = ["purses", "bags", "wallets"];
export const OTHER_CATEGORY_SLUG = "other-products";

/**
 * Tile picture of a category: its newest product's first picture; for Other Products a
 * picture from purses, bags or wallets; else the category's own image (null: placeholder).
 */
export function categoryTileImage(category: CategorySummary, productImages: Map<string, string>): string | null {
  const own = productImages.get(category.slug);
  if (own) return own;
  if (category.slug === OTHER_CATEGORY_SLUG || category.slug === "other") {
    for (const slug of OTHER_CATEGORY_FALLBACKS) {
      const image = productImages.get(slug);
      if (image) return image;
    }
  }
  return category.imageUrl || null;
}

/** The store's categories as home's tiles show them: slug, name and tile picture. */
export async function listCategoryTiles(
  scope: StoreScope,
): Promise<{ slug: string; name: string; image: string | null }[]> {
  const [list, images] = await Promise.all([listCategories(scope), firstProductImageByCategory(scope)]);
  return list.map((category) => ({
    slug: category.slug,
    name: category.name,
    image: categoryTileImage(category, images),
  }));
}
