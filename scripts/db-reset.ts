// `npm run db:reset`: wipes the embedded database and uploaded files in DATA_DIR,
// then seeds the demo store again. Refuses while the shop is running on them.
import { rmSync } from "node:fs";
import path from "node:path";
import { DEFAULT_TENANT } from "../core/constants.ts";
import { loadConfig } from "../server/config.ts";
import { lockDataDir } from "../server/db/data-dir-lock.ts";
import { openDatabase } from "../server/db/client.ts";
import { createLogger } from "../server/logger.ts";
import { ensureDemoStore } from "../server/seed/demo-store.ts";
import { createLocalStorage } from "../server/storage/local-storage.ts";

try {
  process.loadEnvFile(".env");
} catch {
  // no .env: defaults and the environment apply
}
/** Stops with the message alone: these are the owner's to fix, not bugs. */
function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let release: () => void;
try {
  config = loadConfig();
  if (config.DATABASE_URL)
    fail("db:reset only resets the embedded database; DATABASE_URL is set, so nothing was changed.");
  release = lockDataDir(config.DATA_DIR);
} catch (error) {
  fail(error);
}
for (const entry of ["pgdata", "uploads", "mail"]) {
  rmSync(path.join(config.DATA_DIR, entry), { recursive: true, force: true });
}
release();

const log = createLogger(config.LOG_LEVEL);
const database = await openDatabase({
  dataDir: config.DATA_DIR,
  migrationsFolder: path.resolve(import.meta.dirname, "../drizzle"),
});
try {
  await ensureDemoStore({
    db: database.forTenant(DEFAULT_TENANT),
    storage: createLocalStorage(path.join(config.DATA_DIR, "uploads")),
    config,
    log,
  });
} finally {
  await database.close();
}
console.log(`The demo store in ${config.DATA_DIR} was reset.`);
