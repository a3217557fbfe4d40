import { lookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../core/image-upload.ts";
import { isPublicAddress } from "./public-address.ts";

// Fetches a picture the owner named by URL, once, for the upload endpoint. The server is
// the one making the request, so where it may go is decided here: http(s) only, public
// addresses only (checked on the addresses the name resolves to, and the connection goes
// to exactly the address checked, so a name that resolves differently the second time
// cannot reach inside), every redirect checked the same way, bounded in time and size.

export const URL_IMPORT_TIMEOUT_MS = 10_000;
export const URL_IMPORT_MAX_REDIRECTS = 3;

export interface UrlImportOptions {
  /** Reach private and local addresses too (UPLOAD_ALLOW_PRIVATE_URLS, for tests only). */
  allowPrivate: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** How a host name becomes addresses; node:dns by default. */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Which addresses may be reached; public ones by default (all with allowPrivate). */
  isAllowedAddress?: (address: string) => boolean;
}

export interface ImportedFile {
  bytes: Buffer;
  /** The last segment of the final URL's path, as the file's name. */
  name: string;
}

export type UrlImportFailure = "refused" | "unreachable" | "too-large" | "timeout";

/** Why an import failed, in words for "Failed to upload image: {reason}". */
export class UrlImportError extends Error {
  override name = "UrlImportError";
  readonly failure: UrlImportFailure;
  constructor(failure: UrlImportFailure, reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.failure = failure;
  }
}

const resolveWithDns = async (hostname: string) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export async function importImageFromUrl(url: string, options: UrlImportOptions): Promise<ImportedFile> {
  const {
    maxBytes = IMAGE_UPLOAD_MAX_BYTES,
    timeoutMs = URL_IMPORT_TIMEOUT_MS,
    maxRedirects = URL_IMPORT_MAX_REDIRECTS,
    resolve = resolveWithDns,
    isAllowedAddress = options.allowPrivate ? () => true : isPublicAddress,
  } = options;
  // One deadline for the whole import: every redirect, the connection and the body.
  const deadline = AbortSignal.timeout(timeoutMs);
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} seconds` : `${timeoutMs} ms`;
  const timedOut = () => new UrlImportError("timeout", `the address did not answer within ${limit}`);

  let target = parseTarget(url);
  for (let redirects = 0; ; redirects++) {
    let addresses: string[];
    try {
      addresses = await checkedAddresses(target, resolve, isAllowedAddress, deadline);
    } catch (error) {
      throw deadline.aborted ? timedOut() : error;
    }
    const response = await get(target, addresses, deadline).catch((error: unknown) => {
      if (deadline.aborted) throw timedOut();
      throw new UrlImportError("unreachable", `could not reach ${target.host}`, { cause: error });
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location !== undefined) {
      response.destroy();
      if (redirects >= maxRedirects) {
        throw new UrlImportError("refused", `the address redirected more than ${maxRedirects} times`);
      }
      target = parseTarget(response.headers.location, target);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw new UrlImportError("unreachable", `the address answered ${status}`);
    }
    const bytes = await readBody(response, maxBytes).catch((error: unknown) => {
      if (deadline.aborted) throw timedOut();
      throw error instanceof UrlImportError
        ? error
        : new UrlImportError("unreachable", `the download from ${target.host} broke off`, { cause: error });
    });
    return { bytes, name: fileNameOf(target) };
  }
}

function parseTarget(text: string, base?: URL): URL {
  let target: URL;
  try {
    target = new URL(text, base);
  } catch {
    throw new UrlImportError("refused", "the URL is not valid");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    throw new UrlImportError("refused", "only http and https URLs can be imported");
  }
  if (target.username || target.password) {
    throw new UrlImportError("refused", "URLs with a user name or password are not accepted");
  }
  return target;
}

/** The addresses the request may connect to: every address of the name, each one checked. */
async function checkedAddresses(
  target: URL,
  resolve: (hostname: string) => Promise<string[]>,
  isAllowed: (address: string) => boolean,
  deadline: AbortSignal,
): Promise<string[]> {
  const hostname = bareHostname(target);
  const addresses = isIP(hostname)
    ? [hostname]
    : await untilDeadline(
        resolve(hostname).catch((error: unknown) => {
          throw new UrlImportError("unreachable", `could not find ${hostname}`, { cause: error });
        }),
        deadline,
      );
  // One private answer among public ones is refused too: the name is pointing inside.
  if (addresses.length === 0) throw new UrlImportError("unreachable", `could not find ${hostname}`);
  if (!addresses.every(isAllowed)) {
    throw new UrlImportError("refused", "URLs of private or local network addresses are not allowed");
  }
  return addresses;
}

const bareHostname = (target: URL) => target.hostname.replace(/^\[|\]$/g, "");

function untilDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new Error("deadline passed"));
    if (deadline.aborted) return abort();
    deadline.addEventListener("abort", abort, { once: true });
    void work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", abort));
  });
}

function get(target: URL, addresses: string[], deadline: AbortSignal): Promise<IncomingMessage> {
  // The host name stays for the Host header and TLS (certificate and SNI); the socket goes
  // to an address that was checked, never to a second lookup's answer.
  const checked = addresses.map((address) => ({ address, family: isIP(address) }));
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const fitting = checked.filter((entry) => !options.family || entry.family === options.family);
    const first = fitting[0];
    if (!first)
      return callback(Object.assign(new Error("no checked address of that family"), { code: "ENOTFOUND" }), "");
    if (options.all) callback(null, fitting);
    else callback(null, first.address, first.family);
  };
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: "GET",
        lookup: pinned,
        // A fresh connection each time: a pooled one may lead to an address checked for another name.
        agent: false,
        signal: deadline,
        headers: { accept: "image/jpeg, image/png, image/gif, image/webp", "user-agent": "Selvage image import" },
      },
      resolve,
    );
    request.once("error", reject);
    request.end();
  });
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new UrlImportError("too-large", `the picture at that address exceeds the ${maxBytes / 1024 / 1024}MB size limit`);
  const declared = Number(response.headers["content-length"] ?? Number.NaN);
  if (declared > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    response.once("error", reject);
    response.once("end", () => resolve(Buffer.concat(chunks)));
    // Cut off before the end (the deadline, or the other side going away): never a partial file.
    response.once("close", () => {
      if (!response.complete) reject(new Error("the connection closed before the end of the file"));
    });
  });
}

function fileNameOf(target: URL): string {
  const last = target.pathname.split("/").filter(Boolean).at(-1) ?? "";
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  // An address without a file name ("https://example.com/") is named by its host in messages.
  return name || target.hostname;
}
