import "react-router";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createServer, type Server } from "node:http";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { DEFAULT_TENANT } from "../core/constants.ts";
import { createAuth } from "./auth/auth.ts";
import { StorefrontChanges, type StoreMemo } from "./cache/storefront-changes.ts";
import { watchStorefront } from "./cache/storefront-watch.ts";
import { loadConfig } from "./config.ts";
import { requestContext, requestFaultsContext, servicesContext, storeContext, type AppServices } from "./context.ts";
import { RETRY_AFTER_SECONDS } from "./db/availability.ts";
import { openDatabase, pingDatabase } from "./db/client.ts";
import { storeScope } from "./db/store-scope.ts";
import { PageCache } from "./http/page-cache.ts";
import { precompressedFiles } from "./http/precompressed.ts";
import { listenOnPort } from "./http/listening-sockets.ts";
import { isPersonalPath, reactRouterHandler } from "./http/react-router-handler.ts";
import { allowedMethods, limitRequestBodies } from "./http/request-limits.ts";
import { missingImageVariants } from "./http/image-variants.ts";
import { requestLogger } from "./http/request-logger.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { startAttemptSweeper } from "./http/throttle.ts";
import { createLogger } from "./logger.ts";
import { startMailSender } from "./mail/sender.ts";
import { startOrderSweeper } from "./orders/abandoned-orders.ts";
import { ensureDemoStore } from "./seed/demo-store.ts";
import { createLocalStorage } from "./storage/local-storage.ts";
import { storeOfRequest } from "./tenancy.ts";

// This module is the server bundle's entry (see vite.config.ts): the HTTP app and
// every route share one copy of each module, so router contexts match by identity.

export interface StartOptions {
  /** The project directory (migrations). */
  rootDir: string;
  /** The production build (client assets). */
  buildDir: string;
  /** Present in development: Vite serves the assets and compiles on the fly. */
  vite?: ViteDevServer;
}

const YEAR_IN_SECONDS = 31_536_000;
const MB = 1024 * 1024;

export interface HttpAppOptions extends StartOptions {
  uploadsDir: string;
  /** Where anonymous pages are kept (PAGE_CACHE); absent: every request is rendered. */
  pageCache?: PageCache | undefined;
  /** Settings and categories kept per store for storefront requests. */
  storeMemo?: StoreMemo | undefined;
}

export function createHttpApp(services: AppServices, options: HttpAppOptions) {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-For to believe (TRUST_PROXY); by default nobody's: the socket address is the client.
  app.set("trust proxy", config.TRUST_PROXY);

  app.use(securityHeaders({ hsts: config.secure, dev: Boolean(options.vite) }));
  app.use(requestLogger(log));
  app.use(allowedMethods);
  app.use(limitRequestBodies());
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    const database = await pingDatabase(services.databases.db);
    res.setHeader("Cache-Control", "no-store");
    if (!database) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    res
      .status(database ? 200 : 503)
      .json({ status: database ? "ok" : "unavailable", database: database ? "ok" : "down" });
  });

  // Uploaded files are named by their content hash, so they never change.
  const uploadsCaching = { immutable: true, maxAgeMs: YEAR_IN_SECONDS * 1000 };
  app.use(
    "/uploads",
    express.static(options.uploadsDir, {
      immutable: uploadsCaching.immutable,
      maxAge: uploadsCaching.maxAgeMs,
      index: false,
    }),
    missingImageVariants(services.storage, log, uploadsCaching),
  );

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    const clientDir = path.join(options.buildDir, "client");
    const assetsDir = path.join(clientDir, "assets");
    // Vite puts a content hash in every asset name.
    app.use("/assets", precompressedFiles(assetsDir, { maxAgeMs: YEAR_IN_SECONDS * 1000, immutable: true }));
    app.use(
      "/assets",
      express.static(assetsDir, {
        immutable: true,
        maxAge: YEAR_IN_SECONDS * 1000,
        index: false,
        // A missing asset is a plain 404, not a page rendered by the app.
        fallthrough: false,
      }),
    );
    // The public files (favicon, images), mounted by name: a page request never looks at the disk.
    for (const entry of readdirSync(clientDir, { withFileTypes: true })) {
      if (entry.name === "assets") continue;
      const publicOptions = { maxAge: "1h", index: false } as const;
      if (entry.isDirectory())
        app.use(`/${entry.name}`, express.static(path.join(clientDir, entry.name), publicOptions));
      else
        app.get(`/${entry.name}`, (_req, res, next) =>
          res.sendFile(entry.name, { ...publicOptions, root: clientDir }, (error) => error && next(error)),
        );
    }
  }

  app.use(
    reactRouterHandler({
      build: options.vite
        ? () => options.vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
        : () => import("virtual:react-router/server-build"),
      mode: options.vite ? "development" : "production",
      log,
      pageCache: options.pageCache,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        const tenantId = storeOfRequest(req.hostname);
        // The owner's pages read settings fresh: she sees her change at once, not at the notice.
        const memo = isPersonalPath(req.path) ? undefined : options.storeMemo;
        context.set(storeContext, storeScope(services.databases, tenantId, memo));
        context.set(requestContext, {
          tenantId,
          cspNonce: String(res.locals.cspNonce),
          // Only proxies named by TRUST_PROXY can set this through X-Forwarded-For; a client cannot choose its own.
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          // React Router asks for a route's data alone at the page's address plus ".data".
          pageLoad: !req.path.endsWith(".data"),
        });
        context.set(requestFaultsContext, { databaseUnavailable: false, partFailed: false });
        return context;
      },
    }),
  );
  // Errors from Express's own layers (static files, a malformed path): a client's mistake
  // keeps its 4xx; anything else is logged and answered 500.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not found" : "Bad request");
      return;
    }
    log.error({ err: error, url: req.originalUrl }, "request failed");
    res.status(500).type("text/plain").send("Unexpected Server Error");
  });
  return app;
}

/** Boots the shop: configuration, database and migrations, demo data, HTTP server. */
export async function start(options: StartOptions): Promise<Server> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  // Last line of defence: a promise or callback that escaped every handler is logged and
  // the shop keeps serving; exiting would close it until someone noticed.
  process.on("unhandledRejection", (reason) => log.error({ err: reason }, "unhandled promise rejection"));
  process.on("uncaughtException", (error) => log.fatal({ err: error }, "uncaught exception"));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    migrationsFolder: path.join(options.rootDir, "drizzle"),
    template: config.EMBEDDED_DATABASE_TEMPLATE,
  });
  log.info({ engine: database.engine }, "database ready");

  const uploadsDir = path.join(config.DATA_DIR, "uploads");
  const storage = createLocalStorage(uploadsDir);
  await ensureDemoStore({ db: database.forTenant(DEFAULT_TENANT), storage, config, log });

  // Sign-in and password resets belong to the one store every request is served from (server/tenancy.ts).
  const auth = createAuth({ store: storeScope(database, DEFAULT_TENANT), config, log });
  const services: AppServices = { databases: database, config, log, auth, storage };
  const mailSender = startMailSender({ databases: database, config, log });
  const orderSweeper = startOrderSweeper({ databases: database, log });
  const attemptSweeper = startAttemptSweeper({ db: database.db, log });
  const changes = new StorefrontChanges();
  const storefrontWatch = watchStorefront({ databases: database, changes, log });
  const pageCache = config.PAGE_CACHE ? new PageCache(changes, { maxBytes: config.PAGE_CACHE_MAX_MB * MB }) : undefined;
  const app = express();
  app.disable("x-powered-by");
  let draining = false;
  // While shutting down, every answer closes its connection so keep-alive clients move on.
  app.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(createHttpApp(services, { ...options, uploadsDir, pageCache, storeMemo: changes.memo() }));
  const closing = { connection: "close" };
  const debugLog = log.isLevelEnabled("debug");
  const server = createServer(
    {
      // Request line and headers together (a longer URL is answered 431).
      maxHeaderSize: 16 * 1024,
      // A client gets 20 s to send its headers and 5 minutes for the whole request (a
      // 20 MB picture over a slow line), so slow senders cannot hold connections for ever.
      headersTimeout: 20_000,
      requestTimeout: 300_000,
      keepAliveTimeout: 5_000,
    },
    (req, res) => {
      // A kept page is answered here, before Express: a hit costs a lookup and a write.
      const started = debugLog ? process.hrtime.bigint() : 0n;
      if (!pageCache?.serveHit(req, res, draining ? closing : undefined)) return void app(req, res);
      // Logged only at debug level: a JSON line costs about 13 µs, a quarter of a bare Node server's time per request.
      if (debugLog) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        log.debug({ method: req.method, url: req.url, status: res.statusCode, ms, cache: "hit" }, "request");
      }
    },
  );
  const listening = await listenOnPort(server, config.PORT, config.HOST);
  log.info({ url: config.PUBLIC_URL, port: listening.port }, "Selvage is listening");

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    draining = true;
    log.info({ signal }, "shutting down");
    // In-flight requests and email sends get 10 s to finish, then the process stops regardless.
    const force = setTimeout(() => {
      log.warn("shutdown took longer than 10 s; stopping now");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Keep-alive connections whose last answer went out before the drain began go idle
    // without a "Connection: close"; close them as they do.
    setInterval(() => server.closeIdleConnections(), 200).unref();
    void listening.close().then(async () => {
      await options.vite?.close();
      await storefrontWatch.stop();
      await mailSender.stop();
      await orderSweeper.stop();
      await attemptSweeper.stop();
      await database.close();
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return server;
}
