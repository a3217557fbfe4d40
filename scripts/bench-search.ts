// Product search at scale on a PostgreSQL server: the shop's search query (searchProducts,
// as the application role under row security), the search page and the page of the category
// holding the generated products, served by the production build, first with about 100
// products, then with 100,000 (and a second store of 10,000 on the same database). Needs
// TEST_DATABASE_URL or DATABASE_URL: a new database is created there and dropped afterwards
// (the named one is never touched).
//   node scripts/bench-search.ts      (also run by `npm run bench`; BUILD_DIR names the build)
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { DEFAULT_TENANT } from "../core/constants.ts";
import { searchProducts } from "../server/catalog/product-catalog.ts";
import { openDatabase, type DatabaseHandle } from "../server/db/client.ts";
import { storeScope } from "../server/db/store-scope.ts";
import { startAppServer } from "../tests/support/app-server.ts";
import { withServerDatabase } from "./bench-orders.ts";
import { quantile } from "./bench-load.ts";

const SMALL = 100;
const LARGE = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const OTHER_STORE_PRODUCTS = Math.round(LARGE / 10);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARM_UP = 10;
export const SEARCH_QUERY_P95_GOAL_MS = 10;
export const SEARCH_PAGE_RATIO_GOAL = 2;

/** What shoppers type: a word many products have, one few have, and one none has. */
const TERMS = [
  { label: "common word", q: "canvas" },
  { label: "rare word", q: "heirloom" },
  { label: "no match", q: "zzyzx" },
];

const ADJECTIVES = [
  "Everyday",
  "Market",
  "Trail",
  "Studio",
  "Harbor",
  "Meadow",
  "Canyon",
  "Prairie",
  "Aspen",
  "Juniper",
];
const KINDS = ["Tote", "Pouch", "Wallet", "Backpack", "Sling", "Clutch", "Bucket Bag", "Sleeve", "Duffel", "Satchel"];
const SENTENCES = [
  "Sewn by hand in a small studio in Colorado.",
  "Lined with a sturdy cotton twill and finished with bound seams.",
  "A roomy main pocket and a slip pocket for your phone.",
  "Made from waxed canvas that softens with every use.",
  "Closes with a brass zipper that glides smoothly.",
  "Wide straps sit comfortably on the shoulder all day.",
  "Choose the fabric that suits you from our library.",
  "Folds flat for travel and packs into a suitcase easily.",
];

const textArray = (values: readonly string[]) => `ARRAY[${values.map((value) => pg.escapeLiteral(value)).join(",")}]`;

const GENERATE_BATCH = 10_000;

/**
 * Products g = from..to of a store, made inside the database by generate_series: a name of
 * two words and a number, a description of three sentences; one in eight mentions canvas,
 * one in a thousand is an heirloom piece. Each has its store's first category.
 */
export async function generateProducts(handle: DatabaseHandle, tenantId: string, from: number, to: number) {
  const tenant = pg.escapeLiteral(tenantId);
  const db = handle.asOwner();
  await db.execute(sql`insert into tenants (id) values (${tenantId}) on conflict do nothing`);
  await db.execute(
    sql.raw(`
    insert into categories (tenant_id, slug, name, sort_order)
    select ${tenant}, 'bench', 'Bench', 99
    where not exists (select 1 from categories where tenant_id = ${tenant})`),
  );
  // In batches: the search indexes are written through (drizzle/0009), about 3 s per 10,000
  // products here, and one statement for all of them would pass the statement timeout.
  for (let start = from; start <= to; start += GENERATE_BATCH) {
    const end = Math.min(to, start + GENERATE_BATCH - 1);
    await db.execute(
      sql.raw(`
    insert into products (tenant_id, slug, name, description, price_cents, category_id, has_fabric_selection,
      default_images, source, created_at, updated_at)
    select ${tenant}, 'bench-' || g,
      (${textArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' || (${textArray(KINDS)})[1 + (g / 10) % ${KINDS.length}] || ' No. ' || g,
      (${textArray(SENTENCES)})[1 + g % 3] || ' ' || (${textArray(SENTENCES)})[4 + (g % 8 <> 0)::int + (g % 4 = 1)::int] || ' ' ||
        case when g % 1000 = 7 then 'An heirloom piece, one of a kind.' else (${textArray(SENTENCES)})[7 + g % 2] end,
      1000 + (g % 90) * 100, c.id, false, '[]'::jsonb, 'bench', t.at, t.at
    from generate_series(${start}, ${end}) g
    cross join (select id from categories where tenant_id = ${tenant} order by sort_order, name limit 1) c
    cross join lateral (select timestamptz '2026-11-01 12:00:00+00' - g * interval '1 minute' as at) t`),
    );
  }
  await db.execute(sql`analyze products`);
}

export interface SearchFigures {
  /** Per size and term: p95 of the query in the database and p50/p95 of the page. */
  sizes: {
    products: number;
    terms: { label: string; q: string; rows: number; queryP95: number; pageP50: number; pageP95: number }[];
    /** The category every generated product is in: its first page. */
    category: { slug: string; pageP50: number; pageP95: number };
  }[];
}

/** p50 and p95 of a page served by the app, after a warm-up. */
async function pageTimes(url: string): Promise<{ pageP50: number; pageP95: number }> {
  const page: number[] = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers: { "accept-encoding": "gzip, deflate, br" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= WARM_UP) page.push(performance.now() - t0);
  }
  page.sort((a, b) => a - b);
  return { pageP50: quantile(page, 0.5), pageP95: quantile(page, 0.95) };
}

async function measure(handle: DatabaseHandle, appUrl: string) {
  const scope = storeScope(handle, DEFAULT_TENANT);
  const figures = [];
  for (const { label, q } of TERMS) {
    let rows = 0;
    for (let i = 0; i < WARM_UP; i++) rows = (await searchProducts(scope, q)).products.length;
    const query: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      await searchProducts(scope, q);
      query.push(performance.now() - t0);
    }
    query.sort((a, b) => a - b);
    figures.push({
      label,
      q,
      rows,
      queryP95: quantile(query, 0.95),
      ...(await pageTimes(`${appUrl}/search?q=${encodeURIComponent(q)}`)),
    });
  }
  return figures;
}

/** The page of the category the generated products go to (the store's first). */
async function measureCategory(handle: DatabaseHandle, appUrl: string) {
  const { rows } = (await handle
    .asOwner()
    .execute(
      sql`select slug from categories where tenant_id = ${DEFAULT_TENANT} order by sort_order, name limit 1`,
    )) as unknown as { rows: { slug: string }[] };
  const slug = rows[0]!.slug;
  return { slug, ...(await pageTimes(`${appUrl}/category/${slug}`)) };
}

/** The figures, or null when no PostgreSQL server is named. */
export async function benchSearch(): Promise<SearchFigures | null> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) return null;
  return withServerDatabase(serverUrl, async (databaseUrl) => {
    // The shop on that database (demo store, migrations), rendering every page: no page cache.
    const app = await startAppServer({ env: { DATABASE_URL: databaseUrl, PAGE_CACHE: "false" } });
    const handle = await openDatabase({
      databaseUrl,
      migrationsFolder: path.resolve(import.meta.dirname, "../drizzle"),
    });
    try {
      const countOf = async () =>
        Number(
          (
            (await handle
              .asOwner()
              .execute(sql`select count(*) as n from products where tenant_id = ${DEFAULT_TENANT}`)) as unknown as {
              rows: { n: unknown }[];
            }
          ).rows[0]!.n,
        );
      const sizes: SearchFigures["sizes"] = [];
      const demo = await countOf();
      await generateProducts(handle, DEFAULT_TENANT, 1, SMALL - demo);
      const sizeFigures = async () => ({
        products: await countOf(),
        terms: await measure(handle, app.url),
        category: await measureCategory(handle, app.url),
      });
      sizes.push(await sizeFigures());
      await generateProducts(handle, DEFAULT_TENANT, SMALL - demo + 1, LARGE - demo);
      await generateProducts(handle, "bench-neighbour", 1, OTHER_STORE_PRODUCTS);
      sizes.push(await sizeFigures());
      return { sizes };
    } finally {
      await handle.close();
      await app.stop();
    }
  });
}

/** The search page's slowdown from the small catalogue to the large one (worst term). */
export function pageSlowdown(figures: SearchFigures): number {
  const [small, large] = figures.sizes;
  return Math.max(...large!.terms.map((term, index) => term.pageP50 / small!.terms[index]!.pageP50));
}

/** The category page's slowdown from the small catalogue to the large one. */
export function categorySlowdown(figures: SearchFigures): number {
  const [small, large] = figures.sizes;
  return large!.category.pageP50 / small!.category.pageP50;
}

if (import.meta.main) {
  const figures = await benchSearch();
  if (!figures) {
    console.log("search: skipped (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server)");
    process.exit(0);
  }
  console.log(
    "products".padStart(9),
    "term".padEnd(14),
    "rows".padStart(5),
    "query p95".padStart(10),
    "page p50".padStart(9),
    "page p95".padStart(9),
  );
  for (const size of figures.sizes) {
    for (const term of size.terms) {
      console.log(
        String(size.products).padStart(9),
        term.label.padEnd(14),
        String(term.rows).padStart(5),
        term.queryP95.toFixed(1).padStart(10),
        term.pageP50.toFixed(1).padStart(9),
        term.pageP95.toFixed(1).padStart(9),
      );
    }
  }
  for (const size of figures.sizes) {
    const { slug, pageP50, pageP95 } = size.category;
    console.log(
      String(size.products).padStart(9),
      `/category/${slug}`.padEnd(20),
      pageP50.toFixed(1),
      pageP95.toFixed(1),
    );
  }
  console.log(`search page slowdown: ${pageSlowdown(figures).toFixed(2)}×`);
  console.log(`category page slowdown: ${categorySlowdown(figures).toFixed(2)}×`);
}
