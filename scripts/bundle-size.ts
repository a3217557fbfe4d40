// `node scripts/bundle-size.ts [buildDir]`: the JavaScript a browser downloads before a
// storefront page is interactive (entry + every route module and import on the route's
// branch), gzip-compressed, read from React Router's client manifest. Fails when a page
// exceeds its budget or when a storefront route pulls in admin code. The manifest's own file is
// not counted: with lazy route discovery (React Router's default, used here) a page carries its
// routes' manifest inline and never loads that file.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface RouteEntry extends ManifestEntry {
  id: string;
  parentId?: string;
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, RouteEntry>;
}

const KB = 1024;
/**
 * Initial JavaScript budgets, gzip. The performance goal is 120 KB for the product page, which
 * `npm run bench` holds it to; React, ReactDOM and React Router alone are about 105 KB. Every page
 * is at 120.1 KB or less today (the product page 119.6), so 121 keeps a page from growing further
 * unnoticed.
 */
const BUDGET_KB = 121;
const PAGES: { page: string; routeId: string; budgetKb: number }[] = [
  { page: "/", routeId: "routes/shop/home", budgetKb: BUDGET_KB },
  { page: "/category/:slug", routeId: "routes/shop/category", budgetKb: BUDGET_KB },
  { page: "/product/:slug", routeId: "routes/shop/product-page", budgetKb: BUDGET_KB },
  { page: "/search", routeId: "routes/shop/search", budgetKb: BUDGET_KB },
  { page: "/cart", routeId: "routes/shop/cart", budgetKb: BUDGET_KB },
  { page: "/contact", routeId: "routes/shop/contact", budgetKb: BUDGET_KB },
  { page: "(not found)", routeId: "routes/not-found", budgetKb: BUDGET_KB },
];

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.argv[2] ?? process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const assetsDir = path.join(clientDir, "assets");

const manifestFile = readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
if (!manifestFile) {
  console.error(
    `No React Router manifest in ${assetsDir}: build first (BUILD_DIR=${path.basename(buildDir)} react-router build).`,
  );
  process.exit(1);
}
const manifestSource = readFileSync(path.join(assetsDir, manifestFile), "utf8");
const sandbox: { window: { __reactRouterManifest?: Manifest } } = { window: {} };
runInNewContext(manifestSource, sandbox);
const manifest = sandbox.window.__reactRouterManifest;
if (!manifest) throw new Error(`${manifestFile} does not define window.__reactRouterManifest`);

const gzipCache = new Map<string, number>();
const gzipSize = (url: string) => {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
};

function branch(routeId: string): RouteEntry[] {
  const chain: RouteEntry[] = [];
  for (let id: string | undefined = routeId; id; id = manifest!.routes[id]?.parentId) {
    const route = manifest!.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest`);
    chain.unshift(route);
  }
  return chain;
}

let failed = false;
console.log(`Initial JavaScript per storefront page (gzip), from ${path.relative(root, buildDir)}/\n`);
console.log("page".padEnd(18), "files".padStart(6), "KB gzip".padStart(9), "budget".padStart(8));
for (const { page, routeId, budgetKb } of PAGES) {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of branch(routeId)) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const adminFiles = [...files].filter((file) => /admin/i.test(file));
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const over = bytes > budgetKb * KB;
  failed ||= over || adminFiles.length > 0;
  console.log(
    page.padEnd(18),
    String(files.size).padStart(6),
    (bytes / KB).toFixed(1).padStart(9),
    `${budgetKb}${over ? " ✖" : ""}`.padStart(8),
  );
  if (adminFiles.length > 0) console.log(`  ✖ loads admin code: ${adminFiles.join(", ")}`);
}
process.exit(failed ? 1 : 0);
