import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_FABRIC_CODE, DEFAULT_FABRIC_LABEL } from "../../core/constants.ts";
import { priceLineCents } from "../../core/money.ts";
import type { StoreScope } from "../db/store-scope.ts";
import type { CartLineKey, PricedCartLine } from "../../core/cart-pricing.ts";
import { productFabrics, products } from "../db/schema.ts";
import { firstImage } from "../../core/images.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Prices cart lines from the database: the product's price plus the chosen fabric's
 * upcharge. A line whose product or fabric no longer exists, or whose fabric is out of
 * stock, answers `available: false` (the latter with a reason the shopper can read).
 */
export async function priceCartLines({ db, tenantId }: StoreScope, lines: CartLineKey[]): Promise<PricedCartLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId).filter((id) => UUID.test(id)))];
  if (ids.length === 0) return lines.map((line) => ({ ...line, available: false }));

  const [productRows, fabricRows] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        priceCents: products.priceCents,
        hasFabricSelection: products.hasFabricSelection,
        defaultImages: products.defaultImages,
      })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids))),
    db
      .select({
        productId: productFabrics.productId,
        code: productFabrics.code,
        label: productFabrics.label,
        upchargeCents: productFabrics.upchargeCents,
        imgOverride: productFabrics.imgOverride,
        inStock: productFabrics.inStock,
      })
      .from(productFabrics)
      .where(and(eq(productFabrics.tenantId, tenantId), inArray(productFabrics.productId, ids))),
  ]);
  const productsById = new Map(productRows.map((row) => [row.id, row]));
  const fabricsByKey = new Map(fabricRows.map((row) => [`${row.productId}\u0000${row.code}`, row]));

  return lines.map((line): PricedCartLine => {
    const product = productsById.get(line.productId);
    if (!product) return { ...line, available: false };
    const fabric = fabricsByKey.get(`${line.productId}\u0000${line.fabricCode}`);
    // Without fabric selection the line is the product itself ("default", label Default).
    if (!product.hasFabricSelection && line.fabricCode === DEFAULT_FABRIC_CODE) {
      return {
        ...line,
        available: true,
        slug: product.slug,
        name: product.name,
        fabricLabel: fabric?.label ?? DEFAULT_FABRIC_LABEL,
        priceCents: priceLineCents(product.priceCents, 0),
        image: firstImage(product.defaultImages),
      };
    }
    if (!product.hasFabricSelection || !fabric) return { ...line, available: false };
    if (!fabric.inStock) return { ...line, available: false, reason: outOfStockReason(product.name, fabric.label) };
    return {
      ...line,
      available: true,
      slug: product.slug,
      name: product.name,
      fabricLabel: fabric.label,
      priceCents: priceLineCents(product.priceCents, fabric.upchargeCents),
      image: firstImage(fabric.imgOverride) ?? firstImage(product.defaultImages),
    };
  });
}

/** What the shopper reads about a line whose fabric the shop no longer has. */
export function outOfStockReason(productName: string, fabricLabel: string): string {
  return `${productName} in ${fabricLabel} is out of stock`;
}
