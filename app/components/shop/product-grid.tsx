import { ProductCard, type ProductCardData } from "./product-card.tsx";

/** Products in a grid: two columns on phones (a screen shows four), up to four on wide screens. */
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
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4 lg:gap-8">
      {products.map((product, index) => (
        <li key={product.slug}>
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
