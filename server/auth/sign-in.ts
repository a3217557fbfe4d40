import { isAPIError } from "better-auth/api";
import type { AppServices, RequestInfo } from "../context.ts";
import { clearAttempts, consumeAll, refundAttempt, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_CLIENT } from "../http/throttle.ts";
import { authHeaders, isStoreMember, revokeSessionToken } from "./session.ts";

export const TOO_MANY_ATTEMPTS = "Too many attempts, try again later";
export const NO_ACCESS = "You don't have access to this application";
export const SIGN_IN_FAILED = "Failed to login. Please try again.";

export type SignInResult = { ok: true; setCookies: string[] } | { ok: false; status: number; message: string };

/**
 * Signs in with email and password, for this store only. Every attempt counts
 * against the account and the client; unknown emails are counted and answered the
 * same way as wrong passwords, so neither reveals which accounts exist.
 */
export async function signIn(
  { auth, db, log }: Pick<AppServices, "auth" | "db" | "log">,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "tenantId">,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const email = credentials.email.trim().toLowerCase();
  const accountKey = `sign-in:account:${info.tenantId}:${email}`;
  const clientKey = `sign-in:client:${info.clientIp}`;
  const allowed = await consumeAll(db, [
    [accountKey, SIGN_IN_PER_ACCOUNT],
    [clientKey, SIGN_IN_PER_CLIENT],
  ]);
  if (!allowed) {
    log.warn({ clientIp: info.clientIp }, "sign-in throttled");
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }

  let signedIn;
  try {
    signedIn = await auth.api.signInEmail({
      body: { email, password: credentials.password, rememberMe: true },
      headers: authHeaders(request, info),
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error)) {
      const status = typeof error.statusCode === "number" ? error.statusCode : 400;
      return { ok: false, status, message: error.body?.message ?? SIGN_IN_FAILED };
    }
    log.error({ err: error }, "sign-in failed");
    return { ok: false, status: 500, message: SIGN_IN_FAILED };
  }

  // The password was right: these attempts were not an attack.
  await Promise.all([clearAttempts(db, accountKey), refundAttempt(db, clientKey)]);

  const { user, token } = signedIn.response;
  if (!(await isStoreMember(db, info.tenantId, user.id))) {
    // Signed in to no store: the session just made is ended before anyone can use it.
    await revokeSessionToken(db, token);
    log.warn({ userId: user.id }, "sign-in refused: not a member of this store");
    return { ok: false, status: 403, message: NO_ACCESS };
  }
  log.info({ userId: user.id }, "owner signed in");
  return { ok: true, setCookies: signedIn.headers.getSetCookie() };
}
