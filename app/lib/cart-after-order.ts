import { sameLine, type CartLine } from "./cart-lines.ts";

// Only the thank-you page needs this: kept out of cart-lines.ts, which every storefront page loads.

/**
 * The cart once an order is placed: each line less what the order bought of it. What was
 * added since (in another tab, while paying) stays; a product the order names by no id
 * (deleted since) takes nothing.
 */
export function withoutOrdered(
  lines: readonly CartLine[],
  ordered: readonly { productId: string | null; fabricCode: string; quantity: number }[],
): CartLine[] {
  return lines.flatMap((line) => {
    const bought = ordered
      .filter((item) => item.productId !== null && sameLine(line, item.productId, item.fabricCode))
      .reduce((sum, item) => sum + item.quantity, 0);
    return line.quantity > bought ? [{ ...line, quantity: line.quantity - bought }] : [];
  });
}
