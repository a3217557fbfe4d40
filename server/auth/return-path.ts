// Where the owner was when the shop sent her to sign in (no session, or it expired), so that
// signing in takes her back there instead of to the dashboard. Carried in a cookie beside the
// redirect, so the sign-in page's own address stays /admin/login.

const NAME = "selvage.return";
/** Long enough to find the password; a stale one only ever leads to an admin page. */
const MAX_AGE_SECONDS = 30 * 60;
const MAX_LENGTH = 512;
/** Pages that are no place to come back to after signing in. */
const SIGN_IN_PAGES = /^\/admin\/(login|logout|reset-password|update-password)(\/|$|\?)/;

/** An admin page's path and query, or null for anything else (another site, the sign-in pages). */
export function adminReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  // Only a plain path under /admin: no scheme, host, "//" or backslash that a browser could read as another site.
  if (!/^\/admin(?:[/?][\x21-\x7e]*)?$/.test(value) || value.includes("//") || value.includes("\\")) return null;
  return SIGN_IN_PAGES.test(value) ? null : value;
}

/**
 * The admin page a request came from: a page read, its own address (without React
 * Router's data suffix); a form sent from a page, that page (its Referer, same origin only).
 */
export function returnPathOf(request: Request): string | null {
  const url = new URL(request.url);
  if (request.method === "GET" || request.method === "HEAD") {
    url.searchParams.delete("_routes");
    return adminReturnPath(`${url.pathname.replace(/\.data$/, "")}${url.search}`);
  }
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === url.origin ? adminReturnPath(`${from.pathname}${from.search}`) : null;
  } catch {
    return null;
  }
}

function attributes(secure: boolean, maxAge: number) {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that remembers where to come back to. */
export function setReturnPath(path: string, secure: boolean): string {
  return `${NAME}=${encodeURIComponent(path)}; ${attributes(secure, MAX_AGE_SECONDS)}`;
}

/** Where to go back to, if anywhere, and the Set-Cookie value that forgets it. */
export function takeReturnPath(request: Request, secure: boolean): { path: string | null; clear: string } {
  let path: string | null = null;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name !== NAME) continue;
    try {
      path = adminReturnPath(decodeURIComponent(value));
    } catch {
      path = null;
    }
  }
  return { path, clear: `${NAME}=; ${attributes(secure, 0)}` };
}
