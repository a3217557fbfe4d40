import { Link } from "react-router";
import { formatPrice } from "../../../core/money.ts";
import { responsiveImage } from "../../../core/images.ts";

export interface ProductCardData {
  slug: string;
  name: string;
  priceCents: number;
  hasFabricSelection: boolean;
  fabricCount: number;
  image: string | null;
}

export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const image = product.image ? responsiveImage(product.image) : null;
  const unavailable = product.hasFabricSelection && product.fabricCount === 0;
  return (
    <Link
      to={`/product/${product.slug}`}
      className="group flex flex-col overflow-hidden rounded-lg border border-black/10 bg-white shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <div className="relative aspect-square bg-neutral-100">
        <img
          src={image?.src ?? "/images/placeholder.jpg"}
          srcSet={image?.srcSet}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          width={image?.width ?? 800}
          height={image?.height ?? 800}
          alt={product.name}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition group-hover:scale-[1.02]"
        />
        {unavailable && (
          <span className="absolute top-2 left-2 rounded bg-red-600 px-2 py-1 text-xs font-semibold text-white">Not Available</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-serif text-lg leading-snug">{product.name}</h3>
        <p className="font-medium">{formatPrice(product.priceCents)}</p>
        {product.hasFabricSelection && product.fabricCount > 1 && (
          <p className="text-sm text-neutral-600">{product.fabricCount} fabric options</p>
        )}
      </div>
      <div className="border-t border-black/10 px-4 py-2 text-sm font-medium">Shop now</div>
    </Link>
  );
}
