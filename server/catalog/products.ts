import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, productFabrics, products } from "../db/schema.ts";

export interface FabricOption {
  code: string;
  label: string;
  swatchUrl: string;
  upchargeCents: number;
  imgOverride: string[];
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

/** A product can be bought when it needs no fabric choice or has at least one fabric. */
export function isAvailable(product: Pick<ProductSummary, "hasFabricSelection" | "fabrics">): boolean {
  return !product.hasFabricSelection || product.fabrics.length > 0;
}

/** The store's products, newest first, each with its fabric options. */
export async function listProducts(
  db: Database,
  tenantId: string,
  options: { limit?: number; categorySlug?: string } = {},
): Promise<ProductSummary[]> {
  const filters = [eq(products.tenantId, tenantId)];
  if (options.categorySlug) filters.push(eq(categories.slug, options.categorySlug));
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
  return attachFabrics(db, tenantId, rows);
}

async function attachFabrics<T extends { id: string }>(
  db: Database,
  tenantId: string,
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
