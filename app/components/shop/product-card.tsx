import { Link } from "react-router";
import { formatPrice } from "../../../core/money.ts";
import { FallbackImage } from "../ui/fallback-image.tsx";
import { productPath } from "./nav-links.ts";

/** What a card needs to know about a product (the loaders map to this shape). */
export interface ProductCardData {
  slug: string;
  name: string;
  priceCents: number;
  hasFabricSelection: boolean;
  fabricCount: number;
  /** Whether it can be bought (core/product-availability.ts). */
  available: boolean;
  image: string | null;
}

/** Tells the browser which srcset width to pick in a 2→4 column grid. */
export const PRODUCT_GRID_SIZES = "(min-width: 1280px) 296px, (min-width: 1024px) 23vw, 46vw";

export function ProductCard({ product, priority = false }: { product: ProductCardData; priority?: boolean }) {
  const unavailable = !product.available;
  return (
    <Link
      to={productPath(product.slug)}
      prefetch="intent"
      className="group border-ink/10 focus-visible:outline-ink flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-[0_1px_2px_rgb(0_0_0/0.04)] transition duration-300 hover:-translate-y-0.5 hover:shadow-[0_18px_40px_-20px_rgb(0_0_0/0.35)] focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <div className="bg-ink/5 relative aspect-square overflow-hidden">
        <FallbackImage
          src={product.image}
          alt={product.name}
          sizes={PRODUCT_GRID_SIZES}
          priority={priority}
          className="h-full w-full object-contain transition duration-700 group-hover:scale-[1.04]"
        />
        {unavailable && (
          <span className="absolute top-2 left-2 rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold tracking-wide text-white sm:top-3 sm:left-3 sm:px-3">
            Not Available
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 px-3 pt-3 pb-4 sm:gap-1.5 sm:px-5 sm:pt-4 sm:pb-5">
        <h3 className="font-serif text-base leading-snug wrap-anywhere sm:text-lg">{product.name}</h3>
        <p className="text-ink/85 font-medium tabular-nums">{formatPrice(product.priceCents)}</p>
        {product.hasFabricSelection && product.fabricCount > 1 && (
          <p className="text-ink/65 text-xs sm:text-sm">{product.fabricCount} fabric options</p>
        )}
      </div>
      <div className="border-ink/10 text-ink/80 flex items-center justify-between border-t px-3 py-3 text-sm sm:px-5 font-medium tracking-wide">
        <span>Shop now</span>
        <span aria-hidden="true" className="text-brand transition-transform group-hover:translate-x-1">
          →
        </span>
      </div>
    </Link>
  );
}
