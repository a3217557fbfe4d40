import type { Route } from "./+types/robots";
import { servicesContext } from "../../../server/context.ts";

// GET /robots.txt — the admin area and the shopper's own pages stay out of indexes.
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /api/",
    "Allow: /",
    "",
    `Sitemap: ${config.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
