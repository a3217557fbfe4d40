import { createContext } from "react-router";
import type { Auth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { StoreDatabases, StoreScope } from "./db/store-scope.ts";
import type { Logger } from "./logger.ts";
import type { FileStorage } from "./storage/local-storage.ts";

/** Long-lived services, built once at start and handed to every loader and action. */
export interface AppServices {
  /** Shared tables through `db`; a store's own rows only through `forTenant` (row-level security). */
  databases: StoreDatabases;
  config: Config;
  log: Logger;
  /** Sign-in, sessions and password resets. */
  auth: Auth;
  /** Uploaded and generated files, served under /uploads. */
  storage: FileStorage;
}

/** What is known about the request being handled. */
export interface RequestInfo {
  /** The store this request belongs to. */
  tenantId: string;
  /** Content-Security-Policy nonce for the inline scripts of this response. */
  cspNonce: string;
  /** The client's address as the HTTP server sees it (proxies trusted only on loopback). */
  clientIp: string;
  /** A whole page loading (not a move within the shop, which asks for the next page's data only). */
  pageLoad: boolean;
}

/** The signed-in store owner; set by the admin guard for every protected admin route. */
export interface AdminIdentity {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  role: string;
}

/** What went wrong while a request was handled, noted by the error handler for the answer. */
export interface RequestFaults {
  /** A query failed because the database was down or overloaded: the page becomes a 503. */
  databaseUnavailable: boolean;
  /** A part streamed after the first paint failed and shows an error in its place: the page is not kept. */
  partFailed: boolean;
}

export const servicesContext = createContext<AppServices>();
/** The store this request belongs to, for every domain module's queries and writes. */
export const storeContext = createContext<StoreScope>();
export const requestFaultsContext = createContext<RequestFaults>();
export const requestContext = createContext<RequestInfo>();
export const adminContext = createContext<AdminIdentity>();
