import { asc, count, eq, sql } from "drizzle-orm";
import type { StoreScope } from "../db/store-scope.ts";
import { categories, products } from "../db/schema.ts";

export interface CatalogSummary {
  totalProducts: number;
  categories: { slug: string; name: string; productCount: number }[];
}

/** The store's product counts, for the owner's dashboard: all, and per category (empty ones included). */
export async function loadCatalogSummary({ db, tenantId }: StoreScope): Promise<CatalogSummary> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ slug: categories.slug, name: categories.name, productCount: count(products.id) })
      .from(categories)
      .leftJoin(products, sql`${products.categoryId} = ${categories.id} and ${products.tenantId} = ${tenantId}`)
      .where(eq(categories.tenantId, tenantId))
      .groupBy(categories.id, categories.slug, categories.name, categories.sortOrder)
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
    db.select({ value: count() }).from(products).where(eq(products.tenantId, tenantId)),
  ]);
  return { totalProducts: total?.value ?? 0, categories: rows };
}
