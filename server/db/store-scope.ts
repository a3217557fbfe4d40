import type { StoreMemo } from "../cache/storefront-changes.ts";
import type { Database, DatabaseHandle } from "./client.ts";
import { tenants } from "./schema.ts";

/**
 * The store a request acts on: its database and its tenant, resolved once per request
 * (server/app.ts) and taken by every domain module, so no query or write can forget
 * whose data it touches. The database is bound to the tenant as well: row-level security
 * shows and accepts only this store's rows, even if a query forgot its filter.
 */
export interface StoreScope {
  db: Database;
  tenantId: string;
  /** Storefront requests only: settings and categories kept in memory until the store changes. */
  memo?: StoreMemo | undefined;
}

/** The databases a process holds: shared tables, and one binding per store. */
export type StoreDatabases = Pick<DatabaseHandle, "db" | "forTenant" | "engine">;

/** The one way to make a store's scope. */
export function storeScope(
  databases: Pick<StoreDatabases, "forTenant">,
  tenantId: string,
  memo?: StoreMemo,
): StoreScope {
  return { db: databases.forTenant(tenantId), tenantId, memo };
}

/** Runs background work (outbox, order sweeper) for every store in turn. */
export async function forEachStore(
  databases: StoreDatabases,
  work: (scope: StoreScope) => Promise<void>,
): Promise<void> {
  const stores = await databases.db.select({ id: tenants.id }).from(tenants).orderBy(tenants.id);
  for (const { id } of stores) await work(storeScope(databases, id));
}
