import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { isSlug } from "../../core/slug.ts";
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
}

/** The store's products, newest first, each with its fabric options. */
export async function listProducts(
  scope: StoreScope,
  options: { limit?: number; categorySlug?: string; excludeSlug?: string; where?: SQL } = {},
): Promise<ProductSummary[]> {
  const { db, tenantId } = scope;
  const filters = [eq(products.tenantId, tenantId)];
  if (options.categorySlug) filters.push(eq(categories.slug, options.categorySlug));
  if (options.excludeSlug) filters.push(ne(products.slug, options.excludeSlug));
  if (options.where) filters.push(options.where);
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
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...filters))
    .orderBy(desc(products.createdAt), asc(products.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return attachFabrics(scope, rows);
}

async function attachFabrics<T extends { id: string }>(
  { db, tenantId }: StoreScope,
  rows: T[],
): Promise<(T & { fabrics: FabricOption[] })[]> {
  if (rows.length === 0) return [];
  const fabrics = await db
    .select({
      productId: productFabrics.productId,
      code: productFabrics.code,
      label: productFabrics.label,
      swatchUrl: productFabrics.swatchUrl,
      upchargeCents: productFabrics.upchargeCents,
      imgOverride: productFabrics.imgOverride,
      inStock: productFabrics.inStock,
    })
    .from(productFabrics)
    .where(
      and(
        eq(productFabrics.tenantId, tenantId),
        inArray(
          productFabrics.productId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(productFabrics.sortOrder), asc(productFabrics.code));
  const byProduct = new Map<string, FabricOption[]>();
  for (const { productId, ...fabric } of fabrics) {
    const list = byProduct.get(productId) ?? [];
    list.push(fabric);
    byProduct.set(productId, list);
  }
  return rows.map((row) => ({ ...row, fabrics: byProduct.get(row.id) ?? [] }));
}

/** One product by its slug, with fabrics; null when the store has no such product. */
export async function getProductBySlug(scope: StoreScope, slug: string): Promise<ProductSummary | null> {
  if (!isSlug(slug)) return null;
  const [product] = await listProducts(scope, { limit: 1, where: eq(products.slug, slug) });
  return product ?? null;
}

/** Products that have at least one picture, newest first (the home page's slideshow). */
export function listProductsWithImages(scope: StoreScope, limit: number): Promise<ProductSummary[]> {
  return listProducts(scope, {
    limit,
    where: sql`exists (select 1 from jsonb_array_elements_text(${products.defaultImages}) as v where v <> '')`,
  });
}

/** Escapes LIKE's wildcards so a shopper's "%" or "_" matches itself. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export const SEARCH_RESULT_LIMIT = 60;

/**
 * Case-insensitive substring search over name and description. `lower(col) LIKE` is
 * what the pg_trgm GIN indexes on lower(name) and lower(description) serve.
 */
export async function searchProducts(scope: StoreScope, query: string): Promise<ProductSummary[]> {
  // PostgreSQL text cannot hold NUL, and no product name holds a control character.
  const term = query
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .toLowerCase();
  if (!term) return [];
  const pattern = `%${escapeLikePattern(term)}%`;
  return listProducts(scope, {
    limit: SEARCH_RESULT_LIMIT,
    where: or(
      sql`lower(${products.name}) like ${pattern} escape '\\'`,
      sql`lower(${products.description}) like ${pattern} escape '\\'`,
    ),
  });
}

/** Every product's slug and last change, for the sitemap. */
export function listProductSlugs({ db, tenantId }: StoreScope): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.tenantId, tenantId))
    .orderBy(asc(products.slug));
}
