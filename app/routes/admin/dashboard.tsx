import { Layers, Package, Palette, Plus, RefreshCw, Settings } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/dashboard";
import { requestContext, servicesContext } from "../../../server/context.ts";
import { AdminButton } from "../../components/admin/admin-button.tsx";
import { loadDashboardSummary } from "./dashboard.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { tenantId } = context.get(requestContext);
  return loadDashboardSummary(db, tenantId);
}

const QUICK_LINKS = [
  {
    to: "/admin/products/new",
    label: "Add a product",
    description: "Create a new design with its fabrics",
    Icon: Plus,
  },
  {
    to: "/admin/products",
    label: "Manage products",
    description: "Edit prices, pictures and descriptions",
    Icon: Package,
  },
  { to: "/admin/fabrics", label: "Fabric Library", description: "Swatches, upcharges and stock", Icon: Palette },
  { to: "/admin/settings", label: "Settings", description: "Branding, categories and your account", Icon: Settings },
];

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
          {QUICK_LINKS.map(({ to, label, description, Icon }) => (
            <li key={to}>
              <Link
                to={to}
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

export function ErrorBoundary() {
  const revalidator = useRevalidator();
  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">Dashboard</h1>
      <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <p className="font-medium">Failed to load dashboard data</p>
        <AdminButton
          variant="secondary"
          className="mt-4"
          disabled={revalidator.state === "loading"}
          onClick={() => void revalidator.revalidate()}
        >
          <RefreshCw aria-hidden className="size-4" />
          Retry
        </AdminButton>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Admin" }, { name: "robots", content: "noindex" }];
