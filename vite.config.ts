import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { defineConfig, normalizePath, type Plugin } from "vite";

type ChunkingContext = { getModuleInfo(id: string): { importers: string[] } | null };

/** The app's module of React's named exports (reactNamedExports). */
const REACT_EXPORTS = "\0react-exports:";
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|vite[\\/]preload-helper/;
const ROUTE = /[\\/]app[\\/](root\.tsx|routes[\\/].*)$|[\\/]entry\.client\.tsx$/;
const EVERY_PAGE = /[\\/](app[\\/]root\.tsx|entry\.client\.tsx)$/;
const SHOP_LAYOUT = /[\\/]app[\\/]routes[\\/](shop[\\/]shop-layout\.tsx|not-found\.tsx)$/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const ADMIN = /[\\/]app[\\/](routes|components)[\\/]admin[\\/]/;

/** The route modules (and the client entry) whose static imports reach a module. */
function routesReaching(id: string, ctx: ChunkingContext): Set<string> {
  const routes = new Set<string>();
  const seen = new Set([id]);
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const file = current.replace(/\?.*$/, "");
    if (ROUTE.test(file)) {
      routes.add(file);
      if (current !== id) continue;
    }
    for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        stack.push(importer);
      }
    }
  }
  return routes;
}

/**
 * The browser's chunks. By default every set of routes sharing a module got a chunk of its
 * own: a product page preloaded 33 files, most under 1 KB (an icon, a button), and on
 * HTTP/1.1's six connections each costs a round trip. Instead:
 * - "framework": React, React Router and what root loads, plus what every storefront page
 *   shares with the admin (money, notices): every page loads it.
 * - "shop": what every storefront page loads (header, footer, cart) and what three or more
 *   storefront routes share (two, for an icon); the admin never loads it.
 * - anything else as before: a route's own code stays in its chunk, admin-only code stays out.
 */
function chunkName(id: string, ctx: ChunkingContext): string | null {
  if (FRAMEWORK.test(id) || id.startsWith(REACT_EXPORTS)) return "framework";
  // Route modules and the entry keep their own chunks. Admin code is never grouped: should a
  // storefront route import it, its chunk keeps an admin name, which scripts/bundle-size.ts flags.
  if (ROUTE.test(id.replace(/\?.*$/, "")) || ADMIN.test(id)) return null;
  const routes = [...routesReaching(id, ctx)];
  if (routes.some((file) => EVERY_PAGE.test(file))) return "framework";
  const admin = routes.some((file) => ADMIN.test(file));
  const shop = routes.filter((file) => !ADMIN.test(file));
  if (shop.length === 0) return null;
  const everyShopPage = shop.some((file) => SHOP_LAYOUT.test(file));
  if (admin) return everyShopPage ? "framework" : null;
  // An icon is a few hundred bytes: one that two pages share rides in the storefront chunk
  // rather than costing both pages a request of its own.
  return everyShopPage || shop.length >= 3 || (LUCIDE_ICON.test(id) && shop.length >= 2) ? "shop" : null;
}

/**
 * `import { X } from "lucide-react"` becomes `import X from "lucide-react/icons/x"`. Through
 * the barrel every module that uses an icon seems to depend on every icon the app uses, so
 * `chunkName` could not tell which route needs which icon. The admin imports its own copies
 * (`?admin`): an icon shared with the admin would otherwise sit in the framework chunk, on every
 * storefront page, though one page (the cart's trash can) uses it.
 */
function lucideIconImports(): Plugin {
  const barrel = createRequire(import.meta.url)
    .resolve("lucide-react")
    .replace(/cjs[\\/]lucide-react\.js$/, "esm/lucide-react.mjs");
  // The barrel's lines read `export { default as X, default as XIcon, … } from './icons/x.mjs';`.
  const iconFile = new Map<string, string>();
  for (const [, names, file] of readFileSync(barrel, "utf8").matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) iconFile.set(name!, file!);
  }
  return {
    name: "lucide-icon-imports",
    transform: {
      filter: { id: /[\\/](app|core)[\\/].*\.tsx?$/, code: "lucide-react" },
      handler(code, id) {
        const copy = ADMIN.test(id) ? "?admin" : "";
        const rewritten = code.replace(
          /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g,
          (statement, list: string) => {
            const imports: string[] = [];
            for (const specifier of list.split(",").map((item) => item.trim())) {
              if (specifier === "") continue;
              const [, name, alias] = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(specifier) ?? [];
              // Anything but icons (a type, createLucideIcon) keeps the barrel import as it is.
              if (!name || !iconFile.has(name)) return statement;
              imports.push(`import ${alias ?? name} from "lucide-react/icons/${iconFile.get(name)}${copy}";`);
            }
            // As many lines as before, so the code after it keeps its place (map: null below).
            return imports.join(" ") + "\n".repeat(statement.split("\n").length - 1);
          },
        );
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}

/**
 * lucide-react's icon modules build their components with app/components/ui/lucide-icon.tsx
 * instead of lucide's `createLucideIcon`, so lucide's runtime (about 1 KB gzip) leaves every
 * page while each icon keeps its drawing and its import name. The app's own tests render
 * lucide's components unchanged; lucide-icon.test.tsx holds the two to the same markup.
 */
function lightLucideIcons(): Plugin {
  const factory = path.resolve(import.meta.dirname, "app/components/ui/lucide-icon.tsx");
  return {
    name: "light-lucide-icons",
    transform: {
      filter: { id: LUCIDE_ICON },
      handler(code, id) {
        if (!code.includes("createLucideIcon")) return null; // an alias module re-exporting another icon
        const rewritten = code
          .replace("from '../createLucideIcon.mjs'", `from ${JSON.stringify(factory)}`)
          // React keys for the drawing's parts: the light factory passes parts as arguments, not a list.
          .replace(/, key: "\w+"/g, "");
        // A lucide update that builds icons differently must fail the build, not ship lucide twice.
        if (rewritten === code) throw new Error(`${id} no longer imports ../createLucideIcon.mjs`);
        return { code: rewritten, map: null };
      },
    },
  };
}

/**
 * React is CommonJS, so the bundler reaches it through an interop helper: each chunk of the
 * app's code calls `(0, react.useState)(…)` on an object it builds at load. This gives the app's
 * own imports of `react` and `react/jsx-runtime` a module of React's named exports (in the
 * framework chunk), so a chunk imports `useState` and calls it, as it would an ES module:
 * 0.3 KB gzip less over a product page's chunks, for 0.16 KB more in the framework chunk.
 * Libraries keep the interop: some read React as a namespace (`React[name]`), which would make
 * the bundler keep every export.
 */
function reactNamedExports(): Plugin {
  const require = createRequire(import.meta.url);
  const production = (name: string, file: string) =>
    Object.keys(require(path.join(path.dirname(require.resolve(`${name}/package.json`)), file)) as object);
  const names = new Map([
    ["react", production("react", "cjs/react.production.js")],
    ["react/jsx-runtime", production("react", "cjs/react-jsx-runtime.production.js")],
  ]);
  return {
    name: "react-named-exports",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    resolveId: {
      filter: { id: /^react(\/jsx-runtime)?$/ },
      handler(source, importer) {
        if (!importer || importer.includes("node_modules") || importer.startsWith(REACT_EXPORTS)) return null;
        return REACT_EXPORTS + source;
      },
    },
    load: {
      filter: { id: new RegExp(`^${REACT_EXPORTS}`) },
      handler(id) {
        const source = id.slice(REACT_EXPORTS.length);
        return [
          `import React from ${JSON.stringify(source)};`,
          // Pure calls, so the bundler drops every export no chunk imports.
          "const pick = (name) => React[name];",
          ...names.get(source)!.map((name) => `export const ${name} = /* @__PURE__ */ pick(${JSON.stringify(name)});`),
        ].join("\n");
      },
    },
  };
}

/**
 * React Router's instrumentation (its `unstable_instrumentations` option: hooks around every
 * navigation, fetch, loader and action) is about 1.2 KB gzip of every page's framework chunk, and
 * the shop's browser never passes any: the router only calls into the module when given some, and
 * otherwise asks it for a result listener only instrumentation sets. The browser build gets a
 * module with the same exports that answers "none", and throws should anything ever pass
 * instrumentations. The server build keeps the real one. A React Router update that changes the
 * module's exports fails the build rather than leaving the router a stale stand-in.
 */
function noRouterInstrumentation(): Plugin {
  const exportsList =
    "consumeInstrumentationClientResultMetaReceiver, getRouteInstrumentationUpdates, instrumentClientSideRouter, instrumentHandler, instrumentationResultMetaContext";
  return {
    name: "no-router-instrumentation",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    load: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]instrumentation\.js$/ },
      handler(id) {
        if (!readFileSync(id, "utf8").includes(`export { ${exportsList} };`))
          this.error(`${id} no longer exports { ${exportsList} }: no-router-instrumentation needs a look`);
        return [
          'import { createContext } from "./utils.js";',
          "const unsupported = () => {",
          '  throw new Error("React Router instrumentations are left out of the browser build (vite.config.ts)");',
          "};",
          "export const instrumentationResultMetaContext = createContext();",
          "export const consumeInstrumentationClientResultMetaReceiver = () => undefined;",
          "export { unsupported as getRouteInstrumentationUpdates, unsupported as instrumentClientSideRouter, unsupported as instrumentHandler };",
        ].join("\n");
      },
    },
  };
}

/**
 * Vite sends every dynamic `import()` in the browser's code through a helper that first links
 * the imported chunk's own imports (`<link rel=modulepreload>`) and stylesheets, so they
 * download side by side, and reports failures as a `vite:preloadError` event. The shop turns
 * the preloading off (`modulePreload: false` below): the storefront's lazy parts import little
 * that a page does not already have (the toasts' library: React; the added-to-cart panel: one
 * icon), and the panel is fetched before the shopper needs it (product-purchase.tsx). Each call
 * then hands the helper no files, so this one only calls the import. Without the helper and
 * each caller's list of files, a product page's scripts are 0.2 KB gzip smaller. The shop's one
 * stylesheet comes with the page; a script importing CSS of its own fails the build, since a
 * lazy part's stylesheet would not be loaded.
 */
function plainDynamicImports(): Plugin {
  return {
    name: "plain-dynamic-imports",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => "export const __vitePreload = (load) => load();",
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        // A Vite update that names its helper differently must fail the build, not ship both.
        if (output.code.includes("vite:preloadError"))
          this.error(`${output.fileName} carries Vite's own preload helper: plain-dynamic-imports no longer applies`);
        if (output.viteMetadata?.importedCss.size)
          this.error(`${output.fileName} imports a stylesheet: link it from app/root.tsx instead`);
      }
    },
  };
}

/** The server's own code, and packages only the server may load (the database, auth, mail, payments). */
// Module ids use forward slashes on every system.
const SERVER_DIR = `${normalizePath(path.join(import.meta.dirname, "server"))}/`;
const SERVER_PACKAGES =
  /[\\/]node_modules[\\/](drizzle-orm|@electric-sql[\\/]pglite|pg|better-auth|@better-auth[\\/][^\\/]+|nodemailer|stripe|sharp|express)[\\/]/;

/**
 * Fails the build when server code reaches the browser's bundle. A route module's browser copy
 * loses its loader and action, and what only they import goes with them; but a constant the page
 * also shows keeps its whole module and everything that imports: once, the password-reset page
 * shipped the database schema, the mail outbox and Drizzle to the browser.
 */
function noServerCodeInBrowser(): Plugin {
  return {
    name: "no-server-code-in-browser",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    generateBundle(_options, bundle) {
      const leaks = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? output.moduleIds
              .filter((id) => id.startsWith(SERVER_DIR) || SERVER_PACKAGES.test(id))
              .map((id) => `${output.fileName}: ${path.relative(import.meta.dirname, id)}`)
          : [],
      );
      if (leaks.length > 0) this.error(`Server code in the browser's bundle:\n${leaks.join("\n")}`);
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Built files worth compressing: text (fonts and pictures are compressed already). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

/**
 * Writes each built script and stylesheet beside itself compressed once, at the strongest
 * settings (brotli 11, gzip 9): server/http/precompressed.ts sends those instead of
 * compressing every request at the fast settings (brotli 4), which makes the framework
 * chunk about 15 % smaller for the browser and costs the server no work per request.
 */
function precompressedAssets(): Plugin {
  return {
    name: "precompressed-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.values(bundle).flatMap((output) => {
          const source = output.type === "chunk" ? output.code : output.source;
          if (!COMPRESSIBLE.test(output.fileName)) return [];
          const file = path.join(dir, output.fileName);
          const bytes = typeof source === "string" ? Buffer.from(source) : source;
          // Kept only where smaller: below the compression middleware's threshold (1 KB) a file
          // would otherwise go out as it is, and a page's small chunks (its entry, a breadcrumb)
          // would cost a browser more than they need.
          const keepIfSmaller = (suffix: string) => (compressed: Buffer) =>
            compressed.length < bytes.length ? writeFile(`${file}${suffix}`, compressed) : undefined;
          return [
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }).then(keepIfSmaller(".br")),
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }).then(keepIfSmaller(".gz")),
          ];
        }),
      );
    },
  };
}

export default defineConfig({
  // The server bundle's entry is the whole HTTP app (server/app.ts), so routes and
  // the server share one copy of every module (router contexts compare by identity).
  environments: {
    ssr: {
      build: { rolldownOptions: { input: "./server/app.ts" } },
      // Bundled, not loaded from node_modules, so server rendering draws the same icons as the browser.
      resolve: { noExternal: ["lucide-react"] },
    },
    client: {
      build: {
        // See plainDynamicImports.
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: chunkName }] },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    plainDynamicImports(),
    reactNamedExports(),
    noRouterInstrumentation(),
    noServerCodeInBrowser(),
    lucideIconImports(),
    lightLucideIcons(),
    tailwindcss(),
    reactRouter(),
    precompressedAssets(),
  ],
});
