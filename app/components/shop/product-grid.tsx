import { ProductCard, type ProductCardData } from "./product-card.tsx";

/** Products in a grid of 1 to 4 columns by screen width. */
export function ProductGrid({
  products,
  priorityCount = 0,
  label,
}: {
  products: ProductCardData[];
  priorityCount?: number;
  label?: string;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:gap-8">
      {products.map((product, index) => (
        <li key={product.slug}>
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
