import { type RouteConfigEntry, index } from "@react-router/dev/routes";

/** The storefront: every page a shopper sees. */
export const shopRoutes: RouteConfigEntry[] = [index("routes/shop/home.tsx")];
