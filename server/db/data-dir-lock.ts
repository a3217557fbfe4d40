import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// The embedded database is one process per data directory: a second process
// opening the same files would corrupt them. A pid file keeps them apart.

export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the data directory for this process; answers a function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "selvage.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8"));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new DataDirBusyError(
          `The data directory ${dataDir} is in use by process ${owner}. Stop it first, or use another DATA_DIR.`,
        );
      }
      // Left behind by a process that is gone.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock the data directory ${dataDir}`);
}
