import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import {
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_SingleFetchRedirectSymbol as SingleFetchRedirectSymbol,
} from "react-router";
import { expect } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { createAuth } from "../../server/auth/auth.ts";
import { ensureOwner } from "../../server/auth/owner.ts";
import { loadConfig } from "../../server/config.ts";
import type { AppServices } from "../../server/context.ts";
import { storeSettings, tenants } from "../../server/db/schema.ts";
import { storeScope } from "../../server/db/store-scope.ts";
import { startMailSender, type MailSender } from "../../server/mail/sender.ts";
import { createLocalStorage } from "../../server/storage/local-storage.ts";
import { BUILD_DIR, freePort, newDataDir, ROOT_DIR } from "./app-server.ts";
import { startMailCatcher, type MailCatcher } from "./mail-catcher.ts";
import { createTestDatabase, type Engine, type TestDatabase } from "./test-database.ts";

export const OWNER = { email: "owner@example.com", password: "stitch-and-seam-2026" };

export interface AdminApp {
  url: string;
  database: TestDatabase;
  services: AppServices;
  mail: MailCatcher;
  sender: MailSender;
  stop(): Promise<void>;
}

interface ServerBundle {
  createHttpApp(
    services: AppServices,
    options: { rootDir: string; buildDir: string; uploadsDir: string },
  ): {
    listen(port: number, host: string, callback: () => void): Server;
  };
}

/**
 * The production build's HTTP app, served in this process over a test database and
 * a real SMTP peer, so tests can both make HTTP requests and look into the database.
 */
export async function startAdminApp(engine: Engine, options: { queueDeadlineMs?: number } = {}): Promise<AdminApp> {
  const database = await createTestDatabase(engine, options);
  const mail = await startMailCatcher();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = newDataDir();
  const config = loadConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SMTP_URL: mail.url,
    AUTH_SECRET: "integration-test-secret-that-is-long-enough",
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    LOG_LEVEL: "silent",
  });
  const log = pino({ level: "silent" });
  const { db } = database;
  await db.insert(tenants).values({ id: DEFAULT_TENANT });
  await db
    .insert(storeSettings)
    .values({ tenantId: DEFAULT_TENANT, storeName: "Selvage Handmade", contactEmail: "studio@example.com" });
  await ensureOwner(db, { config, log, tenantId: DEFAULT_TENANT, fallbackEmail: "studio@example.com" });

  const uploadsDir = path.join(dataDir, "uploads");
  const services: AppServices = {
    databases: database.app,
    config,
    log,
    auth: createAuth({ store: storeScope(database.app, DEFAULT_TENANT), config, log }),
    storage: createLocalStorage(uploadsDir),
  };
  const sender = startMailSender({ databases: database.app, config, log }, { pollIntervalMs: 100 });
  const bundle = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBundle;
  const app = bundle.createHttpApp(services, {
    rootDir: ROOT_DIR,
    buildDir: BUILD_DIR,
    uploadsDir,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(port, "127.0.0.1", () => resolve(listening));
  });
  // The test's fetch and this server share one event loop: after a pause longer than the
  // idle timeout (a busy machine), the server could close a connection the client had
  // just reused, and the request failed with ECONNRESET.
  server.keepAliveTimeout = 60_000;
  return {
    url,
    database,
    services,
    mail,
    sender,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await sender.stop();
      await mail.stop();
      await database.dispose();
    },
  };
}

/** A minimal browser: keeps cookies, follows nothing, sends this site's Origin on posts. */
export class AdminClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async get(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(pathname, { method: "GET", headers });
  }

  async post(
    pathname: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return this.send(pathname, {
      method: "POST",
      headers: { origin: this.baseUrl, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async signIn(email = OWNER.email, password = OWNER.password): Promise<Response> {
    return this.post("/admin/login", { email, password });
  }

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private async send(pathname: string, init: { method: string; headers: Record<string, string>; body?: string }) {
    const cookie = this.cookieHeader();
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      ...init,
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The owner signed in, without the sign-in's own notice riding along on every request. */
export async function signedInOwner(app: AdminApp): Promise<AdminClient> {
  const owner = new AdminClient(app.url);
  expect((await owner.signIn()).status).toBe(302);
  owner.cookies.delete("selvage.flash");
  return owner;
}

/** What a single-fetch (`.data`) request answers once decoded: its data, an error response, or a redirect. */
export interface SingleFetchAnswer {
  data?: unknown;
  error?: { status: number; data: unknown };
  redirect?: string;
  status?: number;
}

export async function decodeSingleFetch(response: Response): Promise<SingleFetchAnswer> {
  expect(response.headers.get("x-remix-response")).toBe("yes");
  const { value, done } = await decodeViaTurboStream(response.body!, globalThis);
  await done;
  // A loader's redirect comes wrapped under React Router's symbol; an action's comes bare.
  const wrapped = (value as Record<symbol, SingleFetchAnswer>)[SingleFetchRedirectSymbol];
  return wrapped ?? (value as SingleFetchAnswer);
}

/** The notice a response leaves for the next page ("product-created"), or null. */
export function flashOf(response: Response): string | null {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith("selvage.flash="));
  return line ? line.split(";")[0]!.slice("selvage.flash=".length) : null;
}
