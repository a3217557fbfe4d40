import type { Route } from "./+types/sitemap";
import { listCategories } from "../../../server/catalog/categories.ts";
import { listProductSlugs } from "../../../server/catalog/product-catalog.ts";
import { servicesContext, storeContext } from "../../../server/context.ts";

// GET /sitemap.xml — every page a search engine should know: home, contact, the
// categories, every product (with its last change) and the terms and privacy policy.

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const scope = context.get(storeContext);
  const [categories, productRows] = await Promise.all([listCategories(scope), listProductSlugs(scope)]);
  const origin = config.PUBLIC_URL;
  const entries = [
    { path: "/", lastmod: undefined },
    { path: "/contact", lastmod: undefined },
    ...categories.map((category) => ({ path: `/category/${category.slug}`, lastmod: undefined })),
    ...productRows.map((row) => ({ path: `/product/${row.slug}`, lastmod: row.updatedAt.toISOString() })),
    { path: "/terms", lastmod: undefined },
    { path: "/privacy", lastmod: undefined },
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) =>
        `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
