import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { createQueryGate } from "./query-gate.ts";
import * as schema from "./schema.ts";

/** Connections to a PostgreSQL server per app process. */
const POOL_SIZE = 10;
/** How long a request may wait for its turn at the database before it is answered 503. */
export const QUEUE_DEADLINE_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 30_000;

/** The one database type routes and services see, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; without it the embedded engine is used. */
  databaseUrl?: string | undefined;
  /** Where the embedded engine keeps its files; omit for an in-memory database. */
  dataDir?: string | undefined;
  migrationsFolder: string;
  /** How long a query may wait for its turn before failing as unavailable (tests shorten it). */
  queueDeadlineMs?: number;
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { migrationsFolder, queueDeadlineMs = QUEUE_DEADLINE_MS } = options;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_SIZE,
      // The queue deadline: a request that cannot get a connection in time (server down,
      // unreachable, or every connection busy under a crowd) fails with a 503 instead of
      // waiting without end.
      connectionTimeoutMillis: queueDeadlineMs,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      // A statement that runs away, or a server that stops answering mid-query.
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: STATEMENT_TIMEOUT_MS + 5_000,
    });
    // An idle connection dropped by the server must not crash the process; the pool
    // opens a new one for the next query, so service resumes when the server is back.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema });
    try {
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, engine: "postgres", close: () => pool.end() };
  }

  let dataPath: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
    dataPath = path.join(options.dataDir, "pgdata");
  }
  const close = async () => {
    await client.close();
    unlock();
  };
  let client: PGlite;
  try {
    client = await PGlite.create(dataPath, { extensions: { pg_trgm } });
  } catch (error) {
    unlock();
    throw error;
  }
  // Every statement and transaction takes its turn through one gate with a deadline.
  const gate = createQueryGate({ maxWaitMs: queueDeadlineMs });
  for (const method of ["query", "exec", "transaction"] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => gate.run(() => original(...args));
  }
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db: db as unknown as Database, engine: "pglite", close };
}

/** Answers whether the database can run a query right now (used by /healthz). */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute("select 1");
    return true;
  } catch {
    return false;
  }
}
