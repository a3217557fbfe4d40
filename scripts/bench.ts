// `npm run bench`: response times of storefront pages on a production build with
// the demo store, measured from a client on this machine. Prints a table and
// fails when a page's 95th percentile exceeds its budget.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { startAppServer } from "../tests/support/app-server.ts";

const REQUESTS = 200;
const CONCURRENCY = 8;
const PAGES: { path: string; p95BudgetMs: number }[] = [
  { path: "/", p95BudgetMs: 150 },
  { path: "/healthz", p95BudgetMs: 50 },
  { path: "/no-such-page", p95BudgetMs: 100 },
];

const root = path.resolve(import.meta.dirname, "..");
// Always measure the current code.
const build = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { stdio: "inherit", cwd: root });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startAppServer();
let failed = false;
try {
  console.log(`${REQUESTS} requests per page, ${CONCURRENCY} at a time\n`);
  console.log("page".padEnd(20), "p50 ms".padStart(8), "p95 ms".padStart(8), "req/s".padStart(8), "budget".padStart(8));
  for (const page of PAGES) {
    const url = `${server.url}${page.path}`;
    for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer(); // warm up
    const timings: number[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const t0 = performance.now();
          await (await fetch(url)).arrayBuffer();
          timings.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    timings.sort((a, b) => a - b);
    const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!;
    const p95 = at(0.95);
    const ok = p95 <= page.p95BudgetMs;
    failed ||= !ok;
    console.log(
      page.path.padEnd(20),
      at(0.5).toFixed(1).padStart(8),
      p95.toFixed(1).padStart(8),
      (timings.length / seconds).toFixed(0).padStart(8),
      `${page.p95BudgetMs}${ok ? "" : " ✖"}`.padStart(8),
    );
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
