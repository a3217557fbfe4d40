// The bench's load generator and its yardstick. A closed loop of keep-alive connections
// (each sends its next request as soon as the last answer is read) kept lean, since it
// runs on the same cores as the server it measures; and a bare Node http server that
// answers every request with one buffer, the ceiling any page served by Node can reach.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** What a browser sends: pages come back compressed, as they do to shoppers. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 200 (or errors), which a page under test must never give. */
  failures: number;
}

export function quantile(sorted: ArrayLike<number>, q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * `connections` clients in a closed loop on one URL for `seconds` (after `warmUpSeconds`
 * not counted). Each answer is read to its end; its time runs from sending to the last byte.
 */
export async function closedLoop(
  url: string,
  options: { connections: number; seconds: number; warmUpSeconds?: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const { connections, seconds, warmUpSeconds = 1, headers = BROWSER_HEADERS } = options;
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const requestOptions: http.RequestOptions = {
    agent,
    host: target.hostname,
    port: target.port,
    path: `${target.pathname}${target.search}`,
    headers,
  };
  let timings = new Float64Array(1 << 16);
  let count = 0;
  let failures = 0;
  let counting = false;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get(requestOptions, (response) => {
        response.on("data", () => {});
        response.on("end", () => {
          if (counting) {
            if (response.statusCode !== 200) failures++;
            if (count === timings.length) {
              const grown = new Float64Array(timings.length * 2);
              grown.set(timings);
              timings = grown;
            }
            timings[count++] = performance.now() - t0;
          }
          resolve();
        });
      });
      request.on("error", () => {
        if (counting) failures++;
        resolve();
      });
    });
  let until = performance.now() + warmUpSeconds * 1000;
  const loop = async () => {
    while (performance.now() < until) await once();
  };
  await Promise.all(Array.from({ length: connections }, loop));
  counting = true;
  const started = performance.now();
  until = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = timings.subarray(0, count).sort();
  return {
    requests: count,
    perSecond: count / elapsed,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    failures,
  };
}

/** A page's answer as a browser gets it: the body's bytes (compressed, if it was) and their encoding. */
export async function fetchAsBrowser(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
          const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
          const encoding = response.headers["content-encoding"];
          if (encoding) headers["content-encoding"] = encoding;
          resolve({ body: Buffer.concat(chunks), headers });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * A Node http server in a process of its own (as the shop's server is) that answers every
 * request with the same bytes; stopped by `close()`.
 */
export async function startBareServer(
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "selvage-bare-"));
  const bodyFile = path.join(dir, "body");
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, [import.meta.filename, "--bare", bodyFile, JSON.stringify(headers)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      child.removeAllListeners("exit");
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGTERM");
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The bare server's process: prints its port, serves until SIGTERM.
if (import.meta.main && process.argv[2] === "--bare") {
  const body = readFileSync(process.argv[3]!);
  const headers = JSON.parse(process.argv[4]!) as Record<string, string>;
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (_request, response) => {
    response.writeHead(200, { ...headers, "content-length": body.length });
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => console.log((server.address() as AddressInfo).port));
  process.once("SIGTERM", () => process.exit(0));
}
