import {
  BookOpen,
  Inbox,
  LayoutDashboard,
  ShoppingBag,
  Package,
  Palette,
  Plus,
  Settings,
  Stethoscope,
  type LucideIcon,
} from "lucide-react";
import type { MetaDescriptor } from "react-router";

// The one list of admin pages. The route table (routes.ts), the sidebar, the dashboard's
// quick links and every admin page's <title> are built from it, so a page is added or
// renamed here and nowhere else. Browser code reads it too: no server imports here.

/** The route id of the layout whose middleware guards every "owner" page (tests look for it). */
export const PROTECTED_LAYOUT_ID = "admin-protected";

/** The counts the sidebar can show beside a link. */
export type SidebarBadge = "newOrders" | "unreadMessages";

export interface AdminPage {
  /** Names the page in code: adminMeta("products"), adminPath("product-edit", { productId }). */
  readonly id: string;
  /** URL path below /admin: "" is /admin itself, "*" is any path no other page matches. */
  readonly path: string;
  /** The route module, relative to app/. */
  readonly file: string;
  /** "public" pages (signing in) sit outside the protected layout; the rest need the store's owner. */
  readonly access: "public" | "owner";
  /** The document title, shown as "{title} · Admin"; null for routes that answer without a page. */
  readonly title: string | null;
  /**
   * A link in the sidebar (and the mobile menu); `badge` names the count shown beside it
   * (what needs attention: new orders, unread messages), loaded by the admin layout.
   */
  readonly sidebar?: { readonly label: string; readonly icon: LucideIcon; readonly badge?: SidebarBadge };
  /** A card among the dashboard's quick links. */
  readonly quickLink?: { readonly label: string; readonly description: string; readonly icon: LucideIcon };
}

export const ADMIN_PAGES = [
  { id: "login", path: "login", file: "routes/admin/sign-in/login.tsx", access: "public", title: "Sign In" },
  {
    id: "reset-password",
    path: "reset-password",
    file: "routes/admin/sign-in/reset-password.tsx",
    access: "public",
    title: "Reset password",
  },
  {
    id: "update-password",
    path: "update-password",
    file: "routes/admin/sign-in/update-password.tsx",
    access: "public",
    title: "Update password",
  },
  // Signing out is a form post from the sidebar; the route shows no page.
  { id: "logout", path: "logout", file: "routes/admin/sign-in/logout.tsx", access: "public", title: null },
  {
    id: "dashboard",
    path: "",
    file: "routes/admin/dashboard.tsx",
    access: "owner",
    title: "Dashboard",
    sidebar: { label: "Dashboard", icon: LayoutDashboard },
  },
  {
    id: "orders",
    path: "orders",
    file: "routes/admin/orders/order-list.tsx",
    access: "owner",
    title: "Orders",
    sidebar: { label: "Orders", icon: ShoppingBag, badge: "newOrders" },
    quickLink: { label: "Orders", description: "What to make, what is ready, what to refund", icon: ShoppingBag },
  },
  // GET /admin/orders.csv: the list's orders, as filtered, one row per item (answers CSV).
  { id: "orders-csv", path: "orders.csv", file: "routes/admin/orders/orders-csv.ts", access: "owner", title: null },
  {
    id: "order-detail",
    path: "orders/:orderNumber",
    file: "routes/admin/orders/order-detail.tsx",
    access: "owner",
    title: "Order",
  },
  {
    id: "messages",
    path: "messages",
    file: "routes/admin/messages/message-inbox.tsx",
    access: "owner",
    title: "Messages",
    sidebar: { label: "Messages", icon: Inbox, badge: "unreadMessages" },
  },
  {
    id: "products",
    path: "products",
    file: "routes/admin/products/product-list.tsx",
    access: "owner",
    title: "Products",
    sidebar: { label: "Products", icon: Package },
    quickLink: { label: "Manage products", description: "Edit prices, pictures and descriptions", icon: Package },
  },
  {
    id: "product-new",
    path: "products/new",
    file: "routes/admin/products/product-new.tsx",
    access: "owner",
    title: "Add New Product",
    quickLink: { label: "Add a product", description: "Create a new design with its fabrics", icon: Plus },
  },
  {
    id: "product-edit",
    path: "products/edit/:productId",
    file: "routes/admin/products/product-edit.tsx",
    access: "owner",
    title: "Edit Product",
  },
  {
    id: "fabrics",
    path: "fabrics",
    file: "routes/admin/fabrics/fabric-library.tsx",
    access: "owner",
    title: "Fabric Library",
    sidebar: { label: "Fabric Library", icon: Palette },
    quickLink: { label: "Fabric Library", description: "Swatches, upcharges and stock", icon: Palette },
  },
  {
    id: "fabric-new",
    path: "fabrics/new",
    file: "routes/admin/fabrics/fabric-new.tsx",
    access: "owner",
    title: "Add Fabric",
  },
  {
    id: "fabric-edit",
    path: "fabrics/edit/:fabricId",
    file: "routes/admin/fabrics/fabric-edit.tsx",
    access: "owner",
    title: "Edit Fabric",
  },
  {
    id: "settings",
    path: "settings",
    file: "routes/admin/store/settings.tsx",
    access: "owner",
    title: "Settings",
    sidebar: { label: "Settings", icon: Settings },
    quickLink: { label: "Settings", description: "Branding, categories and your account", icon: Settings },
  },
  {
    id: "guide",
    path: "guide",
    file: "routes/admin/guide.tsx",
    access: "owner",
    title: "Admin Guide",
    sidebar: { label: "Guide", icon: BookOpen },
  },
  {
    id: "diagnostics",
    path: "diagnostics",
    file: "routes/admin/store/diagnostics.tsx",
    access: "owner",
    title: "Diagnostics",
    sidebar: { label: "Diagnostics", icon: Stethoscope },
  },
  // POST /admin/uploads: pictures for products, fabrics and the logo (answers JSON).
  { id: "uploads", path: "uploads", file: "routes/admin/uploads.ts", access: "owner", title: null },
  // Any other path below /admin: a 404 inside the admin layout (strangers still go to sign in).
  {
    id: "not-found",
    path: "*",
    file: "routes/admin/admin-not-found.tsx",
    access: "owner",
    title: "Page Not Found",
  },
] as const satisfies readonly AdminPage[];

export type AdminPageId = (typeof ADMIN_PAGES)[number]["id"];

/** The pages that show a page title (resource routes excluded). */
export type TitledPageId = Extract<(typeof ADMIN_PAGES)[number], { title: string }>["id"];

const BY_ID = new Map<string, AdminPage>(ADMIN_PAGES.map((page) => [page.id, page]));

export function adminPage(id: AdminPageId): AdminPage {
  return BY_ID.get(id)!;
}

type RegisteredPage = (typeof ADMIN_PAGES)[number];

/** The sidebar's links, in registry order. */
export const SIDEBAR_PAGES = ADMIN_PAGES.filter(
  (page): page is Extract<RegisteredPage, { sidebar: object }> => "sidebar" in page,
);

/** The dashboard's quick links, in registry order. */
export const QUICK_LINK_PAGES = ADMIN_PAGES.filter(
  (page): page is Extract<RegisteredPage, { quickLink: object }> => "quickLink" in page,
);

/**
 * The URL of an admin page: adminPath("products") → "/admin/products",
 * adminPath("product-edit", { productId }) → "/admin/products/edit/…".
 */
export function adminPath(id: AdminPageId, params: Record<string, string> = {}): string {
  const path = adminPage(id).path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`adminPath("${id}") needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  return path ? `/admin/${path}` : "/admin";
}

/** "{title} · Admin", the document title of an admin page. */
export function adminTitle(id: TitledPageId): string {
  return `${adminPage(id).title} · Admin`;
}

/**
 * A page's meta: its title and noindex (the admin area is no business of search engines).
 * In a route module: `export const meta: Route.MetaFunction = () => adminMeta("products");`
 */
export function adminMeta(id: TitledPageId): MetaDescriptor[] {
  return [{ title: adminTitle(id) }, { name: "robots", content: "noindex" }];
}
