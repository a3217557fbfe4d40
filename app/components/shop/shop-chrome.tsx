import type { ReactNode } from "react";
import type { NavCategory } from "./nav-links.ts";
import { NavigationStatus } from "./navigation-status.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** Header, main content and footer of every storefront page. */
export function ShopChrome({
  store,
  categories,
  children,
}: {
  store: { name: string; logoUrl: string | null; email: string; phone: string };
  categories: NavCategory[];
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader storeName={store.name} logoUrl={store.logoUrl} categories={categories} />
      <NavigationStatus />
      {/* The header is fixed; the main area starts below it. */}
      <main id="main" tabIndex={-1} className="flex-1 pt-20 outline-none">
        {children}
      </main>
      <SiteFooter storeName={store.name} email={store.email} phone={store.phone} categories={categories} />
    </div>
  );
}
