import { Suspense } from "react";
import { Await, data, isRouteErrorResponse, Link, redirect, useParams, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/category";
import { findCategoryRedirect, getCategoryBySlug } from "../../../server/catalog/categories.ts";
import { toProductCard } from "../../../server/catalog/product-cards.ts";
import { listProducts } from "../../../server/catalog/product-catalog.ts";
import { storeContext } from "../../../server/context.ts";
import { streamedPart } from "../../../server/http/database-outage.ts";
import { Breadcrumb } from "../../components/shop/breadcrumb.tsx";
import { PageMessage } from "../../components/shop/page-message.tsx";
import { ProductGrid } from "../../components/shop/product-grid.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { seoMeta, summarize } from "../../lib/seo.ts";

export const CATEGORY_NOT_FOUND = "Category Not Found";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);
  const category = await getCategoryBySlug(scope, params.slug);
  if (!category) {
    // A renamed or deleted category's old links (bookmarks, search engines) move for good.
    const current = await findCategoryRedirect(scope, params.slug);
    if (current) throw redirect(`/category/${current}${new URL(request.url).search}`, 301);
    throw data(CATEGORY_NOT_FOUND, { status: 404 });
  }
  // The heading renders at once; the products stream in behind 'Loading products...'.
  const products = streamedPart(
    listProducts(scope, { categorySlug: category.slug }).then((list) => list.map(toProductCard)),
    { request, context },
  );
  return { category, products };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, products } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: category.name }]} />
      <header className="mt-10 mb-12 max-w-2xl">
        <h1 className="font-serif text-5xl">{category.name}</h1>
        <div aria-hidden="true" className="bg-brand mt-5 h-px w-12" />
        {category.description && <p className="text-ink/75 mt-5 text-lg leading-relaxed">{category.description}</p>}
      </header>
      <Suspense fallback={<LoadingProducts />}>
        <Await resolve={products} errorElement={<CategoryLoadError />}>
          {(list) =>
            list.length === 0 ? (
              <div className="border-ink/15 flex flex-col items-center gap-5 rounded-3xl border border-dashed px-6 py-16 text-center">
                <p className="text-ink/75 text-lg">No products available in this category yet.</p>
                <Link to="/" className={buttonClass("outline")}>
                  Continue Shopping
                </Link>
              </div>
            ) : (
              <>
                {/* Cards name their products in h3s: the grid needs its own h2 for a sound outline. */}
                <h2 className="sr-only">{`${category.name} products`}</h2>
                <ProductGrid products={list} priorityCount={4} label={`${category.name} products`} />
              </>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}

function LoadingProducts() {
  return (
    <div role="status" className="flex flex-col items-center gap-6 py-10">
      <p className="text-ink/70">Loading products...</p>
      <ul aria-hidden="true" className="grid w-full grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4 lg:gap-8">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="bg-ink/10 aspect-[3/4] animate-pulse rounded-2xl" />
        ))}
      </ul>
    </div>
  );
}

function CategoryLoadError() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-5 rounded-3xl border border-red-700/30 bg-red-50 px-6 py-14 text-center"
    >
      <p className="text-lg text-red-800">Error loading products. Please try again later.</p>
      <Link to="/" className={buttonClass("outline")}>
        Back to Home
      </Link>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { slug = "" } = useParams();
  const layout = useRouteLoaderData<{ categories: { slug: string; name: string }[] }>("routes/shop/shop-layout");
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageMessage title={CATEGORY_NOT_FOUND}>
        <p>The category you&apos;re looking for doesn&apos;t exist.</p>
        <Link to="/" className={buttonClass("primary")}>
          Back to Home
        </Link>
      </PageMessage>
    );
  }
  // The page itself failed to load: name the category if the header knows it.
  const name = layout?.categories.find((category) => category.slug === slug)?.name ?? "Products";
  return (
    <PageMessage title={name} tone="error">
      <p role="alert">Error loading products. Please try again later.</p>
      <Link to="/" className={buttonClass("primary")}>
        Back to Home
      </Link>
    </PageMessage>
  );
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const storeName = root?.store.name ?? "Selvage";
  if (!loaderData) return [{ title: `${CATEGORY_NOT_FOUND} | ${storeName}` }, { name: "robots", content: "noindex" }];
  const { category } = loaderData;
  return seoMeta({
    origin: root?.origin ?? "",
    storeName,
    path: `/category/${params.slug}`,
    title: category.name,
    description: summarize(category.description || `Handmade ${category.name.toLowerCase()} from our Colorado studio.`),
    image: category.imageUrl,
  });
}
