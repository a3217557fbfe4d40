import { and, eq } from "drizzle-orm";
import type { AppServices, RequestInfo } from "../context.ts";
import type { Database } from "../db/client.ts";
import { sessions, storeMembers } from "../db/schema.ts";
import { SESSION_COOKIE } from "./auth.ts";

export type SessionCheck =
  | { status: "anonymous" }
  /** A session cookie came, but its session is over (expired, revoked, or signed out elsewhere). */
  | { status: "expired" }
  /** Signed in, but not a member of this store. */
  | { status: "no-access"; sessionToken: string }
  | {
      status: "owner";
      userId: string;
      email: string;
      name: string;
      sessionId: string;
      role: string;
      /** Set-Cookie headers from a session refresh, to pass on with the response. */
      setCookies: string[];
    };

/**
 * Request headers for better-auth: the client's cookies, plus its address as the HTTP
 * server determined it (a value the client sent under that name is replaced).
 */
export function authHeaders(request: Request, { clientIp }: Pick<RequestInfo, "clientIp">): Headers {
  const headers = new Headers(request.headers);
  headers.set("x-selvage-client-ip", clientIp);
  return headers;
}

export function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get("cookie") ?? "";
  return cookie.split(";").some((part) => {
    const name = part.split("=")[0]?.trim() ?? "";
    return name === SESSION_COOKIE || name === `__Host-${SESSION_COOKIE}`;
  });
}

export async function isStoreMember(db: Database, tenantId: string, userId: string): Promise<string | null> {
  const [member] = await db
    .select({ role: storeMembers.role })
    .from(storeMembers)
    .where(and(eq(storeMembers.tenantId, tenantId), eq(storeMembers.userId, userId)));
  return member?.role ?? null;
}

/** Who is asking: decided from the session in the database and the store's membership list. */
export async function checkSession(
  { auth, databases }: Pick<AppServices, "auth" | "databases">,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "tenantId">,
): Promise<SessionCheck> {
  if (!hasSessionCookie(request)) return { status: "anonymous" };
  const { headers, response } = await auth.api.getSession({ headers: authHeaders(request, info), returnHeaders: true });
  if (!response) return { status: "expired" };
  const role = await isStoreMember(databases.forTenant(info.tenantId), info.tenantId, response.user.id);
  if (!role) return { status: "no-access", sessionToken: response.session.token };
  return {
    status: "owner",
    userId: response.user.id,
    email: response.user.email,
    name: response.user.name,
    sessionId: response.session.id,
    role,
    setCookies: headers.getSetCookie(),
  };
}

/** Ends one session on the server, whatever the browser does with its cookie. */
export async function revokeSessionToken(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}
