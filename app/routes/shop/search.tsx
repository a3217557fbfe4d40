import { SearchX } from "lucide-react";
import { data, Link } from "react-router";
import { SEARCH_PAGE_LIMIT, SEARCH_PAGE_SIZE } from "../../../core/constants.ts";
import type { Route } from "./+types/search";
import { toProductCard } from "../../../server/catalog/product-cards.ts";
import { listCategoryTiles } from "../../../server/catalog/categories.ts";
import { listLatestProducts, searchProducts } from "../../../server/catalog/product-catalog.ts";
import { storeContext } from "../../../server/context.ts";
import { CategoryTiles } from "../../components/shop/category-tiles.tsx";
import { searchPath } from "../../components/shop/nav-links.ts";
import { BROKEN_PAGE_LINK, PageLinks } from "../../components/shop/page-links.tsx";
import { ProductGrid } from "../../components/shop/product-grid.tsx";
import { SearchForm } from "../../components/shop/search-form.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { seoMeta } from "../../lib/seo.ts";

/** Longer queries are cut: nobody types this much, and it bounds the work per request. */
const MAX_QUERY_LENGTH = 100;
const SUGGESTED_PRODUCTS = 4;

/** The page asked for: 1 when none is, null for anything but a page number within the limit. */
function pageOf(params: URLSearchParams): number | null {
  const given = params.get("page");
  if (given === null || given === "") return 1;
  if (!/^[1-9]\d{0,3}$/.test(given)) return null;
  const page = Number(given);
  return page <= SEARCH_PAGE_LIMIT ? page : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  // A page number this shop never links to is the client's mistake.
  const page = pageOf(params);
  if (page === null) throw data(BROKEN_PAGE_LINK, { status: 400 });
  // An empty or whitespace-only query searches nothing (spec §5).
  const found = query ? await searchProducts(scope, query, page) : { products: [], hasNextPage: false };
  const results = found.products.map(toProductCard);
  // Nothing found: somewhere to go next, the categories and the newest products.
  const suggestions =
    query && results.length === 0 && page === 1
      ? await Promise.all([listCategoryTiles(scope), listLatestProducts(scope, { limit: SUGGESTED_PRODUCTS })]).then(
          ([categories, products]) => ({ categories, products: products.map(toProductCard) }),
        )
      : null;
  return { query, page, results, hasNextPage: found.hasNextPage && page < SEARCH_PAGE_LIMIT, suggestions };
}

/** What the results line says: how many were found, or which of them a page shows. */
function resultsSummary(page: number, shown: number, hasNextPage: boolean): string {
  if (page === 1 && !hasNextPage) return `${shown} ${shown === 1 ? "product" : "products"} found`;
  const first = (page - 1) * SEARCH_PAGE_SIZE + 1;
  return `Products ${first}–${first + shown - 1}, newest first`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, page, results, hasNextPage, suggestions } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
      <header className="mb-12 max-w-2xl">
        <p className="text-ink/70 text-xs font-semibold tracking-[0.25em] uppercase">Search</p>
        {/* A long word breaks rather than widening the page. */}
        <h1 className="mt-3 font-serif text-4xl break-words sm:text-5xl">
          {query ? <>Results for &ldquo;{query}&rdquo;</> : "Search our shop"}
        </h1>
        <div aria-hidden="true" className="bg-brand mt-5 h-px w-12" />
        {query && results.length > 0 && (
          <p className="text-ink/70 mt-5" role="status">
            {resultsSummary(page, results.length, hasNextPage)}
          </p>
        )}
        <SearchForm label="Search our shop" className="mt-6 max-w-md" />
      </header>
      {query &&
        (results.length === 0 && page > 1 ? (
          // A page link from before products were removed.
          <div className="border-ink/15 flex flex-col items-center gap-5 rounded-3xl border border-dashed px-6 py-16 text-center">
            <p className="text-ink/75 text-lg">No more results on this page.</p>
            <Link to={searchPath(query)} className={buttonClass("outline")}>
              Back to the first page
            </Link>
          </div>
        ) : results.length === 0 ? (
          <>
            <div className="border-ink/15 flex flex-col items-center gap-4 rounded-3xl border border-dashed px-6 py-12 text-center">
              <SearchX aria-hidden="true" className="text-ink/40 size-10" strokeWidth={1.5} />
              <p role="status" className="font-serif text-2xl">
                No results found
              </p>
              <p className="text-ink/70">Try another word, or browse our categories.</p>
              <Link to="/" className={buttonClass("outline")}>
                Continue Shopping
              </Link>
            </div>
            {suggestions && suggestions.categories.length > 0 && (
              <section aria-labelledby="search-categories-heading" className="mt-16">
                <h2 id="search-categories-heading" className="mb-6 font-serif text-3xl">
                  Browse our categories
                </h2>
                <CategoryTiles tiles={suggestions.categories} />
              </section>
            )}
            {suggestions && suggestions.products.length > 0 && (
              <section aria-labelledby="search-products-heading" className="mt-16">
                <h2 id="search-products-heading" className="mb-6 font-serif text-3xl">
                  New from the studio
                </h2>
                <ProductGrid products={suggestions.products} label="New from the studio" />
              </section>
            )}
          </>
        ) : (
          <>
            <h2 className="sr-only">Search results</h2>
            <ProductGrid products={results} priorityCount={4} label="Search results" />
            <PageLinks
              label="Pages of search results"
              previous={page > 1 ? searchPath(query, page - 1) : null}
              next={hasNextPage ? searchPath(query, page + 1) : null}
            />
          </>
        ))}
    </div>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const query = loaderData?.query ?? "";
  return seoMeta({
    origin: root?.origin ?? "",
    storeName: root?.store.name ?? "Selvage",
    path: query ? searchPath(query, loaderData?.page) : "/search",
    // Each page its own title, so a move to the next page is announced too.
    title: query ? `Search: ${query}${(loaderData?.page ?? 1) > 1 ? ` (page ${loaderData?.page})` : ""}` : "Search",
    description: `Search handcrafted purses, bags and wallets${query ? ` for “${query}”` : ""}.`,
    noIndex: true,
  });
}
