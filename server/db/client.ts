import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { isDatabaseUnavailable } from "./availability.ts";
import { createQueryGate } from "./query-gate.ts";
import * as schema from "./schema.ts";

/** Connections to a PostgreSQL server per app process. */
const POOL_SIZE = 10;
/** How long a request may wait for its turn at the database before it is answered 503. */
export const QUEUE_DEADLINE_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 30_000;

/** The one database type routes and services see, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The role the application's queries run as: not a superuser, not the tables' owner and
 * not exempt from row-level security (created by the migrations, drizzle/0003).
 */
export const APP_ROLE = "selvage_app";
/** The setting row-level security policies compare each row's tenant_id with. */
export const TENANT_SETTING = "app.tenant_id";

/** Who a connection acts as: the application role for one store (or none), or the owner. */
interface SessionBinding {
  /** null: the role that connected and migrated (tests and maintenance only). */
  role: typeof APP_ROLE | null;
  /** "" when no store is chosen: every store's rows are then invisible. */
  tenantId: string;
}

export interface DatabaseHandle {
  /**
   * The application role with no store chosen: the tables every store shares (accounts,
   * sessions, throttles, the list of stores). No store's own rows are visible through it.
   */
  db: Database;
  /** The application role acting for one store: row security shows and accepts only its rows. */
  forTenant(tenantId: string): Database;
  /** The role that migrated, outside the application role (test fixtures, maintenance); never for a request. */
  asOwner(): Database;
  engine: "pglite" | "postgres";
  /**
   * Listens for NOTIFY on a channel, on a connection of its own (PostgreSQL) or the one
   * session (PGlite). `onLost` is called once if the connection drops; notices sent
   * meanwhile are missed, so the caller listens again. Answers a function that stops.
   */
  listen(channel: string, onNotice: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function bindingSql({ role, tenantId }: SessionBinding): string {
  return `${role ? `SET ROLE ${role}` : "RESET ROLE"}; SELECT set_config('${TENANT_SETTING}', ${pg.escapeLiteral(tenantId)}, false)`;
}

function sameBinding(a: SessionBinding | undefined, b: SessionBinding): boolean {
  return a !== undefined && a.role === b.role && a.tenantId === b.tenantId;
}

/**
 * Databases bound to a store, made once per store. Each statement or transaction runs on a
 * connection set to its binding first; a connection keeps its setting until another
 * binding needs it, so the setting costs a round trip only when the store changes.
 */
function bindingCache(make: (binding: SessionBinding) => Database) {
  const byTenant = new Map<string, Database>();
  const owner = make({ role: null, tenantId: "" });
  return {
    forTenant(tenantId: string): Database {
      if (!tenantId) throw new Error("forTenant needs a store");
      let db = byTenant.get(tenantId);
      if (!db) byTenant.set(tenantId, (db = make({ role: APP_ROLE, tenantId })));
      return db;
    },
    unscoped: make({ role: APP_ROLE, tenantId: "" }),
    asOwner: () => owner,
  };
}

/**
 * A pool whose connections are set to one binding before use. Its class name contains
 * "Pool", which is how Drizzle knows to run a transaction on one checked-out connection.
 */
class BoundPool {
  private readonly pool: pg.Pool;
  private readonly binding: SessionBinding;
  private readonly current: WeakMap<pg.PoolClient, SessionBinding>;

  constructor(pool: pg.Pool, binding: SessionBinding, current: WeakMap<pg.PoolClient, SessionBinding>) {
    this.pool = pool;
    this.binding = binding;
    this.current = current;
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    if (sameBinding(this.current.get(client), this.binding)) return client;
    try {
      await client.query(bindingSql(this.binding));
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    this.current.set(client, this.binding);
    return client;
  }

  async query(...args: Parameters<pg.PoolClient["query"]>) {
    const client = await this.connect();
    let result: unknown;
    try {
      result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      // A connection that failed mid-query is not reused; an SQL error leaves it sound.
      client.release(isDatabaseUnavailable(error) ? (error as Error) : undefined);
      throw error;
    }
    client.release();
    return result;
  }
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; without it the embedded engine is used. */
  databaseUrl?: string | undefined;
  /** Where the embedded engine keeps its files; omit for an in-memory database. */
  dataDir?: string | undefined;
  migrationsFolder: string;
  /** How long a query may wait for its turn before failing as unavailable (tests shorten it). */
  queueDeadlineMs?: number;
  /**
   * A migrated embedded database written by `writeEmbeddedTemplate`: a new embedded database
   * starts as a copy of it, about five seconds sooner than from an empty one. Tests make one
   * per run; the migrations still run after it, so an older template is brought up to date.
   */
  template?: string | undefined;
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
    const current = new WeakMap<pg.PoolClient, SessionBinding>();
    const bindings = bindingCache(
      (binding) => drizzlePg({ client: new BoundPool(pool, binding, current) as never, schema }) as unknown as Database,
    );
    try {
      await migratePg(bindings.asOwner() as never, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: bindings.unscoped,
      forTenant: bindings.forTenant,
      asOwner: bindings.asOwner,
      engine: "postgres",
      listen: (channel, onNotice, onLost) =>
        listenOnServer(options.databaseUrl!, queueDeadlineMs, channel, onNotice, onLost),
      close: () => pool.end(),
    };
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
    const isNew = !dataPath || !existsSync(path.join(dataPath, "PG_VERSION"));
    const loadDataDir = options.template && isNew ? new Blob([readFileSync(options.template)]) : undefined;
    client = await PGlite.create(dataPath, { extensions: { pg_trgm }, loadDataDir });
  } catch (error) {
    unlock();
    throw error;
  }
  // The engine has one session: every statement and transaction takes its turn through
  // one gate with a deadline, and sets the session to its binding first when it differs.
  const gate = createQueryGate({ maxWaitMs: queueDeadlineMs });
  let current: SessionBinding | undefined = { role: null, tenantId: "" };
  const bindings = bindingCache((binding) => {
    const enter = async () => {
      if (sameBinding(current, binding)) return;
      current = undefined;
      await client.exec(bindingSql(binding));
      current = binding;
    };
    const bound = {
      query: (...args: Parameters<PGlite["query"]>) =>
        gate.run(async () => {
          await enter();
          return client.query(...args);
        }),
      exec: (...args: Parameters<PGlite["exec"]>) =>
        gate.run(async () => {
          await enter();
          return client.exec(...args);
        }),
      transaction: (...args: Parameters<PGlite["transaction"]>) =>
        gate.run(async () => {
          await enter();
          return client.transaction(...args);
        }),
    };
    return drizzlePglite({ client: bound as unknown as PGlite, schema }) as unknown as Database;
  });
  try {
    await migratePglite(bindings.asOwner() as never, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db: bindings.unscoped,
    forTenant: bindings.forTenant,
    asOwner: bindings.asOwner,
    engine: "pglite",
    async listen(channel, onNotice) {
      // The one session outlives the process's use of it: nothing to lose.
      const unlisten = await gate.run(() => client.listen(channel, onNotice));
      return () => gate.run(() => unlisten());
    },
    close,
  };
}

/** Writes a migrated, empty embedded database to `file`, for `openDatabase`'s `template`. */
export async function writeEmbeddedTemplate(file: string, migrationsFolder: string): Promise<void> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** LISTEN on a connection outside the pool: a pooled one would be handed to queries and released. */
async function listenOnServer(
  databaseUrl: string,
  connectTimeoutMs: number,
  channel: string,
  onNotice: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    keepAlive: true,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  let open = true;
  const close = async () => {
    open = false;
    await client.end().catch(() => {});
  };
  const lost = () => {
    if (!open) return;
    void close();
    onLost();
  };
  client.on("error", lost);
  client.on("end", lost);
  client.on("notification", (message) => {
    if (message.channel === channel) onNotice(message.payload ?? "");
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}

/** The rows of a raw SQL query: both drivers (pg and PGlite) answer with { rows }. */
export async function rowsOf<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
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
