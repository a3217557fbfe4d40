import path from "node:path";
import pg from "pg";
import { openDatabase, type Database, type DatabaseHandle } from "../../server/db/client.ts";
import type { StoreDatabases } from "../../server/db/store-scope.ts";

export type Engine = "pglite" | "postgres";

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/** PGlite always; a PostgreSQL server too when TEST_DATABASE_URL names one. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends Omit<DatabaseHandle, "db"> {
  /**
   * The owner's view, outside row-level security: for fixtures and for checking what was
   * written, across stores. Code under test gets the application's views (`app`).
   */
  db: Database;
  /** What the application itself holds: shared tables, and each store under row security. */
  app: StoreDatabases;
  /** Set for PostgreSQL: the URL of this test's own database. */
  url?: string;
  dispose(): Promise<void>;
}

/** A fresh, migrated database that belongs to one test file and is removed after it. */
export async function createTestDatabase(
  engine: Engine,
  options: { queueDeadlineMs?: number } = {},
): Promise<TestDatabase> {
  if (engine === "pglite") {
    // `npm test` makes one migrated database a run for every test to start from (scripts/test-fixtures.ts).
    const handle = await openDatabase({
      migrationsFolder,
      template: process.env.EMBEDDED_DATABASE_TEMPLATE,
      ...options,
    });
    return { ...views(handle), dispose: () => handle.close() };
  }
  const url = await createServerDatabase();
  const handle = await openDatabase({ databaseUrl: url, migrationsFolder, ...options });
  return {
    ...views(handle),
    url,
    async dispose() {
      await handle.close();
      await dropServerDatabase(url);
    },
  };
}

function views(handle: DatabaseHandle): Omit<TestDatabase, "dispose" | "url"> {
  return {
    ...handle,
    db: handle.asOwner(),
    app: { db: handle.db, forTenant: handle.forTenant, engine: handle.engine },
  };
}

/** Creates an empty database on the TEST_DATABASE_URL server and answers its URL. */
export async function createServerDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `selvage_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropServerDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
