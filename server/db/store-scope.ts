import type { Database } from "./client.ts";

/**
 * The store a request acts on: its database and its tenant, resolved once per request
 * (server/app.ts) and taken by every domain module, so no query or write can forget
 * whose data it touches.
 */
export interface StoreScope {
  db: Database;
  tenantId: string;
}
