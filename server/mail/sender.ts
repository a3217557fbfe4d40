import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { smtpAddress } from "../../core/email.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { forEachStore, type StoreDatabases, type StoreScope } from "../db/store-scope.ts";
import { emailOutbox, storeSettings } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

export interface MailSenderDeps {
  /** Every store's outbox is served, one store at a time. */
  databases: StoreDatabases;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">;
  log: Logger;
}

export interface MailSenderOptions {
  /** How often the outbox is checked for due emails. */
  pollIntervalMs?: number;
  /** Delay before the first retry; doubles with each failed attempt. */
  baseRetryDelayMs?: number;
  /** Retries never wait longer than this. */
  maxRetryDelayMs?: number;
  /** After this many failed attempts an email is marked failed and left for the owner to see. */
  maxAttempts?: number;
  /** Emails claimed per pass. */
  batchSize?: number;
  /**
   * How long a claimed email stays reserved for this process. The lease is renewed
   * while the email waits in the batch or is being sent, so only a process that died
   * (or lost the database for that long) lets another one take it over.
   */
  leaseMs?: number;
}

export interface MailSender {
  /**
   * Stops polling and waits for the email being sent, if any; the rest of a claimed
   * batch is handed back at once for another process to send.
   */
  stop(): Promise<void>;
  /** Runs one pass now (after the one in progress, if any) and waits for it. */
  flush(): Promise<void>;
}

const DEFAULTS: Required<MailSenderOptions> = {
  pollIntervalMs: 2_000,
  baseRetryDelayMs: 30_000,
  maxRetryDelayMs: 3_600_000,
  // 30 s, 1, 2, 4, 8, 16, 32 min, then hourly: about six hours of SMTP outage before giving up.
  maxAttempts: 12,
  batchSize: 20,
  // Renewed every 10 s: a dead process's emails are taken over within half a minute.
  leaseMs: 30_000,
};

/** Kinds of email that carry a secret (a sign-in link); their bodies are dropped once delivered. */
const REDACTED_AFTER_SENDING = new Set(["password-reset"]);
const REDACTED = "[removed after sending]";

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Delay before the next attempt after `attempts` failures: capped exponential backoff. */
export function retryDelayMs(attempts: number, base: number, cap: number): number {
  return Math.min(cap, base * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claimed emails are leased: other processes skip them until the lease runs out. The
 * lease is short and renewed while this process holds the email, so a live sender
 * keeps it (each email is sent once) and one that died gives it up within a lease
 * (delivery is at least once, never zero times). The attempt count taken with the
 * claim is its token: a process whose lease was taken over no longer matches it.
 */
type Claim = Pick<OutboxRow, "id" | "attempts">;

/** Refused before any server was asked: sending it again would fail the same way. */
export class UndeliverableEmailError extends Error {
  override name = "UndeliverableEmailError";
}

/**
 * Whether a failed send would fail the same way every time: a 5xx answer to the message
 * itself (its sender, a recipient, its content — e.g. a server without SMTPUTF8 refusing
 * an internationalised address), or an address no server can take. Connection trouble,
 * 4xx answers and refused sign-ins (a configuration to fix) are worth retrying.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof UndeliverableEmailError) return true;
  if (typeof error !== "object" || error === null) return false;
  const { responseCode, command, code } = error as { responseCode?: unknown; command?: unknown; code?: unknown };
  if (code === "EENVELOPE" && command === "API") return true;
  const perMessage = command === "MAIL FROM" || command === "RCPT TO" || command === "DATA";
  // 503 is "bad sequence of commands": a protocol hiccup, not a verdict on the email.
  return (
    perMessage && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && responseCode !== 503
  );
}

/** Starts delivering queued emails in the background: SMTP when configured, .eml files otherwise. */
export function startMailSender(deps: MailSenderDeps, options: MailSenderOptions = {}): MailSender {
  const settings = { ...DEFAULTS, ...options };
  const { databases, config, log } = deps;
  const deliver = config.SMTP_URL
    ? smtpDelivery(config.SMTP_URL)
    : fileDelivery(path.join(config.DATA_DIR, "mail"), log);

  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async () => {
    try {
      await forEachStore(databases, async (store) => {
        // A full batch means more may be waiting: keep going until the store's queue is drained.
        while (!stopped && (await sendDueBatch(store)) === settings.batchSize);
      });
    } catch (error) {
      log.error({ err: error }, "mail sender pass failed");
    }
  };

  const sendDueBatch = async ({ db, tenantId }: StoreScope): Promise<number> => {
    const rows = await claimDue(db, tenantId, settings.batchSize, settings.leaseMs);
    if (rows.length === 0) return 0;
    const held = new Map<string, Claim>(rows.map((row) => [row.id, row]));
    const leases = keepLeases(db, held, settings.leaseMs, log);
    try {
      for (const row of rows) {
        if (stopped) break;
        // Taken over by another process while this one was not renewing (paused, cut off).
        if (!held.has(row.id)) continue;
        await sendOne(db, row, () => held.delete(row.id));
      }
    } finally {
      await leases.stop();
      // Stopping mid-batch: what was not sent goes back to the queue now, not when its lease runs out.
      if (held.size > 0) await releaseClaims(db, [...held.values()]);
    }
    return rows.length;
  };

  /** Sends one claimed email and records the outcome; `settled` runs once the server has answered. */
  const sendOne = async (db: Database, row: OutboxRow, settled: () => void) => {
    try {
      const from = config.MAIL_FROM ?? (await storeFromAddress(db, row.tenantId));
      await deliver({
        from,
        to: serverAddress(row.toAddress),
        replyTo: row.replyTo ? serverAddress(row.replyTo) : undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
        // Lets receiving systems and our own logs tie a message to its outbox row.
        messageId: `<${row.id}@selvage.outbox>`,
      });
      settled();
      await db
        .update(emailOutbox)
        .set({
          status: "sent",
          sentAt: new Date(),
          lastError: null,
          // A sent reset link must not stay readable in the database.
          ...(REDACTED_AFTER_SENDING.has(row.kind) ? { html: REDACTED, text: REDACTED } : {}),
        })
        .where(eq(emailOutbox.id, row.id));
      log.info({ emailId: row.id, kind: row.kind, attempts: row.attempts }, "email sent");
    } catch (error) {
      settled();
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const permanent = isPermanentFailure(error);
      const giveUp = permanent || row.attempts >= settings.maxAttempts;
      const delay = retryDelayMs(row.attempts, settings.baseRetryDelayMs, settings.maxRetryDelayMs);
      await db
        .update(emailOutbox)
        .set(
          giveUp
            ? { status: "failed", lastError: message }
            : { lastError: message, nextAttemptAt: new Date(Date.now() + delay) },
        )
        .where(and(heldBy(row), eq(emailOutbox.status, "pending")));
      log[giveUp ? "error" : "warn"](
        { emailId: row.id, kind: row.kind, attempts: row.attempts, err: message, retryInMs: giveUp ? null : delay },
        permanent ? "email refused for good" : giveUp ? "email failed for good" : "email not sent, will retry",
      );
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = running.then(pass).finally(schedule);
    }, settings.pollIntervalMs);
  };
  running = running.then(pass).finally(schedule);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    flush() {
      running = running.then(pass);
      return running;
    },
  };
}

/** The address handed to the mail server (domain in ASCII); an address it could never take fails for good. */
function serverAddress(address: string): string {
  try {
    return smtpAddress(address);
  } catch (error) {
    throw new UndeliverableEmailError(error instanceof Error ? error.message : String(error));
  }
}

/** The row as this claim left it: same id, same attempt count. */
const heldBy = (claim: Claim) => and(eq(emailOutbox.id, claim.id), eq(emailOutbox.attempts, claim.attempts));
const anyHeld = (claims: Claim[]) => and(eq(emailOutbox.status, "pending"), or(...claims.map(heldBy)));

/**
 * Renews the leases of the claims in `held` every third of a lease until stopped.
 * A claim that another process took over is dropped from `held`, so it is not sent twice.
 */
function keepLeases(db: Database, held: Map<string, Claim>, leaseMs: number, log: Logger) {
  let renewing: Promise<void> = Promise.resolve();
  const renew = async () => {
    const claims = [...held.values()];
    if (claims.length === 0) return;
    try {
      const kept = await db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
        .where(anyHeld(claims))
        .returning({ id: emailOutbox.id });
      const keptIds = new Set(kept.map((row) => row.id));
      for (const claim of claims) {
        if (keptIds.has(claim.id) || held.get(claim.id) !== claim) continue;
        held.delete(claim.id);
        log.warn({ emailId: claim.id }, "email lease lost to another sender");
      }
    } catch (error) {
      // The next renewal may get through; until the lease runs out the claim is still ours.
      log.warn({ err: error }, "could not renew email leases");
    }
  };
  // One renewal at a time: a slow database must not pile them up.
  const timer = setInterval(
    () => {
      renewing = renewing.then(renew);
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Hands claims back: due now for any sender. The claim still counts as an attempt, so
 * every claim of a row has its own token and a stale one can never match again.
 */
async function releaseClaims(db: Database, claims: Claim[]): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(anyHeld(claims));
}

/**
 * Takes up to `limit` due emails and leases them in one statement. SKIP LOCKED lets
 * several app servers on one PostgreSQL share the queue without sending twice.
 */
async function claimDue(db: Database, tenantId: string, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update ${emailOutbox}
       set attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
     where id in (
       select id from ${emailOutbox}
        where tenant_id = ${tenantId} and status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id`);
  // Both drivers (pg and PGlite) answer raw queries with { rows }.
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  // The claim gave them all one lease expiry: send the oldest first.
  return db
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, ids))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

async function storeFromAddress(db: Database, tenantId: string): Promise<string | { name: string; address: string }> {
  const [store] = await db
    .select({ name: storeSettings.storeName, email: storeSettings.contactEmail })
    .from(storeSettings)
    .where(eq(storeSettings.tenantId, tenantId));
  if (!store) throw new Error(`Store ${tenantId} has no settings, so no From address`);
  return { name: store.name, address: store.email };
}

interface Message {
  from: string | { name: string; address: string };
  to: string;
  replyTo: string | undefined;
  subject: string;
  html: string;
  text: string;
  messageId: string;
}

type Delivery = (message: Message) => Promise<void>;

function assertHeaderSafe(message: Message): void {
  // Rows are validated when queued; checked again here because the table can be written by other code.
  for (const value of [message.to, message.replyTo ?? "", message.subject]) {
    if (/[\r\n]/.test(value)) throw new Error("Refusing to send: line break in a header value");
  }
}

function smtpDelivery(url: string): Delivery {
  // A server silent for a minute is not coming back; without a limit a stuck connection
  // would keep renewing its lease and hold the email for good. nodemailer announces
  // SMTPUTF8 by itself when the server offers it and an address needs it.
  const transport = nodemailer.createTransport({ url, socketTimeout: 60_000 });
  return async (message) => {
    assertHeaderSafe(message);
    await transport.sendMail({ ...message, disableFileAccess: true, disableUrlAccess: true });
  };
}

/** Without SMTP the shop still "sends": each email becomes a file the owner can open. */
function fileDelivery(dir: string, log: Logger): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (message) => {
    assertHeaderSafe(message);
    const info = await transport.sendMail({ ...message, disableFileAccess: true, disableUrlAccess: true });
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const id = message.messageId.slice(1).split("@")[0];
    const file = path.join(dir, `${stamp}-${id}.eml`);
    // Written whole under another name, then renamed: whoever opens the folder never finds half an email.
    await writeFile(`${file}.part`, info.message as Buffer);
    await rename(`${file}.part`, file);
    log.info({ file, to: message.to, subject: message.subject }, "email written to file (no SMTP_URL set)");
  };
}
