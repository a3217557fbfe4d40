import { Transform, type Readable } from "node:stream";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../core/image-upload.ts";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

// Limits applied before any work: what a client may send, how much, and with which
// methods. A client's mistake gets a 4xx here, never a 5xx further in.

/** Methods the shop answers; anything else (PUT, DELETE, TRACE, …) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

const KB = 1024;
const MB = 1024 * KB;

/** The largest picture an owner may upload (SPEC §9), plus room for the multipart envelope. */
const UPLOAD_BODY_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES + 64 * KB;

/**
 * Body caps by kind of request, first match wins: forms and JSON are small; Stripe's
 * events are larger but bounded; only the upload endpoint takes pictures.
 */
const BODY_LIMITS: [prefix: string, maxBytes: number][] = [
  ["/admin/uploads", UPLOAD_BODY_MAX_BYTES],
  ["/api/webhooks/stripe", 512 * KB],
];
export const DEFAULT_BODY_MAX_BYTES = 100 * KB;

export function bodyLimitFor(path: string): number {
  for (const [prefix, maxBytes] of BODY_LIMITS) if (path === prefix || path.startsWith(`${prefix}/`)) return maxBytes;
  return DEFAULT_BODY_MAX_BYTES;
}

/** Refuses methods the shop does not serve, with the methods it does. */
export const allowedMethods: RequestHandler = (req, res, next) => {
  if (ALLOWED_METHODS.includes(req.method)) return next();
  res.setHeader("Allow", ALLOWED_METHODS.join(", "));
  res.status(405).type("text/plain").send("Method not allowed");
};

/** The request body, read through the cap: handlers read this instead of the raw request. */
export function requestBody(res: ExpressResponse): Readable | undefined {
  return res.locals.body as Readable | undefined;
}

/**
 * Caps every request body. A declared length over the cap is answered 413 before a
 * byte is read; a body without a declared length (chunked) is counted as it streams
 * and answered 413 the moment it passes the cap. Either way the connection is closed
 * so the rest of an oversize upload is never read.
 */
export function limitRequestBodies(): RequestHandler {
  return (req, res, next) => {
    const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody || req.method === "GET" || req.method === "HEAD") return next();
    const maxBytes = bodyLimitFor(req.path);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > maxBytes) return refuse(req, res, maxBytes);

    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen <= maxBytes) return callback(null, chunk);
        req.unpipe(counted);
        refuse(req, res, maxBytes);
        callback(new PayloadTooLargeError(maxBytes));
      },
    });
    req.on("error", (error) => counted.destroy(error));
    res.locals.body = req.pipe(counted);
    next();
  };
}

export class PayloadTooLargeError extends Error {
  override name = "PayloadTooLargeError";
  readonly status = 413;
  constructor(maxBytes: number) {
    super(`Request body is larger than ${maxBytes} bytes`);
  }
}

function refuse(req: ExpressRequest, res: ExpressResponse, maxBytes: number) {
  if (res.headersSent) return;
  const limit = maxBytes >= MB ? `${Math.floor(maxBytes / MB)} MB` : `${Math.floor(maxBytes / KB)} KB`;
  res.setHeader("Connection", "close");
  res.status(413).type("text/plain").send(`Request too large: at most ${limit}`);
  // Stop reading whatever the client is still sending once the answer is out.
  res.once("finish", () => req.socket.destroySoon());
}
