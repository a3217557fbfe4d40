import { data, isRouteErrorResponse, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestFaultsContext, servicesContext } from "../context.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";

/**
 * React Router's error hook (entry.server's handleError): a database outage is noted
 * on the request, and logged once as a warning; anything else is logged as an error.
 */
export function noteRequestError(
  error: unknown,
  { request, context }: { request: Request; context?: Readonly<RouterContextProvider> },
) {
  const log = context?.get(servicesContext).log;
  if (isDatabaseUnavailable(error)) {
    if (context) context.get(requestFaultsContext).databaseUnavailable = true;
    log?.warn({ err: error, url: request.url }, "database unavailable");
    return;
  }
  // A request the client gave up on (or that was refused as too large) needs no report,
  // nor does a client's mistake answered with a 4xx (a POST to a page without a form).
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (log) log.error({ err: error, url: request.url }, "request error");
  else console.error(error);
}

/**
 * A part of a page that loads after its first paint (an Await's promise). When it fails,
 * the page shows an error in its place and still answers 200: the failure is noted, so the
 * page cache does not keep a page with a hole in it, and logged like any request error.
 */
export function streamedPart<T>(
  promise: Promise<T>,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
): Promise<T> {
  promise.catch((error: unknown) => {
    context.get(requestFaultsContext).partFailed = true;
    noteRequestError(error, { request, context });
  });
  return promise;
}

/**
 * Root middleware: when a loader or action failed because the database was unavailable,
 * the answer is the "we'll be right back" page (or data) with 503 and Retry-After,
 * not a 500 — the shop is fine, the database will be back.
 */
export const answerDatabaseOutage: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (response.status >= 500 && context.get(requestFaultsContext).databaseUnavailable) {
    throw data(SHOP_UNAVAILABLE_MESSAGE, { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
  return response;
};
