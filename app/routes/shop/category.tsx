import { Suspense } from "react";
import { Await, data, isRouteErrorResponse, Link, useParams, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/category";
import { findCategoryRedirect, getCategoryBySlug } from "../../../server/catalog/categories.ts";
import { toProductCard } from "../../../server/catalog/product-cards.ts";
import { listCategoryPage } from "../../../server/catalog/product-catalog.ts";
import { requestContext, storeContext } from "../../../server/context.ts";
import { keysetRequestOf } from "../../../server/db/keyset-cursor.ts";
import { movedPermanently } from "../../../server/http/moved-permanently.ts";
import { streamedPart } from "../../../server/http/database-outage.ts";
import { Breadcrumb } from "../../components/shop/breadcrumb.tsx";
import { categoryPath } from "../../components/shop/nav-links.ts";
import { BROKEN_PAGE_LINK, PageLinks } from "../../components/shop/page-links.tsx";
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
    if (current) throw movedPermanently(request, categoryPath(current));
    throw data(CATEGORY_NOT_FOUND, { status: 404 });
  }
  // Large categories come a page at a time; a cursor this server never made is the client's mistake.
  const position = keysetRequestOf(new URL(request.url).searchParams);
  if (!position) throw data(BROKEN_PAGE_LINK, { status: 400 });
  const products = streamedPart(
    listCategoryPage(scope, category.slug, position).then((page) => ({
      ...page,
      products: page.products.map(toProductCard),
    })),
    { request, context },
  );
  // The products are the page: a whole page load waits for them, so they show without
  // scripts (and crawlers and the page cache get them whole). A move within the shop shows
  // the heading at once and streams them in behind 'Loading products...'. A failure shows
  // in the products' place either way.
  const loaded =
    context.get(requestContext).pageLoad &&
    (await products.then(
      (page) => ({ page }),
      () => undefined,
    ));
  return { category, products: loaded ? loaded.page : products, paged: Boolean(position.after ?? position.before) };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, products, paged } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: category.name }]} />
      <header className="mt-10 mb-12 max-w-2xl">
        <h1 className="font-serif text-5xl wrap-anywhere">{category.name}</h1>
        <div aria-hidden="true" className="bg-brand mt-5 h-px w-12" />
        {category.description && <p className="text-ink/75 mt-5 text-lg leading-relaxed">{category.description}</p>}
      </header>
      {products instanceof Promise ? (
        <Suspense fallback={<LoadingProducts />}>
          <Await resolve={products} errorElement={<CategoryLoadError />}>
            {(page) => <CategoryProducts category={category} page={page} paged={paged} />}
          </Await>
        </Suspense>
      ) : (
        // In the page itself, not in a Suspense boundary: React moves a large one's finished
        // content to the end of the page, for a script to put in place.
        <CategoryProducts category={category} page={products} paged={paged} />
      )}
    </div>
  );
}

type CategoryPageData = Route.ComponentProps["loaderData"];

function CategoryProducts({
  category,
  page: { products: list, olderCursor, newerCursor },
  paged,
}: {
  category: CategoryPageData["category"];
  page: Awaited<CategoryPageData["products"]>;
  paged: boolean;
}) {
  if (list.length === 0 && paged) {
    // A page link from before products were removed.
    return (
      <div className="border-ink/15 flex flex-col items-center gap-5 rounded-3xl border border-dashed px-6 py-16 text-center">
        <p className="text-ink/75 text-lg">No more products on this page.</p>
        <Link to={categoryPath(category.slug)} className={buttonClass("outline")}>
          {`Back to ${category.name}`}
        </Link>
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <div className="border-ink/15 flex flex-col items-center gap-5 rounded-3xl border border-dashed px-6 py-16 text-center">
        <p className="text-ink/75 text-lg">No products available in this category yet.</p>
        <Link to="/" className={buttonClass("outline")}>
          Continue Shopping
        </Link>
      </div>
    );
  }
  return (
    <>
      {/* Cards name their products in h3s: the grid needs its own h2 for a sound outline. */}
      <h2 className="sr-only">{`${category.name} products`}</h2>
      <ProductGrid products={list} priorityCount={4} label={`${category.name} products`} />
      <PageLinks
        label={`Pages of ${category.name}`}
        previous={newerCursor ? `${categoryPath(category.slug)}?before=${newerCursor}` : null}
        next={olderCursor ? `${categoryPath(category.slug)}?after=${olderCursor}` : null}
      />
    </>
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
  if (isRouteErrorResponse(error) && error.status === 400) {
    return (
      <PageMessage title={name}>
        <p>{BROKEN_PAGE_LINK}</p>
        <Link to={categoryPath(slug)} className={buttonClass("primary")}>
          {`Back to ${name}`}
        </Link>
      </PageMessage>
    );
  }
  return (
    <PageMessage title={name} tone="error">
      <p role="alert">Error loading products. Please try again later.</p>
      <Link to="/" className={buttonClass("primary")}>
        Back to Home
      </Link>
    </PageMessage>
  );
}

export function meta({ loaderData, matches, params, location, error }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const storeName = root?.store.name ?? "Selvage";
  if (!loaderData) {
    const title = isRouteErrorResponse(error) && error.status === 400 ? "Page Link Not Valid" : CATEGORY_NOT_FOUND;
    return [{ title: `${title} | ${storeName}` }, { name: "robots", content: "noindex" }];
  }
  const { category } = loaderData;
  return seoMeta({
    origin: root?.origin ?? "",
    storeName,
    // Each page of a large category is its own page, with its own address.
    path: `${categoryPath(params.slug)}${loaderData.paged ? location.search : ""}`,
    title: category.name,
    description: summarize(category.description || `Handmade ${category.name.toLowerCase()} from our Colorado studio.`),
    image: category.imageUrl,
  });
}
