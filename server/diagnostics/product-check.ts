import { and, asc, count, eq, sql } from "drizzle-orm";
import { isProductAvailable } from "../../core/product-availability.ts";
import { listProducts } from "../catalog/product-catalog.ts";
import { categories, products } from "../db/schema.ts";
import type { ProductCheck } from "../../core/diagnostics.ts";
import type { StoreScope } from "../db/store-scope.ts";

/**
 * The product check behind the Diagnostics page and the home page's 'Check for Products'
 * (SPEC §7): what the database holds for this store against what shoppers are shown.
 */
export async function checkProducts(scope: StoreScope): Promise<ProductCheck> {
  const { db, tenantId } = scope;
  const [[stored], listed, perCategory] = await Promise.all([
    db.select({ n: count() }).from(products).where(eq(products.tenantId, tenantId)),
    listProducts(scope),
    db
      .select({
        slug: categories.slug,
        name: categories.name,
        products: sql<number>`count(${products.id})::int`,
      })
      .from(categories)
      .leftJoin(products, and(eq(products.categoryId, categories.id), eq(products.tenantId, tenantId)))
      .where(eq(categories.tenantId, tenantId))
      .groupBy(categories.id)
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
  ]);
  return {
    databaseCount: stored?.n ?? 0,
    storefrontCount: listed.length,
    availableCount: listed.filter(isProductAvailable).length,
    categories: perCategory,
  };
}
