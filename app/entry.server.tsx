import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "../server/context.ts";

export { noteRequestError as handleError } from "../server/http/database-outage.ts";

export const streamTimeout = 5_000;

/**
 * React writes a page in chunks of about 2 KB; each one passed on alone costs a trip
 * through the web stream, the compressor and a socket write. This joins what React writes
 * in one go (the shell, then each streamed part) into one chunk, so the page still streams.
 */
class JoinedWrites extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  private readonly onFinal: () => void;

  constructor(onFinal: () => void) {
    super();
    this.onFinal = onFinal;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.pushPending());
    }
    callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.onFinal();
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.pushPending();
    callback();
  }

  private pushPending() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The same nonce is in this response's Content-Security-Policy header.
  const { cspNonce } = loadContext.get(requestContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />,
      {
        nonce: cspNonce,
        [readyOption]() {
          shellRendered = true;
          const body = new JoinedWrites(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
