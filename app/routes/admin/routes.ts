import { type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import { ADMIN_PAGES, PROTECTED_LAYOUT_ID, type AdminPage } from "./admin-pages.ts";

function entry(page: AdminPage): RouteConfigEntry {
  return page.path === "" ? index(page.file) : route(page.path, page.file);
}

/**
 * The owner's admin area under /admin, built from the page registry (admin-pages.ts).
 * Everything inside the protected layout is checked by its middleware
 * (server/auth/admin-guard.ts) before any loader or action runs; tests walk this
 * table, so a page added to the registry is covered automatically.
 */
export const adminRoutes: RouteConfigEntry[] = [
  ...prefix("admin", [
    ...ADMIN_PAGES.filter((page) => page.access === "public").map(entry),
    layout(
      "routes/admin/admin-layout.tsx",
      { id: PROTECTED_LAYOUT_ID },
      ADMIN_PAGES.filter((page) => page.access === "owner").map(entry),
    ),
  ]),
];
