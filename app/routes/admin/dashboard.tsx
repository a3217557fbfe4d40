import { Layers } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { loadCatalogSummary } from "../../../server/catalog/catalog-summary.ts";
import { storeContext } from "../../../server/context.ts";
import { loadSalesSummary, SALES_DAYS } from "../../../server/orders/sales-summary.ts";
import { AdminErrorPanel } from "../../components/admin/admin-error-boundary.tsx";
import {
  AttentionCards,
  BestSellerTable,
  FailedEmailsPanel,
  RevenueFigures,
} from "../../components/admin/dashboard/dashboard-cards.tsx";
import { SalesChart } from "../../components/admin/dashboard/sales-chart.tsx";
import { adminMeta, adminPath, QUICK_LINK_PAGES } from "./admin-pages.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);
  const [catalog, sales] = await Promise.all([loadCatalogSummary(scope), loadSalesSummary(scope)]);
  return { ...catalog, sales, salesDays: SALES_DAYS };
}

const sectionHeading = "text-base font-semibold text-stone-900";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { totalProducts, categories, sales, salesDays } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">Dashboard</h1>
      <p className="mt-1 text-sm text-stone-600">An overview of your store.</p>

      <FailedEmailsPanel failed={sales.failedEmails} />

      <section aria-labelledby="attention" className="mt-8">
        <h2 id="attention" className={sectionHeading}>
          Orders and messages
        </h2>
        <div className="mt-4">
          <AttentionCards workflow={sales.workflow} unreadMessages={sales.unreadMessages} />
        </div>
      </section>

      <section aria-labelledby="sales" className="mt-10">
        <h2 id="sales" className={sectionHeading}>
          Net sales
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Paid orders less refunds, by the day they were paid (Colorado time).
        </p>
        <div className="mt-4">
          <RevenueFigures thisMonthCents={sales.thisMonthCents} last30DaysCents={sales.last30DaysCents} />
        </div>
        <div className="mt-4 rounded-xl border border-stone-200 bg-white p-5 shadow-xs">
          <h3 className="text-sm font-semibold text-stone-900">Daily net sales, last {salesDays} days</h3>
          <SalesChart days={sales.daily} title={`Daily net sales, last ${salesDays} days`} />
        </div>
      </section>

      <section aria-labelledby="best-sellers" className="mt-10">
        <h2 id="best-sellers" className={sectionHeading}>
          Best sellers, last {salesDays} days
        </h2>
        <p className="mt-1 text-sm text-stone-600">By units sold in paid orders, canceled orders left out.</p>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <BestSellerTable title="Products" rows={sales.bestProducts} />
          <BestSellerTable title="Fabrics" rows={sales.bestFabrics} />
        </div>
      </section>

      <section aria-labelledby="counts" className="mt-10">
        <h2 id="counts" className={sectionHeading}>
          Products
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
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
