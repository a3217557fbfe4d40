const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may change state: reads always may; writes only when the browser
 * says they come from this site. Browsers send Origin on every cross-site POST (and on
 * same-site ones); a write without Origin is accepted only with Sec-Fetch-Site
 * same-origin. Anything else — other sites, scripts without those headers — is refused.
 */
export function isSameOriginWrite(request: Request, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    return origin === new URL(publicUrl).origin || origin === new URL(request.url).origin;
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}

export function crossOriginRefusal(): Response {
  return new Response("Cross-origin request refused", { status: 403, headers: { "Content-Type": "text/plain" } });
}
