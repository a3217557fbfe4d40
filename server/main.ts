// Starts the shop. Production serves the built bundle; `--dev` compiles on the fly with Vite.
import path from "node:path";
import { pathToFileURL } from "node:url";

const rootDir = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
// React and other libraries pick their fast production builds from NODE_ENV, read
// when they load, so it is settled before anything else is imported.
process.env.NODE_ENV ??= dev ? "development" : "production";
const buildDir = path.resolve(rootDir, process.env.BUILD_DIR || "build");

interface ServerEntry {
  start(options: { rootDir: string; buildDir: string; vite?: unknown }): Promise<unknown>;
}

try {
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ root: rootDir, server: { middlewareMode: true }, appType: "custom" });
    const entry = (await vite.ssrLoadModule("./server/app.ts")) as ServerEntry;
    await entry.start({ rootDir, buildDir, vite });
  } else {
    const bundle = pathToFileURL(path.join(buildDir, "server/index.js")).href;
    const entry = (await import(bundle)) as ServerEntry;
    await entry.start({ rootDir, buildDir });
  }
} catch (error) {
  // Configuration problems are the owner's to fix: say what is wrong, without a stack trace.
  if (error instanceof Error && ["ConfigError", "DataDirBusyError"].includes(error.name)) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}
