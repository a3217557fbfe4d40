import { randomUUID } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { and, eq, gt, like, lt, notLike, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { startRecurringTask, type RecurringTask } from "../recurring-task.ts";

export interface ThrottleRule {
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Limits for attempts at one account (a sign-in, a reset request). One client's tries
 * at one account, and one client's tries at every account, are refused past their
 * limits; the account's own ceiling counts every client together and, past it, only
 * slows the account down. A lock on the account would let anyone lock the owner out.
 */
export interface AccountThrottle {
  /** Tries by one client at one account: the owner's typos, or one attacker's guesses. */
  perAccountClient: ThrottleRule;
  /** Tries by one client at any account: one attacker walking through addresses. */
  perClient: ThrottleRule;
  /** Tries at one account from every client together. */
  accountCeiling: ThrottleRule;
  /** Past the ceiling, clients the account does not know share one try per window. */
  slowLane: ThrottleRule;
}

/**
 * Sign-in: past 100 tries at an account in 15 minutes, clients it does not know share
 * one try every 3 seconds; a client that signed in to it before is not slowed at all
 * (its own limits still hold).
 */
export const SIGN_IN: AccountThrottle = {
  perAccountClient: { max: 5, windowSeconds: 15 * 60 },
  perClient: { max: 10, windowSeconds: 15 * 60 },
  accountCeiling: { max: 100, windowSeconds: 15 * 60 },
  slowLane: { max: 1, windowSeconds: 3 },
};
/** Reset requests: each is an email to a real person, so the ceiling is low and the slow lane slow. */
export const PASSWORD_RESET: AccountThrottle = {
  perAccountClient: { max: 3, windowSeconds: 60 * 60 },
  perClient: { max: 10, windowSeconds: 60 * 60 },
  accountCeiling: { max: 10, windowSeconds: 60 * 60 },
  slowLane: { max: 1, windowSeconds: 5 * 60 },
};
/** Guessing the current password from a stolen session is throttled like sign-in. */
export const CHANGE_PASSWORD_PER_ACCOUNT: ThrottleRule = { max: 5, windowSeconds: 15 * 60 };
/** How long a client that signed in to an account stays known to it (each sign-in renews it). */
export const KNOWN_CLIENT_SECONDS = 90 * 24 * 60 * 60;

// Our keys live in better-auth's rate_limits table under their own prefix, so the
// limits hold across app servers and restarts.
const PREFIX = "selvage:";

export interface AttemptCount {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Whether this attempt is within the rule. */
  allowed: boolean;
  /** When the current window began (ms since the epoch): it names the window. */
  windowStartedAt: number;
}

/**
 * Counts one attempt against `key`. The check and the increment are one statement,
 * so parallel requests cannot slip past the limit. The window starts at the first
 * attempt (last_request holds it).
 */
export async function countAttempt(db: Database, key: string, rule: ThrottleRule): Promise<AttemptCount> {
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
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest });
  const count = row?.count ?? 1;
  return { count, allowed: count <= rule.max, windowStartedAt: row?.lastRequest ?? now };
}

/** Counts one attempt against `key` and answers whether it is within the rule. */
export async function consumeAttempt(db: Database, key: string, rule: ThrottleRule): Promise<boolean> {
  return (await countAttempt(db, key, rule)).allowed;
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

/** The throttle key of a public form (checkout, contact) for one client of one store. */
export function storeClientKey(kind: string, tenantId: string, clientIp: string): string {
  return `${kind}:${tenantId}:${clientKeyOf(clientIp)}`;
}

/**
 * The part of a client address that names one client. An IPv4 address as it is (an
 * IPv4-mapped IPv6 address becomes plain IPv4); an IPv6 address by its /64 prefix,
 * since one subscriber is handed a whole /64 and could otherwise pick a fresh address
 * for every guess.
 */
export function clientKeyOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address;
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}

/** Who tries what: the account (an email address) of a store, and the client. */
export interface AccountAttempt {
  tenantId: string;
  /** The account's email address, trimmed and in lower case. */
  account: string;
  /** The client address as the HTTP server determined it. */
  clientIp: string;
}

export interface AccountAttemptKeys {
  accountClient: string;
  client: string;
  account: string;
  slowLane: string;
  /**
   * Marks the client as known to the account (it signed in to it recently). One mark for
   * every kind: where the owner signs in, her reset requests are not slowed either.
   */
  knownClient: string;
}

/** The rate_limits keys of an attempt; `kind` keeps sign-ins and reset requests apart. */
export function accountAttemptKeys(kind: string, { tenantId, account, clientIp }: AccountAttempt): AccountAttemptKeys {
  const client = clientKeyOf(clientIp);
  return {
    accountClient: `${kind}:account-client:${tenantId}:${account}:${client}`,
    client: `${kind}:client:${client}`,
    account: `${kind}:account:${tenantId}:${account}`,
    slowLane: `${kind}:slow-lane:${tenantId}:${account}`,
    knownClient: `known-client:${tenantId}:${account}:${client}`,
  };
}

export type AccountAdmission =
  | {
      allowed: true;
      /** Attempts at the account from every client in the ceiling's window, this one included. */
      accountCount: number;
      /** When the ceiling's window began: it names the window. */
      accountWindowStartedAt: number;
    }
  | { allowed: false; refusedBy: "client" | "account-client" | "slow-lane" };

/**
 * Decides whether an attempt at an account may go ahead, and counts it. Unknown and
 * real accounts are counted the same way. An attempt refused by the slow lane tried
 * nothing, so it is given back to the client's counts: an owner waiting for her turn
 * does not use up her own limits.
 */
export async function admitAccountAttempt(
  db: Database,
  throttle: AccountThrottle,
  keys: AccountAttemptKeys,
): Promise<AccountAdmission> {
  const [accountClient, client] = await Promise.all([
    countAttempt(db, keys.accountClient, throttle.perAccountClient),
    countAttempt(db, keys.client, throttle.perClient),
  ]);
  if (!client.allowed) return { allowed: false, refusedBy: "client" };
  if (!accountClient.allowed) return { allowed: false, refusedBy: "account-client" };

  const account = await countAttempt(db, keys.account, throttle.accountCeiling);
  if (!account.allowed && !(await isKnownClient(db, keys))) {
    const turn = await countAttempt(db, keys.slowLane, throttle.slowLane);
    if (!turn.allowed) {
      await Promise.all([
        refundAttempt(db, keys.accountClient),
        refundAttempt(db, keys.client),
        refundAttempt(db, keys.account),
      ]);
      return { allowed: false, refusedBy: "slow-lane" };
    }
  }
  return { allowed: true, accountCount: account.count, accountWindowStartedAt: account.windowStartedAt };
}

/** The attempt succeeded (the right password): it was no attack, so its counts are given back. */
export async function settleSuccessfulAttempt(db: Database, keys: AccountAttemptKeys): Promise<void> {
  await Promise.all([
    clearAttempts(db, keys.accountClient),
    refundAttempt(db, keys.client),
    refundAttempt(db, keys.account),
  ]);
}

/** Remembers that this client signed in to the account, so the account's slow lane lets it pass. */
export async function rememberClient(db: Database, keys: AccountAttemptKeys): Promise<void> {
  const now = Date.now();
  await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: PREFIX + keys.knownClient, count: 1, lastRequest: now })
    .onConflictDoUpdate({ target: rateLimits.key, set: { lastRequest: now } });
}

async function isKnownClient(db: Database, keys: AccountAttemptKeys): Promise<boolean> {
  const since = Date.now() - KNOWN_CLIENT_SECONDS * 1000;
  const [row] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, PREFIX + keys.knownClient), gt(rateLimits.lastRequest, since)));
  return Boolean(row);
}

/**
 * A count this old can refuse nothing: the longest window of any rule (here and better-auth's
 * own) is an hour. Without forgetting them, every client that ever sent a form would stay a
 * row of rate_limits for good.
 */
export const FORGET_COUNTS_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often forgotten counts are deleted. */
export const FORGET_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the counts no rule can use any more, and the marks of clients that have not
 * signed in for KNOWN_CLIENT_SECONDS; answers how many rows went.
 */
export async function forgetStaleAttempts(db: Database, now = Date.now()): Promise<number> {
  const knownClient = `${PREFIX}known-client:%`;
  const gone = await db
    .delete(rateLimits)
    .where(
      or(
        and(notLike(rateLimits.key, knownClient), lt(rateLimits.lastRequest, now - FORGET_COUNTS_AFTER_MS)),
        and(like(rateLimits.key, knownClient), lt(rateLimits.lastRequest, now - KNOWN_CLIENT_SECONDS * 1000)),
      ),
    )
    .returning({ id: rateLimits.id });
  return gone.length;
}

/** Forgets stale counts at start and then every hour; a failed pass is logged and tried again. */
export function startAttemptSweeper(
  { db, log }: { db: Database; log: Logger },
  intervalMs = FORGET_INTERVAL_MS,
): RecurringTask {
  return startRecurringTask(async () => {
    try {
      const count = await forgetStaleAttempts(db);
      if (count > 0) log.info({ count }, "forgot stale throttle counts");
    } catch (error) {
      log.error({ err: error }, "throttle count sweep failed, will try again");
    }
  }, intervalMs);
}
