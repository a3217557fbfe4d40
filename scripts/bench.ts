// `npm run bench`: builds, then measures storefront pages of the production build
// with the demo store from a client on this machine, and checks the browser's
// JavaScript budget. Prints tables; exits non-zero when a budget or goal is missed.
//   latency     one request at a time: what a shopper waits for (p95 has a budget)
//   throughput  8 requests in flight: what one server process sustains (reported)
//   crowd       200 keep-alive clients in a closed loop on one product page, twice, on the
//               embedded database: every request gets an answer within 10 s, at least
//               95 % of them a page and the rest a quick 503, and the server's memory
//               after the second run stays within 64 MB of after the first
//   orders      100,000 generated orders listed by the admin's order list, p95 ≤ 20 ms a page
//               (scripts/bench-orders.ts, also runnable alone; PostgreSQL too with TEST_DATABASE_URL)
// BENCH_CROWD_SECONDS sets the length of each crowd run (default 60), e.g.
// `BENCH_CROWD_SECONDS=10 npm run bench` for a quick look; BENCH_CROWD_SECONDS=0 skips it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
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

const CROWD_PAGE = "/product/market-day-tote";
const CROWD_CLIENTS = 200;
const CROWD_RUNS = 2;
const CROWD_SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 60);
/** A request without its whole answer by then counts as unanswered (and is abandoned). */
const ANSWER_WITHIN_MS = 10_000;
const MIN_OK_SHARE = 0.95;
const MAX_MEMORY_GROWTH_MB = 64;
/** Quiet time after a run before the server's memory is read. */
const SETTLE_MS = 2_000;

if (!Number.isFinite(CROWD_SECONDS) || CROWD_SECONDS < 0) {
  console.error(`BENCH_CROWD_SECONDS must be a number of seconds, not "${process.env.BENCH_CROWD_SECONDS}"`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, "..");
function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root });
  if (result.error || result.signal) console.error(`${[command, ...args].join(" ")}: ${result.error ?? result.signal}`);
  return result.status ?? 1;
}

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
  return { p50: quantile(timings, 0.5), p95: quantile(timings, 0.95), perSecond: timings.length / seconds(started) };
}

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

/** One GET, read to the end: its status code, "no answer" after ANSWER_WITHIN_MS, or the socket error's code. */
function getWithin(url: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const failed = (error: NodeJS.ErrnoException) => settle(error.code ?? error.message);
    const request = http.get(url, { agent }, (response) => {
      response.on("data", () => {});
      response.on("end", () => settle(String(response.statusCode)));
      response.on("error", failed);
    });
    request.on("error", failed);
    const timer = setTimeout(() => {
      settle("no answer");
      request.destroy();
    }, ANSWER_WITHIN_MS);
  });
}

/**
 * CROWD_CLIENTS clients, each sending its next request as soon as the last one is
 * answered (or given up on), over keep-alive connections, for `durationS` seconds.
 */
async function crowd(url: string, durationS: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CROWD_CLIENTS });
  const timings: number[] = [];
  const outcomes = new Map<string, number>();
  const started = performance.now();
  const until = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: CROWD_CLIENTS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const outcome = await getWithin(url, agent);
        if (outcome !== "no answer") timings.push(performance.now() - t0);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }),
  );
  const elapsed = seconds(started);
  agent.destroy();
  timings.sort((a, b) => a - b);
  const requests = [...outcomes.values()].reduce((sum, count) => sum + count, 0);
  const count = (test: (outcome: string) => boolean) =>
    [...outcomes].reduce((sum, [outcome, n]) => sum + (test(outcome) ? n : 0), 0);
  const ok = count((outcome) => /^2\d\d$/.test(outcome));
  const unavailable = outcomes.get("503") ?? 0;
  const unanswered = outcomes.get("no answer") ?? 0;
  const other = [...outcomes].filter(
    ([outcome]) => !/^2\d\d$/.test(outcome) && !["503", "no answer"].includes(outcome),
  );
  return {
    requests,
    perSecond: (requests - unanswered) / elapsed,
    okShare: ok / requests,
    unavailableShare: unavailable / requests,
    other,
    p50: quantile(timings, 0.5),
    p99: quantile(timings, 0.99),
    unanswered,
  };
}

/** The process's resident memory in MB (Linux), or null where /proc is missing. */
function residentMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

const server = await startAppServer();
let failed = false;
try {
  console.log(
    `\nlatency: ${SEQUENTIAL} requests one at a time; throughput: ${CONCURRENT} requests, ${CONCURRENCY} in flight\n`,
  );
  console.log(
    "page".padEnd(26),
    "p50 ms".padStart(8),
    "p95 ms".padStart(8),
    "budget".padStart(8),
    "req/s @8".padStart(10),
  );
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

  if (CROWD_SECONDS > 0) {
    console.log(
      `\ncrowd: ${CROWD_CLIENTS} keep-alive clients on ${CROWD_PAGE}, ${CROWD_SECONDS} s × ${CROWD_RUNS}, embedded database`,
    );
    console.log(
      `memory: the server's RSS ${SETTLE_MS / 1000} s after each run (${residentMb(server.pid)?.toFixed(0)} MB before)\n`,
    );
    console.log(
      "run".padEnd(4),
      "requests".padStart(9),
      "req/s".padStart(7),
      "2xx".padStart(7),
      "503".padStart(7),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
      "no answer".padStart(10),
      "RSS MB".padStart(8),
      "  other",
    );
    const residents: (number | null)[] = [];
    const goals = { unanswered: 0, okShare: 1, other: 0 };
    for (let index = 1; index <= CROWD_RUNS; index++) {
      const result = await crowd(`${server.url}${CROWD_PAGE}`, CROWD_SECONDS);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const resident = residentMb(server.pid);
      residents.push(resident);
      goals.unanswered += result.unanswered;
      goals.okShare = Math.min(goals.okShare, result.okShare);
      goals.other += result.other.reduce((sum, [, n]) => sum + n, 0);
      const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
      console.log(
        String(index).padEnd(4),
        String(result.requests).padStart(9),
        result.perSecond.toFixed(0).padStart(7),
        percent(result.okShare).padStart(7),
        percent(result.unavailableShare).padStart(7),
        result.p50.toFixed(0).padStart(8),
        result.p99.toFixed(0).padStart(8),
        String(result.unanswered).padStart(10),
        (resident?.toFixed(0) ?? "n/a").padStart(8),
        " ",
        result.other.map(([outcome, n]) => `${outcome}: ${n}`).join(", ") || "none",
      );
    }
    const [first, last] = [residents[0], residents.at(-1)];
    const growth = first != null && last != null ? last - first : null;
    const checks: [string, string, boolean][] = [
      ["every request answered within 10 s", `${goals.unanswered} without an answer`, goals.unanswered === 0],
      [
        `at least ${MIN_OK_SHARE * 100} % 2xx, the rest 503`,
        `lowest 2xx share ${(goals.okShare * 100).toFixed(1)} %, ${goals.other} other`,
        goals.okShare >= MIN_OK_SHARE && goals.other === 0,
      ],
      [
        `RSS after run ${CROWD_RUNS} within ${MAX_MEMORY_GROWTH_MB} MB of after run 1`,
        growth === null ? "RSS not readable here" : `${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MB`,
        growth === null || growth <= MAX_MEMORY_GROWTH_MB,
      ],
    ];
    console.log("\ngoals");
    for (const [goal, measured, ok] of checks) {
      failed ||= !ok;
      console.log(`  ${ok ? "✔" : "✖"} ${goal.padEnd(46)} ${measured}`);
    }
  }
} finally {
  await server.stop();
}

console.log("");
// Always checked, also when a page already missed its budget.
if (run(process.execPath, [path.join(root, "scripts/bench-orders.ts")]) !== 0) failed = true;
if (run(process.execPath, [path.join(root, "scripts/bundle-size.ts")]) !== 0) failed = true;
process.exit(failed ? 1 : 0);
