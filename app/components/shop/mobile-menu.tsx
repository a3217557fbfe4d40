import { Menu } from "lucide-react";
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from "react";
import { usePageLoaded } from "../../lib/use-page-loaded.ts";
import type { MenuDrawer as Drawer } from "./mobile-menu-drawer.tsx";
import type { NavCategory } from "./nav-links.ts";

// The drawer is not among a page's first scripts: it is fetched once the page has loaded, or at
// the first tap if that comes sooner. Should its script fail to load, the button does nothing;
// the footer still links every category and the contact page.
const MenuDrawer = lazy<ComponentType<ComponentProps<typeof Drawer>>>(() =>
  import("./mobile-menu-drawer.tsx").then(
    (module) => ({ default: module.MenuDrawer }),
    () => ({ default: () => null }),
  ),
);

/** The phone's menu button, and the drawer it opens. */
export function MobileMenu({ categories }: { categories: NavCategory[] }) {
  // How many times the shopper has asked for the drawer: each tap opens it once.
  const [requests, setRequests] = useState(0);
  const pageLoaded = usePageLoaded();
  return (
    <>
      <button
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        onClick={() => setRequests((count) => count + 1)}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-ink md:hidden"
      >
        <Menu aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </button>
      {(pageLoaded || requests > 0) && (
        <Suspense fallback={null}>
          <MenuDrawer categories={categories} requests={requests} />
        </Suspense>
      )}
    </>
  );
}
