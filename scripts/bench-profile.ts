// Where a rendered page's time goes (docs/decisions/013-where-page-time-goes.md):
//   1. a CPU profile of the server (node --cpu-prof, PAGE_CACHE=false) while the bench's
//      load generator asks for one page, summed by package and by function;
//   2. the round trips each storefront page makes to the database, counted by a proxy in
//      front of PostgreSQL, when TEST_DATABASE_URL or DATABASE_URL names a server.
//   node scripts/bench-profile.ts [path]     (BUILD_DIR names the build; default path: a product page)
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import net from "node:net";
import { startAppServer } from "../tests/support/app-server.ts";
import { closedLoop } from "./bench-load.ts";
import { withServerDatabase } from "./bench-orders.ts";

const PAGE = process.argv[2] ?? "/product/market-day-tote";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGES = ["/", "/category/bags", "/product/market-day-tote", "/search?q=canvas"];
const ROOT = path.resolve(import.meta.dirname, "..");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
}

/** node_modules' package, the build's own code, Node's internals, or what V8 calls it. */
function owner(url: string): string {
  if (!url) return "(native, GC, idle)";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith("node:")) return "node internals";
  return path.relative(ROOT, url.replace(/^file:\/\//, ""));
}

/** Self time of the samples taken in the window [from, to] µs before the profile's end (the load, not the start). */
function summarise(profile: Profile, window: { from: number; to: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.endTime - profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    const before = profile.endTime - at;
    if (before <= window.from && before >= window.to) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of self) {
    const { callFrame } = byId.get(id)!;
    add(packages, owner(callFrame.url), time);
    const name = callFrame.functionName || "(anonymous)";
    add(functions, `${name}  ${owner(callFrame.url)}:${callFrame.lineNumber + 1}`, time);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, time]) => `${((time / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
  return { packages: top(packages, 15), functions: top(functions, 30) };
}

async function profile() {
  const dir = mkdtempSync(path.join(tmpdir(), "selvage-profile-"));
  const server = await startAppServer({
    env: { PAGE_CACHE: "false", NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` },
  });
  let result;
  let loadEnded = 0;
  try {
    result = await closedLoop(`${server.url}${PAGE}`, { connections: 10, seconds: SECONDS, warmUpSeconds: 3 });
    loadEnded = performance.now();
  } finally {
    await server.stop();
  }
  // The profile ends as the server exits: count back from there to the load's window.
  const untilExit = (performance.now() - loadEnded) * 1000;
  const window = { from: untilExit + SECONDS * 1_000_000, to: untilExit };
  // One file per Node process: the server's is the largest.
  const file = readdirSync(dir)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(dir, name))
    .sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
  if (!file) throw new Error(`no CPU profile in ${dir}`);
  const { packages, functions } = summarise(JSON.parse(readFileSync(file, "utf8")) as Profile, window);
  console.log(`${PAGE}: ${result.perSecond.toFixed(0)} req/s, p99 ${result.p99.toFixed(0)} ms under the profiler`);
  console.log(
    `profile: ${file}\n\nself time by package\n${packages.join("\n")}\n\nself time by function\n${functions.join("\n")}`,
  );
}

/**
 * A TCP proxy in front of the PostgreSQL server that counts the round trips the app makes:
 * every simple query ('Q') and every extended-protocol Sync ('S') the app sends.
 */
async function countingProxy(target: URL): Promise<{ port: number; count(): number; close(): void }> {
  let roundTrips = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      // The startup message has no type byte; every later message is type, length, body.
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          // An SSL or GSS request comes before the real startup message.
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) break;
        const type = String.fromCharCode(buffer[0]!);
        if (type === "Q" || type === "S") roundTrips++;
        buffer = buffer.subarray(length + 1);
      }
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    count: () => roundTrips,
    close: () => server.close(),
  };
}

async function countStatements(serverUrl: string) {
  await withServerDatabase(serverUrl, async (databaseUrl) => {
    const target = new URL(databaseUrl);
    const proxy = await countingProxy(target);
    const proxied = new URL(databaseUrl);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    const server = await startAppServer({ env: { DATABASE_URL: proxied.toString(), PAGE_CACHE: "false" } });
    try {
      console.log("\nround trips to the database per page (PostgreSQL, 20 requests each)");
      for (const page of PAGES) {
        await fetch(`${server.url}${page}`).then((response) => response.arrayBuffer());
        const before = proxy.count();
        for (let i = 0; i < 20; i++) await fetch(`${server.url}${page}`).then((response) => response.arrayBuffer());
        console.log(`${page.padEnd(28)} ${((proxy.count() - before) / 20).toFixed(1)}`);
      }
    } finally {
      await server.stop();
      proxy.close();
    }
  });
}

// BENCH_SECONDS=0 counts round trips only.
if (SECONDS > 0) await profile();
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl) await countStatements(serverUrl);
