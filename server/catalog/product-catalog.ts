import { and, asc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { SEARCH_PAGE_SIZE } from "../../core/constants.ts";
import { isSlug } from "../../core/slug.ts";
import { cursorTime, keysetPage, keysetPageOf, keysetRead, type KeysetRequest } from "../db/keyset-cursor.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { categories, productFabrics, products } from "../db/schema.ts";

export interface FabricOption {
  code: string;
  label: string;
  swatchUrl: string;
  upchargeCents: number;
  imgOverride: string[];
  /** False while the library fabric it came from is out of stock: shown, never sold. */
  inStock: boolean;
}

export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  categorySlug: string;
  categoryName: string;
  hasFabricSelection: boolean;
  defaultImages: string[];
  fabrics: FabricOption[];
  createdAt: Date;
  /** created_at to the microsecond, for a page link's cursor (server/db/keyset-cursor.ts). */
  cursorTime: string;
}

/**
 * A product's fabric options as one JSON array, in their order: read in the product's own
 * row, so a list of products with their fabrics is one round trip to the database.
 */
const fabricsOfProduct = sql<FabricOption[]>`coalesce((
  select json_agg(json_build_object(
    'code', ${productFabrics.code}, 'label', ${productFabrics.label}, 'swatchUrl', ${productFabrics.swatchUrl},
    'upchargeCents', ${productFabrics.upchargeCents}, 'imgOverride', ${productFabrics.imgOverride},
    'inStock', ${productFabrics.inStock}
  ) order by ${productFabrics.sortOrder}, ${productFabrics.code})
  from ${productFabrics}
  where ${productFabrics.tenantId} = ${products.tenantId} and ${productFabrics.productId} = ${products.id}
), '[]'::json)`;

/**
 * The store's products, newest first (from `page`'s cursor, when given, in its direction),
 * each with its fabric options: one statement.
 */
export async function listProducts(
  scope: StoreScope,
  options: { limit?: number; categorySlug?: string; excludeSlug?: string; where?: SQL; page?: KeysetRequest } = {},
): Promise<ProductSummary[]> {
  const { db, tenantId } = scope;
  const { direction, cursor } = keysetRead(options.page ?? {});
  const { position, orderBy } = keysetPage(products, cursor, direction);
  const filters = [eq(products.tenantId, tenantId)];
  if (options.categorySlug) filters.push(eq(categories.slug, options.categorySlug));
  if (options.excludeSlug) filters.push(ne(products.slug, options.excludeSlug));
  if (options.where) filters.push(options.where);
  if (position) filters.push(position);
  const query = db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      categorySlug: categories.slug,
      categoryName: categories.name,
      hasFabricSelection: products.hasFabricSelection,
      defaultImages: products.defaultImages,
      createdAt: products.createdAt,
      cursorTime: cursorTime(products.createdAt),
      fabrics: fabricsOfProduct,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...filters))
    .orderBy(...orderBy);
  return options.limit ? await query.limit(options.limit) : await query;
}

/** Products a category page shows at a time: most shops' categories fit on one. */
export const CATEGORY_PAGE_SIZE = 48;

/** One page of a category's products, newest first, and the cursors of the pages on either side. */
export async function listCategoryPage(
  scope: StoreScope,
  categorySlug: string,
  page: KeysetRequest = {},
  pageSize = CATEGORY_PAGE_SIZE,
): Promise<{ products: ProductSummary[]; olderCursor: string | null; newerCursor: string | null }> {
  // One product more than the page tells whether another page follows in that direction.
  const rows = await listProducts(scope, { categorySlug, page, limit: pageSize + 1 });
  // "Previous page" that reaches the newest products shows the whole first page, not the few
  // left above its cursor when products were added or removed since the link was made.
  if (keysetRead(page).direction === "newer" && rows.length < pageSize) {
    return listCategoryPage(scope, categorySlug, {}, pageSize);
  }
  const shown = keysetPageOf(rows, pageSize, page);
  return { products: shown.rows, olderCursor: shown.olderCursor, newerCursor: shown.newerCursor };
}

/**
 * A short list of the store's products for the storefront (home, related products,
 * suggestions): kept in the scope's memo, when it has one, until the store changes.
 */
export function listLatestProducts(
  scope: StoreScope,
  options: { limit: number; categorySlug?: string; excludeSlug?: string },
): Promise<ProductSummary[]> {
  const read = () => listProducts(scope, options);
  const key = `latest:${options.limit}:${options.categorySlug ?? ""}:${options.excludeSlug ?? ""}`;
  return scope.memo ? scope.memo.get(scope.tenantId, key, read) : read();
}

/**
 * One product by its slug, with fabrics; null when the store has no such product. A
 * storefront request takes it from the scope's memo when it has one.
 */
export async function getProductBySlug(scope: StoreScope, slug: string): Promise<ProductSummary | null> {
  if (!isSlug(slug)) return null;
  const read = async () => (await listProducts(scope, { limit: 1, where: eq(products.slug, slug) }))[0] ?? null;
  return scope.memo ? scope.memo.get(scope.tenantId, `product:${slug}`, read) : read();
}

/**
 * Where an address that names no product leads, or null: the product whose slug it is in
 * other letters' case (a slug is lowercase; "/product/Market-Tote" typed or shared), else the
 * product that once had it, so a renamed product's old links (bookmarks, search engines,
 * shared links) lead to it.
 */
export async function findProductRedirect({ db, tenantId }: StoreScope, slug: string): Promise<string | null> {
  const wanted = slug.toLowerCase();
  if (!isSlug(wanted)) return null;
  const [row] = await db
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        eq(products.tenantId, tenantId),
        or(eq(products.slug, wanted), sql`${products.formerSlugs} @> array[${wanted}]::text[]`),
      ),
    )
    // A product's own slug before another's former one.
    .orderBy(sql`${products.slug} = ${wanted} desc`)
    .limit(1);
  return row?.slug ?? null;
}

/** Products that have at least one picture, newest first (the home page's slideshow). */
export function listProductsWithImages(scope: StoreScope, limit: number): Promise<ProductSummary[]> {
  const read = () =>
    listProducts(scope, {
      limit,
      where: sql`exists (select 1 from jsonb_array_elements_text(${products.defaultImages}) as v where v <> '')`,
    });
  return scope.memo ? scope.memo.get(scope.tenantId, `with-pictures:${limit}`, read) : read();
}

/** Escapes LIKE's wildcards so a shopper's "%" or "_" matches itself. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Case-insensitive substring search over name and description, newest first, one page at a
 * time (1 is the first), and whether another page follows. The match runs in
 * search_product_ids (drizzle/0006, 0011), which keeps to the store the caller may see by
 * itself, so the pg_trgm indexes on lower(name) and lower(description) can serve it under
 * row-level security (a LIKE is not leakproof and could not use them there).
 */
export async function searchProducts(
  scope: StoreScope,
  query: string,
  page = 1,
): Promise<{ products: ProductSummary[]; hasNextPage: boolean }> {
  // PostgreSQL text cannot hold NUL, and no product name holds a control character.
  const term = query
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .toLowerCase();
  if (!term) return { products: [], hasNextPage: false };
  const pattern = `%${escapeLikePattern(term)}%`;
  // One more than a page tells whether another follows.
  const wanted = SEARCH_PAGE_SIZE + 1;
  const skipped = (page - 1) * SEARCH_PAGE_SIZE;
  const found = await listProducts(scope, {
    limit: wanted,
    where: sql`${products.id} in (select id from search_product_ids(${scope.tenantId}, ${pattern}, ${wanted}, ${skipped}))`,
  });
  return { products: found.slice(0, SEARCH_PAGE_SIZE), hasNextPage: found.length > SEARCH_PAGE_SIZE };
}

/** Every product's slug and last change, for the sitemap. */
export function listProductSlugs({ db, tenantId }: StoreScope): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.tenantId, tenantId))
    .orderBy(asc(products.slug));
}
