import { Link } from "react-router";
import type { Route } from "./+types/home";
import { listProducts } from "../../../server/catalog/products.ts";
import { requestContext, servicesContext } from "../../../server/context.ts";
import { ProductCard } from "../../components/shop/product-card";

const FEATURED_COUNT = 4;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { tenantId } = context.get(requestContext);
  const featured = await listProducts(db, tenantId, { limit: FEATURED_COUNT });
  return {
    featured: featured.map((product) => ({
      slug: product.slug,
      name: product.name,
      priceCents: product.priceCents,
      hasFabricSelection: product.hasFabricSelection,
      fabricCount: product.fabrics.length,
      image: product.defaultImages.find(Boolean) ?? null,
    })),
  };
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const store = matches[0].loaderData.store;
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="mb-12 text-center">
        <p className="text-brand text-sm font-semibold tracking-widest uppercase">{store.name}</p>
        <h1 className="mt-2 font-serif text-4xl sm:text-5xl">Handcrafted Bags &amp; Purses</h1>
        <p className="mt-3 text-lg text-neutral-600">Made with love in Colorado</p>
      </header>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="mb-6 font-serif text-2xl">
          Featured Products
        </h2>
        {loaderData.featured.length === 0 ? (
          <div className="rounded-lg border border-dashed border-black/20 p-10 text-center">
            <p>No products available yet.</p>
            <Link to="/admin/products/new" className="mt-3 inline-block underline">
              Add Your First Product
            </Link>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.featured.map((product, index) => (
              <li key={product.slug}>
                <ProductCard product={product} eager={index < 2} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const store = matches[0].loaderData?.store;
  return [
    { title: `${store?.name ?? "Selvage"} — Handcrafted Bags & Purses` },
    { name: "description", content: "Handcrafted purses, bags and wallets made with love in Colorado, in a choice of fabrics." },
  ];
}
