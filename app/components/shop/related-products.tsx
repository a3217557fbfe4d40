import { Fragment, Suspense } from "react";
import { Await } from "react-router";
import type { ProductCardData } from "./product-card.tsx";
import { ProductGrid } from "./product-grid.tsx";

/** The heading of the product page's "You Might Also Like" (spec §9). */
export const RELATED_HEADING = "You Might Also Like";

/**
 * Products from the same category, streamed after the product itself. Nothing shows while
 * they load, when there are none, or when they fail: the product is what the page is for.
 * The failure case must still be an element: Await rethrows when errorElement is empty.
 */
export function RelatedProducts({ products }: { products: Promise<ProductCardData[]> }) {
  return (
    <section aria-labelledby="related-heading" className="mt-24">
      <Suspense fallback={null}>
        <Await resolve={products} errorElement={<Fragment />}>
          {(list) =>
            list.length > 0 && (
              <>
                <h2 id="related-heading" className="mb-8 font-serif text-3xl">
                  {RELATED_HEADING}
                </h2>
                <ProductGrid products={list} label={RELATED_HEADING} />
              </>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}
