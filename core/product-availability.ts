// Kept apart from core/product.ts (its schemas pull zod) so storefront pages can ask it
// without shipping the schemas to the browser.

/**
 * A product can be bought when it needs no fabric choice or offers at least one fabric
 * in stock (SPEC §3; a library fabric out of stock takes itself off every product). A
 * fabric that does not say is in stock (`object &` lets any option shape through).
 */
export function isProductAvailable({
  hasFabricSelection,
  fabrics,
}: {
  hasFabricSelection: boolean;
  fabrics: readonly (object & { inStock?: boolean })[];
}): boolean {
  return !hasFabricSelection || fabrics.some((fabric) => fabric.inStock !== false);
}
