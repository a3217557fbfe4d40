import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { TOO_MANY_ATTEMPTS } from "../../core/constants.ts";
import { getStoreSettings } from "../catalog/store-settings.ts";
import type { AppServices, RequestInfo } from "../context.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import {
  accountAttemptKeys,
  admitAccountAttempt,
  rememberClient,
  settleSuccessfulAttempt,
  SIGN_IN,
} from "../http/throttle.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { authHeaders, isStoreMember, revokeSessionToken } from "./session.ts";

export const NO_ACCESS = "You don't have access to this application";
export const SIGN_IN_FAILED = "Failed to login. Please try again.";

export type SignInResult = { ok: true; setCookies: string[] } | { ok: false; status: number; message: string };

type Services = Pick<AppServices, "auth" | "databases" | "log">;

/**
 * Signs in with email and password, for this store only. Every attempt counts against
 * the client and the account (server/http/throttle.ts); unknown emails are counted and
 * answered the same way as wrong passwords, so neither reveals which accounts exist.
 */
export async function signIn(
  services: Services,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "tenantId">,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  try {
    return await attemptSignIn(services, request, info, credentials);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    services.log.warn({ err: error }, "sign-in: database unavailable");
    return { ok: false, status: 503, message: SHOP_UNAVAILABLE_MESSAGE };
  }
}

async function attemptSignIn(
  { auth, databases, log }: Services,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "tenantId">,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const db = databases.forTenant(info.tenantId);
  const email = credentials.email.trim().toLowerCase();
  const keys = accountAttemptKeys("sign-in", { tenantId: info.tenantId, account: email, clientIp: info.clientIp });
  const admission = await admitAccountAttempt(db, SIGN_IN, keys);
  if (!admission.allowed) {
    log.warn({ clientIp: info.clientIp, refusedBy: admission.refusedBy }, "sign-in throttled");
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }
  if (admission.accountCount === SIGN_IN.accountCeiling.max) {
    await alertOwner(db, log, info.tenantId, email, admission.accountCount, admission.accountWindowStartedAt);
  }

  let signedIn;
  try {
    signedIn = await auth.api.signInEmail({
      body: { email, password: credentials.password, rememberMe: true },
      headers: authHeaders(request, info),
      returnHeaders: true,
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (isAPIError(error)) {
      const status = typeof error.statusCode === "number" ? error.statusCode : 400;
      return { ok: false, status, message: error.body?.message ?? SIGN_IN_FAILED };
    }
    log.error({ err: error }, "sign-in failed");
    return { ok: false, status: 500, message: SIGN_IN_FAILED };
  }

  // The password was right: these attempts were not an attack.
  await settleSuccessfulAttempt(db, keys);

  const { user, token } = signedIn.response;
  if (!(await isStoreMember(db, info.tenantId, user.id))) {
    // Signed in to no store: the session just made is ended before anyone can use it.
    await revokeSessionToken(db, token);
    log.warn({ userId: user.id }, "sign-in refused: not a member of this store");
    return { ok: false, status: 403, message: NO_ACCESS };
  }
  // From now on this client passes the account's slow lane, even while others guess.
  await rememberClient(db, keys);
  log.info({ userId: user.id }, "owner signed in");
  return { ok: true, setCookies: signedIn.headers.getSetCookie() };
}

/**
 * Tells the owner, once per window, that her account is being guessed at. Only store
 * members are told; the attempt is answered the same way whoever the address belongs to.
 */
async function alertOwner(
  db: Database,
  log: Services["log"],
  tenantId: string,
  email: string,
  failedAttempts: number,
  windowStartedAt: number,
): Promise<void> {
  try {
    const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
    if (!user || !(await isStoreMember(db, tenantId, user.id))) return;
    const store = await getStoreSettings({ db, tenantId });
    await enqueueEmail(db, {
      tenantId,
      kind: "sign-in-alert",
      dedupeKey: `sign-in-alert:${user.id}:${windowStartedAt}`,
      to: user.email,
      ...signInAlertEmail({
        storeName: store.storeName,
        email: user.email,
        failedAttempts,
        minutes: SIGN_IN.accountCeiling.windowSeconds / 60,
      }),
    });
    log.warn({ userId: user.id, failedAttempts }, "many failed sign-ins: owner alerted");
  } catch (error) {
    // The alert must never change the answer to the attempt that triggered it.
    log.error({ err: error }, "could not queue the failed sign-in alert");
  }
}

/** The email telling the owner that someone is trying passwords on her admin account. */
export function signInAlertEmail({
  storeName,
  email,
  failedAttempts,
  minutes,
}: {
  storeName: string;
  email: string;
  failedAttempts: number;
  minutes: number;
}): { subject: string; html: string; text: string } {
  const subject = `Many failed sign-in attempts on your ${storeName} admin account`;
  const happened = `In the last ${minutes} minutes there were ${failedAttempts} failed attempts to sign in to your ${storeName} admin account (${email}).`;
  const works =
    "Your password still works: none of these attempts got in. From a network where you have signed in before, sign in as usual. " +
    `From a new network you may see \u201c${TOO_MANY_ATTEMPTS}\u201d while the attempts go on: wait a few seconds and try again.`;
  const todo =
    "If these attempts were not you, someone is guessing your password. If it is short, or you use it on another site, choose a new one now under Settings in the admin area (or with \u201cForgot your password?\u201d on the sign-in page). Otherwise there is nothing to do.";
  const once = `You get this email at most once every ${minutes} minutes.`;
  const text = ["Hello,", "", happened, "", works, "", todo, "", once].join("\n");
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#fdfcf7;font-family:Arial,Helvetica,sans-serif;color:#1f1e1d">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e7e2d6;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="font-family:Georgia,serif;font-size:22px;margin:0 0 16px">${escapeHtml(storeName)}</h1>
<p style="margin:0 0 16px">${escapeHtml(happened)}</p>
<p style="margin:0 0 16px">${escapeHtml(works)}</p>
<p style="margin:0 0 16px">${escapeHtml(todo)}</p>
<p style="margin:0;font-size:14px;color:#55524c">${escapeHtml(once)}</p>
</td></tr></table>
</body></html>`;
  return { subject, html, text };
}
