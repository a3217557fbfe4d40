import { isAPIError } from "better-auth/api";
import { INVALID_RESET_LINK } from "../../core/account-forms.ts";
import { TOO_MANY_ATTEMPTS } from "../../core/constants.ts";
import type { AppServices, RequestInfo } from "../context.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";
import { accountAttemptKeys, admitAccountAttempt, PASSWORD_RESET } from "../http/throttle.ts";
import { PASSWORD_UPDATE_FAILED } from "./change-password.ts";
import { authHeaders } from "./session.ts";

export const RESET_REQUEST_FAILED = "Failed to send reset instructions. Please try again.";

type Services = Pick<AppServices, "auth" | "databases" | "log">;
type Outcome = { ok: true } | { ok: false; status: number; message: string };

/**
 * Queues a reset email if the address belongs to an account. The answer is the same
 * either way, and unknown addresses are counted like real ones, so the form cannot be
 * used to find out who has an account. Throttled like sign-in (server/http/throttle.ts):
 * many requests for the owner's address slow her resets down but never stop them.
 */
export async function requestPasswordReset(
  { auth, databases, log }: Services,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "tenantId">,
  email: string,
): Promise<Outcome> {
  const db = databases.forTenant(info.tenantId);
  const address = email.trim().toLowerCase();
  try {
    // The known-client mark is shared with sign-in: where she signed in, her resets are not slowed.
    const keys = accountAttemptKeys("reset", { tenantId: info.tenantId, account: address, clientIp: info.clientIp });
    const admission = await admitAccountAttempt(db, PASSWORD_RESET, keys);
    if (!admission.allowed) {
      log.warn({ clientIp: info.clientIp, refusedBy: admission.refusedBy }, "password reset request throttled");
      return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
    }
    await auth.api.requestPasswordReset({ body: { email: address }, headers: authHeaders(request, info) });
    return { ok: true };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, "password reset request: database unavailable");
      return { ok: false, status: 503, message: SHOP_UNAVAILABLE_MESSAGE };
    }
    // The auth library takes plain ASCII addresses only, so no account has one it refuses
    // (an internationalised one, which the form accepts): the answer is the unknown address's.
    if (isAPIError(error) && error.body?.code === "VALIDATION_ERROR") return { ok: true };
    log.error({ err: error }, "password reset request failed");
    return { ok: false, status: 500, message: RESET_REQUEST_FAILED };
  }
}

/** Whether a reset token is still good (exists, unused, unexpired), without using it up. */
export async function isResetTokenValid({ auth }: Pick<AppServices, "auth">, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && verification.expiresAt > new Date());
}

/** Sets a new password with a reset token; the token is used up and every session of the user ends. */
export async function resetPassword({ auth, log }: Services, token: string, newPassword: string): Promise<Outcome> {
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { ok: false, status: 503, message: SHOP_UNAVAILABLE_MESSAGE };
    if (isAPIError(error)) {
      const code = error.body?.code;
      if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND")
        return { ok: false, status: 400, message: INVALID_RESET_LINK };
      return { ok: false, status: 400, message: error.body?.message ?? PASSWORD_UPDATE_FAILED };
    }
    log.error({ err: error }, "password reset failed");
    return { ok: false, status: 500, message: PASSWORD_UPDATE_FAILED };
  }
}
