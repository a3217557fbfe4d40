import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../core/account-forms.ts";
import type { Config } from "../config.ts";
import type { StoreScope } from "../db/store-scope.ts";
import * as schema from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { passwordResetEmail } from "./reset-email.ts";

/** A reset link works once, and for one hour at most. */
export const RESET_TOKEN_TTL_SECONDS = 3600;
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
/** The session cookie's name, before the __Host- prefix added on https. */
export const SESSION_COOKIE = "selvage.session_token";

interface AuthDeps {
  /** The store whose owner signs in: its accounts, and its name and address in emails. */
  store: StoreScope;
  config: Pick<Config, "AUTH_SECRET" | "PUBLIC_URL" | "secure">;
  log: Logger;
}

/**
 * The sign-in service. Only the server calls it (route actions through `auth.api`):
 * its own HTTP endpoints are not mounted, so no JSON API exists beside the admin pages.
 */
export function createAuth({ store, config, log }: AuthDeps) {
  const { db, tenantId } = store;
  const cookieName = config.secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
  return betterAuth({
    appName: "Selvage",
    baseURL: config.PUBLIC_URL,
    basePath: "/api/auth",
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      // There is no public sign-up: the owner account is created at first start.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        // The token travels in the URL fragment, which browsers never send to a server:
        // it stays out of access logs, proxies and Referer headers.
        const link = `${config.PUBLIC_URL}/admin/update-password#token=${encodeURIComponent(token)}`;
        const email = await passwordResetEmail(db, tenantId, { link, expiresInMinutes: RESET_TOKEN_TTL_SECONDS / 60 });
        await enqueueEmail(db, {
          tenantId,
          kind: "password-reset",
          dedupeKey: `password-reset:${createHash("sha256").update(token).digest("hex")}`,
          to: user.email,
          ...email,
        });
        log.info({ userId: user.id }, "password reset email queued");
      },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: 24 * 3600,
      // Every request reads the session from the database, so sign-out and
      // password changes end sessions at once, on every app server.
      cookieCache: { enabled: false },
    },
    verification: {
      // Reset tokens are stored hashed: a copy of the database holds no working link.
      storeIdentifier: "hashed",
    },
    rateLimit: {
      // Applies to better-auth's own HTTP endpoints, should they ever be mounted; the admin
      // pages call auth.api directly and are throttled per account and client (server/http/throttle.ts).
      enabled: true,
      storage: "database",
    },
    advanced: {
      // __Host- (Secure, Path=/, no Domain) on https; plain name on http, where browsers refuse the prefix.
      useSecureCookies: false,
      cookies: {
        session_token: { name: cookieName, attributes: { secure: config.secure } },
      },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/", secure: config.secure },
      cookiePrefix: "selvage",
      ipAddress: { ipAddressHeaders: ["x-selvage-client-ip"] },
    },
    logger: {
      log(level, message) {
        // better-auth's warnings ("User not found", "Invalid password") are routine at sign-in.
        if (level === "error") log.error({ source: "better-auth" }, message);
        else log.debug({ source: "better-auth", level }, message);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
