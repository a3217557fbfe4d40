import { createContext } from "react-router";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Logger } from "./logger.ts";

/** Long-lived services, built once at start and handed to every loader and action. */
export interface AppServices {
  db: Database;
  config: Config;
  log: Logger;
}

/** What is known about the request being handled. */
export interface RequestInfo {
  /** The store this request belongs to. */
  tenantId: string;
  /** Content-Security-Policy nonce for the inline scripts of this response. */
  cspNonce: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();
