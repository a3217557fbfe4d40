// `npm run bench`: builds, then measures storefront pages of the production build
// with the demo store from a client on this machine, and checks the browser's
// JavaScript budget. Prints tables; exits non-zero when a budget is exceeded.
//   latency     one request at a time: what a shopper waits for (p95 has a budget)
//   throughput  8 requests in flight: what one server process sustains (reported)
import { spawnSync } from "node:child_process";
import path from "node:path";
import { startAppServer } from "../tests/support/app-server.ts";

const SEQUENTIAL = 200;
const CONCURRENT = 400;
const CONCURRENCY = 8;
const PAGES: { path: string; p95BudgetMs: number }[] = [
  { path: "/", p95BudgetMs: 60 },
  { path: "/category/bags", p95BudgetMs: 60 },
  { path: "/product/market-day-tote", p95BudgetMs: 60 },
  { path: "/search?q=canvas", p95BudgetMs: 60 },
  { path: "/no-such-page", p95BudgetMs: 30 },
  { path: "/healthz", p95BudgetMs: 15 },
];

const root = path.resolve(import.meta.dirname, "..");
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: "inherit", cwd: root }).status ?? 1;

// Always measure the current code.
if (run(path.join(root, "node_modules/.bin/react-router"), ["build"]) !== 0) process.exit(1);

async function timeRequests(url: string, total: number, concurrency: number) {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status >= 500) throw new Error(`${url} answered ${response.status}`);
        timings.push(performance.now() - t0);
      }
    }),
  );
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!;
  return { p50: at(0.5), p95: at(0.95), perSecond: timings.length / ((performance.now() - started) / 1000) };
}

const server = await startAppServer();
let failed = false;
try {
  console.log(`\nlatency: ${SEQUENTIAL} requests one at a time; throughput: ${CONCURRENT} requests, ${CONCURRENCY} in flight\n`);
  console.log("page".padEnd(26), "p50 ms".padStart(8), "p95 ms".padStart(8), "budget".padStart(8), "req/s @8".padStart(10));
  for (const page of PAGES) {
    const url = `${server.url}${page.path}`;
    await timeRequests(url, 20, 1); // warm up
    const latency = await timeRequests(url, SEQUENTIAL, 1);
    const throughput = await timeRequests(url, CONCURRENT, CONCURRENCY);
    const ok = latency.p95 <= page.p95BudgetMs;
    failed ||= !ok;
    console.log(
      page.path.padEnd(26),
      latency.p50.toFixed(1).padStart(8),
      latency.p95.toFixed(1).padStart(8),
      `${page.p95BudgetMs}${ok ? "" : " ✖"}`.padStart(8),
      throughput.perSecond.toFixed(0).padStart(10),
    );
  }
} finally {
  await server.stop();
}

console.log("");
failed ||= run(process.execPath, [path.join(root, "scripts/bundle-size.ts")]) !== 0;
process.exit(failed ? 1 : 0);
