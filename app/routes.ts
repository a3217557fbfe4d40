import { type RouteConfig, route } from "@react-router/dev/routes";
import { adminRoutes } from "./routes/admin/routes";
import { paymentRoutes } from "./routes/checkout/checkout-routes";
import { shopRoutes } from "./routes/shop/shop-routes";

export default [
  ...shopRoutes,
  ...adminRoutes,
  ...paymentRoutes,
  // Any other path: the not-found page, answered with HTTP 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
