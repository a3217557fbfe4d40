const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Formats integer cents as US dollars with exactly two decimals: 4500 → "$45.00". */
export function formatPrice(cents: number): string {
  return usd.format(cents / 100);
}

/** Price of one unit of a cart line: the product's price plus the chosen fabric's upcharge. */
export function priceLineCents(productPriceCents: number, fabricUpchargeCents: number): number {
  return productPriceCents + fabricUpchargeCents;
}

/** Dollars as the spec's cart stores them (45.5) to integer cents (4550), free of float drift. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to the spec's dollar number (4550 → 45.5). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
