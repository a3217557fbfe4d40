import { isAPIError } from "better-auth/api";
import type { AppServices, RequestInfo } from "../context.ts";
import { authHeaders } from "./session.ts";
import { TOO_MANY_ATTEMPTS } from "./sign-in.ts";
import { consumeAll, RESET_PER_ACCOUNT, RESET_PER_CLIENT } from "../http/throttle.ts";

export const RESET_REQUEST_FAILED = "Failed to send reset instructions. Please try again.";
export const INVALID_RESET_LINK = "Invalid or expired password reset link";
export const PASSWORD_UPDATE_FAILED = "Failed to update password. Please try again.";

type Services = Pick<AppServices, "auth" | "db" | "log">;
type Outcome = { ok: true } | { ok: false; status: number; message: string };

/**
 * Queues a reset email if the address belongs to an account. The answer is the same
 * either way, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  { auth, db, log }: Services,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "tenantId">,
  email: string,
): Promise<Outcome> {
  const address = email.trim().toLowerCase();
  const allowed = await consumeAll(db, [
    [`reset:account:${address}`, RESET_PER_ACCOUNT],
    [`reset:client:${info.clientIp}`, RESET_PER_CLIENT],
  ]);
  if (!allowed) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  try {
    await auth.api.requestPasswordReset({ body: { email: address }, headers: authHeaders(request, info) });
    return { ok: true };
  } catch (error) {
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
