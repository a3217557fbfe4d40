import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../../server/db/client.ts";
import { categories, products } from "../../../server/db/schema.ts";

export interface DashboardSummary {
  totalProducts: number;
  categories: { slug: string; name: string; productCount: number }[];
}

/** Product counts for the dashboard: all, and per category (empty categories included). */
export async function loadDashboardSummary(db: Database, tenantId: string): Promise<DashboardSummary> {
  const rows = await db
    .select({ slug: categories.slug, name: categories.name, productCount: count(products.id) })
    .from(categories)
    .leftJoin(products, sql`${products.categoryId} = ${categories.id} and ${products.tenantId} = ${tenantId}`)
    .where(eq(categories.tenantId, tenantId))
    .groupBy(categories.id, categories.slug, categories.name, categories.sortOrder)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  const [total] = await db.select({ value: count() }).from(products).where(eq(products.tenantId, tenantId));
  return { totalProducts: total?.value ?? 0, categories: rows };
}
