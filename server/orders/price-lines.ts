import { and, eq, inArray } from "drizzle-orm";
import { priceLineCents } from "../../core/money.ts";
import type { CartLineRequest } from "../../core/checkout.ts";
import type { Database } from "../db/client.ts";
import { productFabrics, products } from "../db/schema.ts";

/** Code of the one option of a product sold without a fabric choice. */
export const DEFAULT_FABRIC_CODE = "default";

export interface PricedLine {
  productId: string;
  productName: string;
  fabricCode: string;
  fabricLabel: string;
  unitPriceCents: number;
  quantity: number;
  imageUrl: string;
}

/** A cart the shop cannot sell as it stands; the message is meant for the shopper. */
export class CartRejectedError extends Error {
  override name = "CartRejectedError";
}

/**
 * Prices cart lines from the database: product price plus the chosen fabric's
 * upcharge. Whatever the browser believes a line costs is never consulted.
 */
export async function priceLines(db: Database, tenantId: string, lines: CartLineRequest[]): Promise<PricedLine[]> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const [productRows, fabricRows] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds))),
    db
      .select()
      .from(productFabrics)
      .where(and(eq(productFabrics.tenantId, tenantId), inArray(productFabrics.productId, productIds))),
  ]);
  const productsById = new Map(productRows.map((row) => [row.id, row]));

  const seen = new Set<string>();
  return lines.map((line) => {
    const product = productsById.get(line.productId);
    if (!product) throw new CartRejectedError("An item in your cart is no longer available. Please remove it and try again.");
    const key = `${line.productId}:${line.fabricCode}`;
    if (seen.has(key)) throw new CartRejectedError("Your cart lists the same item twice. Please refresh the page and try again.");
    seen.add(key);

    const image = product.defaultImages.find(Boolean) ?? "";
    if (!product.hasFabricSelection) {
      if (line.fabricCode !== DEFAULT_FABRIC_CODE) {
        throw new CartRejectedError(`${product.name} does not come in a choice of fabrics. Please remove it and add it again.`);
      }
      return pricedLine(product, DEFAULT_FABRIC_CODE, "Default", product.priceCents, line.quantity, image);
    }

    const fabric = fabricRows.find((row) => row.productId === product.id && row.code === line.fabricCode);
    if (!fabric) {
      throw new CartRejectedError(
        `The fabric chosen for ${product.name} is no longer offered. Please remove it and choose another fabric.`,
      );
    }
    const unitPrice = priceLineCents(product.priceCents, fabric.upchargeCents);
    return pricedLine(product, fabric.code, fabric.label, unitPrice, line.quantity, fabric.imgOverride.find(Boolean) ?? image);
  });
}

function pricedLine(
  product: { id: string; name: string },
  fabricCode: string,
  fabricLabel: string,
  unitPriceCents: number,
  quantity: number,
  imageUrl: string,
): PricedLine {
  return { productId: product.id, productName: product.name, fabricCode, fabricLabel, unitPriceCents, quantity, imageUrl };
}
