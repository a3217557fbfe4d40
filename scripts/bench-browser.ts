// What a shopper's phone downloads and sees, measured in the system Chromium: Lighthouse's
// mobile audit (simulated slow 4G and a 4× slower CPU) of storefront pages, the initial
// JavaScript of a page, and the bytes of the pictures a phone picks from their srcsets.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertChromiumInstalled } from "../tests/e2e/support/browser.ts";

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** "Properly size images": bytes a page would save with pictures sized to their slots. */
  imageSavingsBytes: number;
  unusedJsBytes: number;
  /** The audits of the four categories that did not pass, by id, to say what to fix. */
  failedAudits: string[];
  /** The performance score of every run, the median one's above. */
  runScores: number[];
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The phone the picture bytes are measured on (CSS pixels and density of a common phone). */
export const PHONE = { width: 390, height: 844, deviceScaleFactor: 2 };

/** A Chromium with its DevTools port open, for Lighthouse and for Playwright. */
export async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  assertChromiumInstalled();
  const profile = mkdtempSync(path.join(tmpdir(), "selvage-chromium-"));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    ["--headless=new", ...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${output}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}:\n${output}`)));
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return {
    port,
    close: async () => {
      child.removeAllListeners("exit");
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGTERM");
        });
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Lighthouse's default (mobile) audit of one page, run `runs` times: the figures are those of
 * the median run (Lighthouse's own pick, nearest the median FCP and time to interactive), as
 * Lighthouse advises, since one run's blocking time moves with whatever else the machine does.
 */
export async function lighthouseMobile(url: string, port: number, runs: number): Promise<LighthouseFigures> {
  const results: Report[] = [];
  for (let run = 0; run < runs; run++) results.push(await lighthouseRun(url, port));
  const lhr: Report = computeMedianRun(results);
  const score = (id: string, of = lhr) => Math.round((of.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const savings = (id: string) =>
    (lhr.audits[id]?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0;
  const failedAudits = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 0.9)
      .map((audit) => audit.id),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    fcpMs: numeric("first-contentful-paint"),
    imageSavingsBytes: savings("uses-responsive-images"),
    unusedJsBytes: savings("unused-javascript"),
    failedAudits: [...new Set(failedAudits)],
    runScores: results.map((run) => score("performance", run)),
  };
}

/** Tries a run this many times when Lighthouse fails to record it. */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * One Lighthouse run. Now and then Chromium's trace of a load comes back without its start
 * (NO_NAVSTART), and Lighthouse answers an error asking to be run again: so it is, twice at most.
 */
async function lighthouseRun(url: string, port: number): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === LIGHTHOUSE_ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error.message}`);
    console.error(`Lighthouse on ${url}: ${error.code}, run again`);
  }
}

/** A GET's status and body bytes as sent (compressed when the server compressed them). */
function transferred(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The JavaScript a page starts loading before it is interactive: every modulepreload of
 * its HTML and the module scripts it imports at once, as gzip bytes sent by the server.
 */
export async function initialJavaScript(pageUrl: string): Promise<{ files: number; gzipBytes: number }> {
  const page = await transferred(pageUrl, { "accept-encoding": "identity" });
  const html = page.bytes.toString("utf8");
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.add(href);
  }
  // The entry: `import "…"` / `import(…)` in the inline module script.
  for (const script of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const match of script[1]!.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)) urls.add(match[1]!);
  }
  let gzipBytes = 0;
  for (const url of urls) {
    const response = await transferred(new URL(url, pageUrl).href, { "accept-encoding": "gzip" });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    gzipBytes += response.bytes.length;
  }
  return { files: urls.size, gzipBytes };
}

/**
 * Bytes of the pictures a phone (PHONE) downloads for the elements `selector` matches on a
 * page, each picture counted once; the largest one's bytes are answered.
 */
export async function pictureBytes(
  port: number,
  pageUrl: string,
  selector: string,
): Promise<{ bytes: number; url: string }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: PHONE.deviceScaleFactor });
  try {
    const page = await context.newPage();
    await page.goto(pageUrl, { waitUntil: "load" });
    await page.locator(selector).first().waitFor();
    // currentSrc is set once the browser picked from the srcset; wait for those pictures to load.
    await page.waitForFunction(
      (css) => [...document.querySelectorAll<HTMLImageElement>(css)].every((img) => img.complete && img.currentSrc),
      selector,
    );
    const pictures = await page.evaluate((css) => {
      return [...document.querySelectorAll<HTMLImageElement>(css)].map((img) => {
        const entry = performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined;
        return { url: img.currentSrc, bytes: entry?.encodedBodySize ?? 0 };
      });
    }, selector);
    if (pictures.length === 0) throw new Error(`No picture matches ${selector} on ${pageUrl}`);
    return pictures.reduce((largest, picture) => (picture.bytes > largest.bytes ? picture : largest));
  } finally {
    await context.close();
    await browser.close();
  }
}
