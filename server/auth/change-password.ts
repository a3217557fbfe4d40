import { isAPIError } from "better-auth/api";
import { TOO_MANY_ATTEMPTS } from "../../core/constants.ts";
import type { AdminIdentity, AppServices, RequestInfo } from "../context.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";
import { authHeaders } from "./session.ts";
import { CHANGE_PASSWORD_PER_ACCOUNT, clearAttempts, consumeAttempt } from "../http/throttle.ts";

export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
export const PASSWORD_UPDATE_FAILED = "Failed to update password. Please try again.";

export type ChangePasswordResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; field: "currentPassword" | "form"; message: string };

/**
 * Changes the signed-in owner's password after checking the current one. Every other
 * session of the owner ends; this browser gets a fresh session in exchange.
 */
export async function changePassword(
  { auth, databases, log }: Pick<AppServices, "auth" | "databases" | "log">,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "tenantId">,
  admin: AdminIdentity,
  passwords: { currentPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const db = databases.forTenant(info.tenantId);
  const key = `change-password:${info.tenantId}:${admin.userId}`;
  try {
    if (!(await consumeAttempt(db, key, CHANGE_PASSWORD_PER_ACCOUNT))) {
      return { ok: false, status: 429, field: "form", message: TOO_MANY_ATTEMPTS };
    }
    const { headers } = await auth.api.changePassword({
      body: { ...passwords, revokeOtherSessions: true },
      headers: authHeaders(request, info),
      returnHeaders: true,
    });
    await clearAttempts(db, key);
    log.info({ userId: admin.userId }, "owner changed password; other sessions ended");
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      return { ok: false, status: 503, field: "form", message: SHOP_UNAVAILABLE_MESSAGE };
    }
    if (isAPIError(error) && error.body?.code === "INVALID_PASSWORD") {
      return { ok: false, status: 400, field: "currentPassword", message: CURRENT_PASSWORD_INCORRECT };
    }
    if (isAPIError(error) && error.body?.message) {
      return { ok: false, status: 400, field: "form", message: error.body.message };
    }
    log.error({ err: error }, "password change failed");
    return { ok: false, status: 500, field: "form", message: PASSWORD_UPDATE_FAILED };
  }
}
