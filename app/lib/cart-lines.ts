import { centsToDollars, dollarsToCents, priceLineCents } from "../../core/money.ts";
import { DEFAULT_FABRIC_CODE, DEFAULT_FABRIC_LABEL, MAX_LINE_QUANTITY } from "../../core/constants.ts";

// The cart's rules (spec §4 Cart, §5 Add to cart), as pure functions over a list of lines.
// In memory a line's price is integer cents; in localStorage (`selvage-cart`) it is the
// spec's dollar number, so the stored shape is exactly the spec's cart line.

export const CART_STORAGE_KEY = "selvage-cart";
export { DEFAULT_FABRIC_CODE, DEFAULT_FABRIC_LABEL };

export interface CartLine {
  productId: string;
  name: string;
  /** One unit: product price plus the fabric's upcharge, in cents. */
  priceCents: number;
  quantity: number;
  fabricCode: string;
  fabricLabel: string;
  image: string;
}

/** A line as stored in localStorage (spec §3): price in dollars. */
export interface StoredCartLine {
  productId: string;
  name: string;
  price: number;
  quantity: number;
  fabricCode: string;
  fabricLabel: string;
  image: string;
}

export const CART_MESSAGES = {
  added: "Item added to your cart",
  updated: "Item quantity updated in your cart",
  removed: "Item removed from cart",
  cleared: "Cart has been cleared",
  noFabrics: "Cannot add product to cart - no fabric options available",
  productNoFabrics: "This product cannot be added to cart (no fabric options available)",
  selectFabric: "Please select a fabric option",
  atMostPerLine: `The cart holds at most ${MAX_LINE_QUANTITY} of an item; for larger orders, please contact us`,
} as const;

/** A line's quantity: a whole number from 1 to MAX_LINE_QUANTITY, the most the checkout takes. */
export const lineQuantity = (quantity: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));

/** A line's name for the shopper: the product, with its fabric when one was chosen. */
export const lineLabel = (line: Pick<CartLine, "name" | "fabricCode" | "fabricLabel">) =>
  line.fabricCode === DEFAULT_FABRIC_CODE ? line.name : `${line.name} (${line.fabricLabel})`;

export const sameLine = (line: Pick<CartLine, "productId" | "fabricCode">, productId: string, fabricCode: string) =>
  line.productId === productId && line.fabricCode === fabricCode;

/** Reads the stored cart; answers null for data that is not a cart (the caller logs it). */
export function parseStoredCart(raw: string | null): CartLine[] | null {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const lines: CartLine[] = [];
  for (const item of parsed) {
    const line = toCartLine(item);
    if (!line) return null;
    lines.push(line);
  }
  return lines;
}

function toCartLine(value: unknown): CartLine | null {
  if (typeof value !== "object" || value === null) return null;
  const item = value as Record<string, unknown>;
  const { productId, name, price, quantity, fabricCode, fabricLabel, image } = item;
  if (typeof productId !== "string" || typeof name !== "string") return null;
  if (typeof price !== "number" || !Number.isFinite(price) || price < 0) return null;
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) return null;
  return {
    productId,
    name,
    priceCents: dollarsToCents(price),
    // A cart stored before the limit held may have more: it holds what the checkout takes.
    quantity: lineQuantity(quantity),
    fabricCode: typeof fabricCode === "string" && fabricCode ? fabricCode : DEFAULT_FABRIC_CODE,
    fabricLabel: typeof fabricLabel === "string" && fabricLabel ? fabricLabel : DEFAULT_FABRIC_LABEL,
    image: typeof image === "string" ? image : "",
  };
}

export function serializeCart(lines: readonly CartLine[]): string {
  const stored: StoredCartLine[] = lines.map(({ priceCents, ...line }) => ({
    productId: line.productId,
    name: line.name,
    price: centsToDollars(priceCents),
    quantity: line.quantity,
    fabricCode: line.fabricCode,
    fabricLabel: line.fabricLabel,
    image: line.image,
  }));
  return JSON.stringify(stored);
}

/**
 * Adds a line, or raises the quantity of the line with the same product and fabric, up to
 * MAX_LINE_QUANTITY: "limited" says that not all of `quantity` fitted.
 */
export function addLine(
  lines: readonly CartLine[],
  item: Omit<CartLine, "quantity">,
  quantity: number,
): { lines: CartLine[]; outcome: "added" | "updated" | "limited" } {
  const existing = lines.find((line) => sameLine(line, item.productId, item.fabricCode));
  const wanted = (existing?.quantity ?? 0) + Math.max(1, Math.floor(quantity));
  const added = { ...item, quantity: lineQuantity(wanted) };
  return {
    lines: existing ? lines.map((line) => (line === existing ? added : line)) : [...lines, added],
    outcome: wanted > MAX_LINE_QUANTITY ? "limited" : existing ? "updated" : "added",
  };
}

/** Sets a line's quantity, at most MAX_LINE_QUANTITY; zero or less removes the line. */
export function setLineQuantity(
  lines: readonly CartLine[],
  productId: string,
  fabricCode: string,
  quantity: number,
): CartLine[] {
  if (quantity <= 0) return removeLine(lines, productId, fabricCode);
  return lines.map((line) =>
    sameLine(line, productId, fabricCode) ? { ...line, quantity: lineQuantity(quantity) } : line,
  );
}

export function removeLine(lines: readonly CartLine[], productId: string, fabricCode: string): CartLine[] {
  return lines.filter((line) => !sameLine(line, productId, fabricCode));
}

export const cartCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

export const cartTotalCents = (lines: readonly CartLine[]) =>
  lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

export interface FabricChoice {
  code: string;
  label: string;
  upchargeCents: number;
  /** False while the shop has none of this fabric: shown, never sold. Absent means in stock. */
  inStock?: boolean;
}

/** The fabric a product page starts with: the first one the shop has in stock. */
export function firstInStockFabric<T extends FabricChoice>(fabrics: readonly T[]): T | undefined {
  return fabrics.find((fabric) => fabric.inStock !== false);
}

export interface ProductForCart {
  id: string;
  name: string;
  priceCents: number;
  hasFabricSelection: boolean;
  fabrics: readonly FabricChoice[];
}

/**
 * Which fabric a new line gets (spec §5): "default" without fabric selection; the chosen
 * fabric, or the first one in stock when the chosen code is unknown or out of stock (a
 * stale or tampered choice); an error message otherwise.
 */
export function resolveFabric(
  product: ProductForCart,
  chosenCode: string | null,
): { ok: true; fabric: FabricChoice } | { ok: false; message: string } {
  if (!product.hasFabricSelection) {
    return { ok: true, fabric: { code: DEFAULT_FABRIC_CODE, label: DEFAULT_FABRIC_LABEL, upchargeCents: 0 } };
  }
  const first = firstInStockFabric(product.fabrics);
  if (!first) return { ok: false, message: CART_MESSAGES.noFabrics };
  if (!chosenCode) return { ok: false, message: CART_MESSAGES.selectFabric };
  const chosen = product.fabrics.find((fabric) => fabric.code === chosenCode && fabric.inStock !== false);
  return { ok: true, fabric: chosen ?? first };
}

/** The line a product and fabric make: price = product price + fabric upcharge. */
export function lineFor(product: ProductForCart, fabric: FabricChoice, image: string): Omit<CartLine, "quantity"> {
  return {
    productId: product.id,
    name: product.name,
    priceCents: priceLineCents(product.priceCents, fabric.upchargeCents),
    fabricCode: fabric.code,
    fabricLabel: fabric.label,
    image,
  };
}
