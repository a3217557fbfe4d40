import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FillTicket, StorefrontChanges } from "../cache/storefront-changes.ts";
import { storeOfRequest } from "../tenancy.ts";

// Anonymous storefront pages, rendered once and kept with their compressed variants, so a
// repeat visit is answered from memory before Express or React Router see it. Decision
// record 012 says what is kept, for how long, and why the kept CSP nonce is safe.

/**
 * Pages that are the same for every visitor, and their client-navigation data (.data).
 * Not the cart, contact (its form carries a token made at render time), checkout, payment,
 * thank-you, admin or any API: those are personal or change per render.
 */
const ANONYMOUS_PATHS =
  /^\/(?:|_\.data|(?:category|product)\/[^/]+|search(?:\.data)?|privacy(?:\.data)?|terms(?:\.data)?|sitemap\.xml|robots\.txt)$/;

/**
 * What anonymous pages tell browsers and shared caches: browsers ask again every time (a
 * cheap 304 from here), a CDN may keep a page 30 s and serve it 30 s more while it asks.
 */
export const ANONYMOUS_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";

/** URLs longer than this, or with more query entries, are rendered each time and never kept. */
const MAX_URL_LENGTH = 512;
const MAX_QUERY_ENTRIES = 8;
/** Rough cost of an entry beside its bodies (key, header objects, map slots). */
const ENTRY_OVERHEAD_BYTES = 2_048;
/** A RFC 9110 host: a name or an IP literal, and an optional port. */
const VALID_HOST = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** Headers of the filling response that are per connection or set per answer here. */
const PER_ANSWER_HEADERS = new Set([
  "connection",
  "keep-alive",
  "date",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "vary",
  "x-cache",
]);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export function isAnonymousPath(path: string): boolean {
  return ANONYMOUS_PATHS.test(path);
}

type Encoding = "br" | "gzip" | "identity";

interface Variant {
  body: Buffer;
  /** Every header of a 200 answer with this variant (X-Cache: HIT). */
  headers: OutgoingHttpHeaders;
  /** The same for a 304: no body, so no length or type. */
  notModified: OutgoingHttpHeaders;
  etag: string;
}

interface PageEntry {
  key: string;
  tenantId: string;
  bytes: number;
  variants: Record<Encoding, Variant>;
}

/** A cacheable request: where its page would be kept, and the clock when its render began. */
export interface PageFill {
  key: string;
  tenantId: string;
  ticket: FillTicket;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

export class PageCache {
  /** Least recently used first (a Map keeps insertion order; a hit moves its entry last). */
  private readonly entries = new Map<string, PageEntry>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly changes: StorefrontChanges;

  constructor(changes: StorefrontChanges, options: { maxBytes: number }) {
    this.changes = changes;
    this.maxBytes = options.maxBytes;
    // One page may take at most an eighth of the budget, so a few large pages cannot empty it.
    this.maxEntryBytes = Math.floor(options.maxBytes / 8);
    changes.subscribe((tenantId) => this.drop(tenantId));
  }

  stats(): PageCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  /**
   * Answers the request from memory if its page is kept (true), straight on the Node
   * response: the same headers as the render that filled it, with X-Cache: HIT.
   */
  serveHit(req: IncomingMessage, res: ServerResponse, extraHeaders?: OutgoingHttpHeaders): boolean {
    const where = requestKey(req);
    if (!where) return false;
    const entry = this.entries.get(where.key);
    if (!entry) return false;
    this.entries.delete(where.key);
    this.entries.set(where.key, entry);
    answer(req, res, entry, extraHeaders);
    return true;
  }

  /** Where the request's page would be kept, for a GET of an anonymous page; null otherwise. */
  beginFill(req: IncomingMessage): PageFill | null {
    if (req.method !== "GET") return null;
    const where = requestKey(req);
    return where && { ...where, ticket: this.changes.ticket() };
  }

  /**
   * Makes the kept form of a rendered 200 (its headers as sent, and the body), keeps it
   * unless its store changed while it was rendered, and answers the request with it
   * (X-Cache: MISS). Answers false, sending nothing, if the response must not be kept.
   */
  async fill(
    req: IncomingMessage,
    res: ServerResponse,
    fill: PageFill,
    headers: OutgoingHttpHeaders,
    body: Buffer,
  ): Promise<boolean> {
    if (!isKeepable(headers) || body.length > this.maxEntryBytes) return false;
    const entry = await makeEntry(fill, headers, body);
    if (entry.bytes <= this.maxEntryBytes && this.changes.mayKeep(fill.tenantId, fill.ticket)) this.keep(entry);
    answer(req, res, entry, { "x-cache": "MISS" });
    return true;
  }

  private keep(entry: PageEntry): void {
    this.remove(entry.key);
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    for (const [key] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops a store's pages (null: every store's). */
  drop(tenantId: string | null): void {
    if (tenantId === null) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const [key, entry] of this.entries) if (entry.tenantId === tenantId) this.remove(key);
  }
}

/** The key of a cacheable request: host, and path with its query entries in a stable order. */
function requestKey(req: IncomingMessage): { key: string; tenantId: string } | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  // A request with a body is not a plain page view; Express answers it.
  if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined) return null;
  const url = req.url ?? "";
  if (url.length > MAX_URL_LENGTH) return null;
  const mark = url.indexOf("?");
  const path = mark < 0 ? url : url.slice(0, mark);
  if (!ANONYMOUS_PATHS.test(path)) return null;
  const host = singleHost(req);
  if (!host) return null;
  let query = "";
  if (mark >= 0) {
    const entries = url
      .slice(mark + 1)
      .split("&")
      .filter(Boolean);
    if (entries.length > MAX_QUERY_ENTRIES) return null;
    // Sorted by name only: the order of repeated names is kept (a page reads the first).
    const name = (entry: string) => entry.split("=", 1)[0]!;
    query = entries.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0)).join("&");
  }
  return { key: `${host} ${path}?${query}`, tenantId: storeOfRequest(host.replace(/:\d+$/, "")) };
}

/** The request's one valid Host, lower-cased; null for a missing, repeated or malformed one. */
function singleHost(req: IncomingMessage): string | null {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "host") count += 1;
  const host = req.headers.host?.toLowerCase();
  return count === 1 && host && VALID_HOST.test(host) ? host : null;
}

/** A 200 that names no one: no cookie, no private or no-store, no variation but by encoding. */
function isKeepable(headers: OutgoingHttpHeaders): boolean {
  if (headers["set-cookie"] !== undefined) return false;
  const cacheControl = String(headers["cache-control"] ?? "");
  if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return false;
  const vary = String(headers.vary ?? "").toLowerCase();
  return vary === "" || vary === "accept-encoding";
}

async function makeEntry(fill: PageFill, sent: OutgoingHttpHeaders, body: Buffer): Promise<PageEntry> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  const common: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(sent))
    if (value !== undefined && !PER_ANSWER_HEADERS.has(name)) common[name] = value;
  common["cache-control"] ??= ANONYMOUS_CACHE_CONTROL;
  common.vary = "Accept-Encoding";
  const tag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const variant = (encoding: Encoding, data: Buffer, etag: string): Variant => {
    const notModified: OutgoingHttpHeaders = { ...common, etag };
    delete notModified["content-type"];
    const headers: OutgoingHttpHeaders = { ...common, etag, "content-length": data.length, "x-cache": "HIT" };
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    return { body: data, headers, notModified, etag };
  };
  const variants = {
    identity: variant("identity", body, `"${tag}"`),
    gzip: variant("gzip", gzipped, `"${tag}-gz"`),
    br: variant("br", brotlied, `"${tag}-br"`),
  };
  const bytes = body.length + gzipped.length + brotlied.length + fill.key.length + ENTRY_OVERHEAD_BYTES;
  return { key: fill.key, tenantId: fill.tenantId, bytes, variants };
}

function answer(req: IncomingMessage, res: ServerResponse, entry: PageEntry, extra?: OutgoingHttpHeaders): void {
  const variant = entry.variants[negotiate(req.headers["accept-encoding"])];
  if (matches(req.headers["if-none-match"], entry)) {
    res.writeHead(304, extra ? { ...variant.notModified, ...extra } : variant.notModified);
    res.end();
    return;
  }
  res.writeHead(200, extra ? { ...variant.headers, ...extra } : variant.headers);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}

/** Brotli, else gzip, else the plain bytes, as the client's Accept-Encoding allows. */
function negotiate(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (coding === "br") br = true;
    else if (coding === "gzip" || coding === "x-gzip") gz = true;
    else if (coding === "*") br = gz = true;
  }
  return br ? "br" : gz ? "gzip" : "identity";
}

/** Whether If-None-Match names this page (any encoding of it: they are the same page). */
function matches(ifNoneMatch: string | undefined, entry: PageEntry): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(",")) {
    const tag = raw.trim().replace(/^W\//, "");
    if (tag === "*") return true;
    for (const variant of Object.values(entry.variants)) if (variant.etag === tag) return true;
  }
  return false;
}
