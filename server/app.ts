import "react-router";
import path from "node:path";
import type { Server } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { DEFAULT_TENANT } from "../core/constants.ts";
import { createAuth } from "./auth/auth.ts";
import { loadConfig } from "./config.ts";
import { requestContext, servicesContext, type AppServices } from "./context.ts";
import { openDatabase, pingDatabase } from "./db/client.ts";
import { requestLogger } from "./http/request-logger.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { createLogger } from "./logger.ts";
import { startMailSender } from "./mail/sender.ts";
import { ensureDemoStore } from "./seed/demo-store.ts";
import { createLocalStorage } from "./storage/local-storage.ts";

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

export function createHttpApp(services: AppServices, options: StartOptions & { uploadsDir: string }) {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.use(securityHeaders({ hsts: config.secure, dev: Boolean(options.vite) }));
  app.use(compression());
  app.use(requestLogger(log));

  app.get("/healthz", async (_req, res) => {
    const database = await pingDatabase(services.db);
    res.setHeader("Cache-Control", "no-store");
    res
      .status(database ? 200 : 503)
      .json({ status: database ? "ok" : "unavailable", database: database ? "ok" : "down" });
  });

  // Uploaded files are named by their content hash, so they never change.
  app.use(
    "/uploads",
    express.static(options.uploadsDir, {
      immutable: true,
      maxAge: YEAR_IN_SECONDS * 1000,
      index: false,
      fallthrough: false,
    }),
  );

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    const clientDir = path.join(options.buildDir, "client");
    // Vite puts a content hash in every asset name.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: YEAR_IN_SECONDS * 1000, index: false }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build: options.vite
        ? () => options.vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
        : () => import("virtual:react-router/server-build"),
      mode: options.vite ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, {
          tenantId: DEFAULT_TENANT,
          cspNonce: String(res.locals.cspNonce),
          // "trust proxy" is loopback only, so a client cannot choose its own address.
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        });
        return context;
      },
    }),
  );
  return app;
}

/** Boots the shop: configuration, database and migrations, demo data, HTTP server. */
export async function start(options: StartOptions): Promise<Server> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    migrationsFolder: path.join(options.rootDir, "drizzle"),
  });
  log.info({ engine: database.engine }, "database ready");

  const uploadsDir = path.join(config.DATA_DIR, "uploads");
  const storage = createLocalStorage(uploadsDir);
  await ensureDemoStore({ db: database.db, storage, config, log });

  const auth = createAuth({ db: database.db, config, log, tenantId: DEFAULT_TENANT });
  const services: AppServices = { db: database.db, config, log, auth };
  const mailSender = startMailSender({ db: database.db, config, log });
  const app = createHttpApp(services, { ...options, uploadsDir });
  const server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  log.info({ url: config.PUBLIC_URL, port: config.PORT }, "Selvage is listening");

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // Give in-flight requests a moment, then stop regardless.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      void (async () => {
        await options.vite?.close();
        await mailSender.stop();
        await database.close();
        log.info("stopped");
        process.exit(0);
      })();
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return server;
}
