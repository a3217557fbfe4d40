import { firstImage } from "../../core/images.ts";
import { isProductAvailable } from "../../core/product-availability.ts";
import type { ProductSummary } from "./product-catalog.ts";

/** The few fields a product card shows; keeps full descriptions out of page payloads. */
export function toProductCard(product: ProductSummary) {
  return {
    slug: product.slug,
    name: product.name,
    priceCents: product.priceCents,
    hasFabricSelection: product.hasFabricSelection,
    fabricCount: product.fabrics.length,
    available: isProductAvailable(product),
    image: firstImage(product.defaultImages),
  };
}
