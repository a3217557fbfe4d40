import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

export interface ThrottleRule {
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

/** Failed sign-ins allowed per account (any client) and per client (any account). */
export const SIGN_IN_PER_ACCOUNT: ThrottleRule = { max: 5, windowSeconds: 15 * 60 };
export const SIGN_IN_PER_CLIENT: ThrottleRule = { max: 10, windowSeconds: 15 * 60 };
/** Reset emails: few per address (each one is an email to a real person), more per client. */
export const RESET_PER_ACCOUNT: ThrottleRule = { max: 3, windowSeconds: 60 * 60 };
export const RESET_PER_CLIENT: ThrottleRule = { max: 10, windowSeconds: 60 * 60 };
/** Guessing the current password from a stolen session is throttled like sign-in. */
export const CHANGE_PASSWORD_PER_ACCOUNT: ThrottleRule = { max: 5, windowSeconds: 15 * 60 };

// Our keys live in better-auth's rate_limits table under their own prefix, so the
// limits hold across app servers and restarts.
const PREFIX = "selvage:";

/**
 * Counts one attempt against `key` and answers whether it is within the rule. The
 * check and the increment are one statement, so parallel requests cannot slip
 * past the limit. The window starts at the first attempt (last_request holds it).
 */
export async function consumeAttempt(db: Database, key: string, rule: ThrottleRule): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: PREFIX + key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= rule.max;
}

/** Gives an attempt back (a sign-in that succeeded is not an attack). */
export async function refundAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, PREFIX + key));
}

/** Forgets every attempt against `key`. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, PREFIX + key));
}

/** Consumes against every key (so each is counted) and answers whether all allow it. */
export async function consumeAll(db: Database, checks: [key: string, rule: ThrottleRule][]): Promise<boolean> {
  const results = await Promise.all(checks.map(([key, rule]) => consumeAttempt(db, key, rule)));
  return results.every(Boolean);
}
