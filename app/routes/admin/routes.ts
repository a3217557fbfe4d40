import { type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";

/** Pages anyone may open: signing in and recovering a password. */
export const PUBLIC_ADMIN_PATHS = ["/admin/login", "/admin/reset-password", "/admin/update-password", "/admin/logout"];

/**
 * The owner's admin area under /admin. Everything inside the "protected" layout is
 * checked by its middleware (server/auth/admin-guard.ts) before any loader or action
 * runs; tests walk this table, so a page added here is covered automatically.
 */
export const adminRoutes: RouteConfigEntry[] = [
  ...prefix("admin", [
    route("login", "routes/admin/sign-in/login.tsx"),
    route("reset-password", "routes/admin/sign-in/reset-password.tsx"),
    route("update-password", "routes/admin/sign-in/update-password.tsx"),
    route("logout", "routes/admin/sign-in/logout.tsx"),
    layout("routes/admin/layout.tsx", { id: "admin-protected" }, [
      index("routes/admin/dashboard.tsx"),
      route("products", "routes/admin/products/product-list.tsx"),
      route("products/new", "routes/admin/products/product-new.tsx"),
      route("products/edit/:productId", "routes/admin/products/product-edit.tsx"),
      route("fabrics", "routes/admin/fabrics/fabric-library.tsx"),
      route("fabrics/new", "routes/admin/fabrics/fabric-new.tsx"),
      route("fabrics/edit/:fabricId", "routes/admin/fabrics/fabric-edit.tsx"),
      route("settings", "routes/admin/store/settings.tsx"),
      route("guide", "routes/admin/guide.tsx"),
      route("diagnostics", "routes/admin/store/diagnostics.tsx"),
      route("uploads", "routes/admin/uploads.ts"),
    ]),
  ]),
];
