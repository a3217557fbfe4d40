import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT_DIR = path.resolve(import.meta.dirname, "../..");
/** The production build under test; BUILD_DIR keeps parallel builds apart. */
export const BUILD_DIR = path.resolve(ROOT_DIR, process.env.BUILD_DIR || "build");

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server process's id (the bench reads its memory use). */
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
  /** Sends a signal and, once the process is gone, answers the signal that ended it. */
  kill(signal: NodeJS.Signals): Promise<NodeJS.Signals | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "selvage-test-"));
}

/**
 * Starts the production build (`node server/main.ts`) as its own process, on a
 * free port, and waits until /healthz answers.
 */
export async function startAppServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<AppServer> {
  if (!existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    throw new Error(`The production build is missing in ${BUILD_DIR}: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? newDataDir();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT_DIR,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      BUILD_DIR,
      LOG_LEVEL: "warn",
      // What `npm test` made once for every shop of the run to copy (scripts/test-fixtures.ts).
      ...pick(process.env, ["EMBEDDED_DATABASE_TEMPLATE", "DEMO_PICTURES_DIR"]),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  await waitForHealthy(url, child, () => output);
  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    output: () => output,
    stop: () => stopProcess(child),
    kill: (signal) => killProcess(child, signal),
  };
}

function pick(env: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
}

async function waitForHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // A first start draws the demo pictures: about 30 s of CPU alone on a slow 2-core machine, and
  // several times that while other test files start their own shops beside it.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`Server did not become healthy in time:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    // The shop gives up its own drain after 10 s (exit 1); this is for a process that cannot
    // even do that, and is long because a loaded machine can stall a closing database for seconds.
    const kill = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

function killProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => {
    child.once("exit", (_code, exitSignal) => resolve(exitSignal));
    child.kill(signal);
  });
}
