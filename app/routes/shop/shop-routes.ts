import { type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";
import { checkoutPages } from "../checkout/checkout-routes";

/** The storefront: every page a shopper sees, inside the shop's header and footer. */
export const shopRoutes: RouteConfigEntry[] = [
  layout("routes/shop/shop-layout.tsx", [
    index("routes/shop/home.tsx"),
    route("category/:slug", "routes/shop/category.tsx"),
    route("product/:slug", "routes/shop/product-page.tsx"),
    route("search", "routes/shop/search.tsx"),
    route("cart", "routes/shop/cart.tsx"),
    route("contact", "routes/shop/contact.tsx"),
    // Checkout, thank-you and legal pages (server/orders' issue) share the shop's chrome.
    ...checkoutPages,
  ]),
  // Resource routes: no page, just a response.
  route("api/cart/prices", "routes/shop/cart-prices.ts"),
  route("sitemap.xml", "routes/shop/sitemap.ts"),
  route("robots.txt", "routes/shop/robots.ts"),
];
