import { Layers } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { loadCatalogSummary } from "../../../server/catalog/catalog-summary.ts";
import { storeContext } from "../../../server/context.ts";
import { AdminErrorPanel } from "../../components/admin/admin-error-boundary.tsx";
import { adminMeta, adminPath, QUICK_LINK_PAGES } from "./admin-pages.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadCatalogSummary(context.get(storeContext));
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { totalProducts, categories } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">Dashboard</h1>
      <p className="mt-1 text-sm text-stone-600">An overview of your store.</p>

      <section aria-labelledby="counts" className="mt-8">
        <h2 id="counts" className="sr-only">
          Product counts
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <div className="rounded-xl border border-stone-200 bg-stone-900 p-5 text-white shadow-sm col-span-2 lg:col-span-1">
            <dt className="flex items-center gap-2 text-sm text-stone-300">
              <Layers aria-hidden className="size-4" />
              Total products
            </dt>
            <dd className="mt-2 text-3xl font-semibold">{totalProducts}</dd>
          </div>
          {categories.map((category) => (
            <div key={category.slug} className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs">
              <dt className="text-sm text-stone-600">{category.name}</dt>
              <dd className="mt-2 text-3xl font-semibold text-stone-900">{category.productCount}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="quick-links" className="mt-10">
        <h2 id="quick-links" className="text-base font-semibold text-stone-900">
          Quick links
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {QUICK_LINK_PAGES.map(({ id, quickLink: { label, description, icon: Icon } }) => (
            <li key={id}>
              <Link
                to={adminPath(id)}
                className="flex items-start gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-xs transition-colors hover:border-stone-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-700">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span>
                  <span className="block text-sm font-medium text-stone-900">{label}</span>
                  <span className="mt-0.5 block text-sm text-stone-600">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("dashboard");

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPanel error={error} heading="Dashboard" failure="Failed to load dashboard data" />;
}
