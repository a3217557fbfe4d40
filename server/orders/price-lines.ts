import type { CartLineRequest } from "../../core/checkout-form.ts";
import { priceCartLines } from "../catalog/cart-pricing.ts";
import type { StoreScope } from "../db/store-scope.ts";

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
 * Prices an order's lines with the same rules as the cart page (product price plus
 * the fabric's upcharge, from the database), refusing any line that cannot be sold.
 * Whatever the browser believes a line costs is never consulted.
 */
export async function priceLines(scope: StoreScope, lines: CartLineRequest[]): Promise<PricedLine[]> {
  const keys = new Set(lines.map((line) => `${line.productId}:${line.fabricCode}`));
  if (keys.size !== lines.length) {
    throw new CartRejectedError("Your cart lists the same item twice. Please refresh the page and try again.");
  }
  const priced = await priceCartLines(scope, lines);
  return priced.map((line, index) => {
    if (!line.available) {
      throw new CartRejectedError(
        line.reason
          ? `${line.reason}. Please remove it from your cart and try again.`
          : "An item in your cart is no longer available. Please remove it and try again.",
      );
    }
    return {
      productId: line.productId,
      productName: line.name,
      fabricCode: line.fabricCode,
      fabricLabel: line.fabricLabel,
      unitPriceCents: line.priceCents,
      quantity: lines[index]!.quantity,
      imageUrl: line.image ?? "",
    };
  });
}
