import { redirect, type MiddlewareFunction } from "react-router";
import { adminContext, requestContext, servicesContext } from "../context.ts";
import { setFlash, type FlashKind } from "./flash.ts";
import { returnPathOf, setReturnPath } from "./return-path.ts";
import { crossOriginRefusal, isSameOriginWrite } from "./same-origin.ts";
import { checkSession, revokeSessionToken } from "./session.ts";
import { SESSION_COOKIE } from "./auth.ts";

export const LOGIN_PATH = "/admin/login";

/**
 * Runs before every loader and action under the protected admin layout, on page
 * and data requests alike: nothing in the admin area answers until the server has
 * checked the session in the database and the user's membership of this store.
 */
export const requireStoreOwner: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  const info = context.get(requestContext);
  const { config } = services;
  if (!isSameOriginWrite(request, config.PUBLIC_URL)) throw crossOriginRefusal();

  const check = await checkSession(services, request, info);
  switch (check.status) {
    case "anonymous":
      throw toLogin(request, null, config.secure);
    case "expired":
      throw toLogin(request, "expired", config.secure);
    case "no-access":
      await revokeSessionToken(services.databases.db, check.sessionToken);
      throw toLogin(request, "no-access", config.secure);
  }

  context.set(adminContext, {
    userId: check.userId,
    email: check.email,
    name: check.name,
    sessionId: check.sessionId,
    role: check.role,
  });
  const response = await next();
  for (const cookie of check.setCookies) response.headers.append("Set-Cookie", cookie);
  // Admin pages carry private data: never kept by a browser or proxy cache.
  response.headers.set("Cache-Control", "no-store");
  return response;
};

function noStore(): Headers {
  return new Headers({ "Cache-Control": "no-store" });
}

/**
 * To the sign-in page, remembering the page to come back to; with a notice, the dead session
 * cookie is removed so it is said once.
 */
function toLogin(request: Request, notice: FlashKind | null, secure: boolean): Response {
  const headers = noStore();
  const from = returnPathOf(request);
  if (from) headers.append("Set-Cookie", setReturnPath(from, secure));
  if (notice) {
    headers.append("Set-Cookie", setFlash(notice, secure));
    headers.append("Set-Cookie", clearSessionCookie(secure));
  }
  return redirect(LOGIN_PATH, { headers });
}

export function clearSessionCookie(secure: boolean): string {
  const name = secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
