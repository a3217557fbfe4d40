import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { RequestHandler, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { requestFaultsContext } from "../context.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";
import type { Logger } from "../logger.ts";
import { createTurnGate } from "../turn-gate.ts";
import { ANONYMOUS_CACHE_CONTROL, isAnonymousPath, type PageCache } from "./page-cache.ts";
import { ALLOWED_METHODS, requestBody } from "./request-limits.ts";

// Hands Express requests to React Router. It does what @react-router/express does,
// and also: reads bodies only through the size cap, turns a bad request line into a
// 400 and a database outage into a 503, marks personal pages no-store and anonymous
// pages public, and keeps anonymous pages in the page cache.

/** Pages with a person's data or a session: never kept by a browser or a shared cache. */
const PERSONAL_PATHS = /^\/(admin|checkout|thank-you|thanks|pay)(\/|\.data|$)/;

export function isPersonalPath(path: string): boolean {
  return PERSONAL_PATHS.test(path);
}

/**
 * Pages rendered at once (docs/decisions/007). A render that waits on the database lets the
 * next request start; without a bound, a crowd had every render in flight, each advancing a
 * little on every pass of the event loop, and the slowest visitors waited many seconds while
 * most had their page in a third of one. Eight at a time keep both cores busy while a render
 * waits; the rest wait in arrival order, and past RENDER_WAIT_MS get the same quick 503 as a
 * database outage.
 */
export const RENDER_SLOTS = 8;
export const RENDER_WAIT_MS = 5_000;

class ShopBusyError extends Error {}
class VisitorGoneError extends Error {}

interface HandlerOptions {
  build: () => ServerBuild | Promise<ServerBuild>;
  mode: "development" | "production";
  getLoadContext(req: ExpressRequest, res: ExpressResponse): RouterContextProvider;
  log: Logger;
  /** Anonymous pages rendered here are kept in it (PAGE_CACHE). */
  pageCache?: PageCache | undefined;
}

export function reactRouterHandler({ build, mode, getLoadContext, log, pageCache }: HandlerOptions): RequestHandler {
  const handle = mode === "production" ? handlerOfLoadedBuild(build) : createRequestHandler(build, mode);
  const renders = createTurnGate({
    slots: RENDER_SLOTS,
    maxWaitMs: RENDER_WAIT_MS,
    tooLong: () => new ShopBusyError(`waited ${RENDER_WAIT_MS} ms for a turn to render`),
    // A page whose data is in memory renders without waiting on anything.
    startFromEventLoop: true,
  });
  // Only page reads wait for a turn: a post's body arrives at the sender's pace (a picture over
  // a slow line), and a turn it held would be one less for every shopper.
  const render = (req: ExpressRequest, res: ExpressResponse, run: () => Promise<Response>) =>
    req.method === "GET" || req.method === "HEAD"
      ? renders.run(() => {
          // A visitor who left while waiting is not rendered for.
          if (res.destroyed) throw new VisitorGoneError();
          return run();
        })
      : run();

  return async (req, res) => {
    let request: Request;
    let controller: AbortController | null;
    try {
      ({ request, controller } = toFetchRequest(req, res));
    } catch {
      res.status(400).type("text/plain").send("Bad request");
      return;
    }
    res.once("finish", () => (controller = null));
    res.once("close", () => controller?.abort());
    try {
      // Taken before rendering: a store change during the render keeps the page from being kept.
      const fill = pageCache?.beginFill(req);
      const context = getLoadContext(req, res);
      // The turn ends once the page's first part is rendered; what streams after it, and the
      // writing to a visitor who reads slowly, take no turn from the others.
      const response = await render(req, res, () => handle(request, context));
      const overrides = shopHeaders(req.path, response);
      if (fill && response.status === 200 && response.body) {
        let body: Buffer;
        try {
          body = Buffer.from(await response.arrayBuffer());
        } catch (error) {
          // The visitor left mid-render (the render was aborted): nobody to answer.
          if (res.destroyed) return;
          throw error;
        }
        // A part that failed to load (shown as an error in its place) is not kept, here or by a CDN.
        const partFailed = context.get(requestFaultsContext).partFailed;
        if (partFailed) overrides["Cache-Control"] = "no-store";
        setHeaders(res, response, overrides);
        if (!partFailed && (await pageCache!.fill(req, res, fill, res.getHeaders(), body))) return;
        return void res.end(body);
      }
      await send(res, response, overrides);
    } catch (error) {
      if (error instanceof VisitorGoneError) return;
      if (res.headersSent) return void res.destroy();
      if (isDatabaseUnavailable(error) || error instanceof ShopBusyError) {
        res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        res.status(503).type("text/plain").send(SHOP_UNAVAILABLE_MESSAGE);
        return;
      }
      log.error({ err: error, url: req.originalUrl }, "request failed");
      res.status(500).type("text/plain").send("Unexpected Server Error");
    }
  };
}

/**
 * React Router derives its route tables (every route's path compiled and ranked) from the build
 * each time a function hands it over, which development needs for fresh code. A production
 * build never changes: it is handed over once loaded, and the tables are made once.
 */
function handlerOfLoadedBuild(build: HandlerOptions["build"]): ReturnType<typeof createRequestHandler> {
  let loaded: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (request, context) => {
    loaded ??= Promise.resolve(build()).then(
      (serverBuild) => createRequestHandler(serverBuild, "production"),
      (error: unknown) => {
        loaded = undefined; // tried again by the next request
        throw error;
      },
    );
    return (await loaded)(request, context);
  };
}

/** A Host header's value: a name or an IP literal, and an optional port (RFC 9110 §7.2). */
const VALID_HOST = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function toFetchRequest(req: ExpressRequest, res: ExpressResponse) {
  // A missing, repeated or malformed Host is a bad request (RFC 9112 §3.2), not a name to build links from.
  const hostHeaders = req.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === "host");
  if (hostHeaders.length !== 1 || !VALID_HOST.test(req.headers.host ?? "")) throw new Error("Invalid Host header");
  // A path that does not decode (a broken escape, bytes that are not UTF-8) names no page: a bad request.
  decodeURIComponent(req.path);
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = Number.parseInt(hostPort ?? "", 10);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${Number.isSafeInteger(port) ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const controller = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(requestBody(res) ?? req);
    init.duplex = "half";
  }
  return { request: new Request(url, init), controller };
}

/** Headers the shop adds to what the routes answered (set on the Node response, which is always mutable). */
function shopHeaders(path: string, response: Response): Record<string, string> {
  const { status } = response;
  const headers: Record<string, string> = {};
  if (status === 503) headers["Retry-After"] = String(RETRY_AFTER_SECONDS);
  // A route without an action answers a POST with 405; say what it does take.
  if (status === 405) headers.Allow = ALLOWED_METHODS.filter((method) => method !== "POST").join(", ");
  if (PERSONAL_PATHS.test(path)) headers["Cache-Control"] = "no-store";
  // The same page for everyone: shared caches may keep it briefly, unless the route said otherwise.
  else if (
    status === 200 &&
    isAnonymousPath(path) &&
    !response.headers.has("Set-Cookie") &&
    !response.headers.has("Cache-Control")
  )
    headers["Cache-Control"] = ANONYMOUS_CACHE_CONTROL;
  return headers;
}

function setHeaders(res: ExpressResponse, response: Response, overrides: Record<string, string>): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  for (const [key, value] of Object.entries(overrides))
    if (key === "Cache-Control" || !res.hasHeader(key)) res.setHeader(key, value);
}

async function send(res: ExpressResponse, response: Response, overrides: Record<string, string>): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  setHeaders(res, response, overrides);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
