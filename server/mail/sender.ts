import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { emailOutbox, storeSettings } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

export interface MailSenderDeps {
  db: Database;
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
}

export interface MailSender {
  /** Stops polling and waits for the pass in progress. */
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
};

/**
 * While an email is being sent it is leased: other app servers skip it until the
 * lease runs out. A server that dies mid-send leaves the row to be retried, so
 * delivery is at least once, never zero times.
 */
const SEND_LEASE_SECONDS = 300;

/** Kinds of email that carry a secret (a sign-in link); their bodies are dropped once delivered. */
const REDACTED_AFTER_SENDING = new Set(["password-reset"]);
const REDACTED = "[removed after sending]";

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Delay before the next attempt after `attempts` failures: capped exponential backoff. */
export function retryDelayMs(attempts: number, base: number, cap: number): number {
  return Math.min(cap, base * 2 ** Math.max(0, attempts - 1));
}

/** Starts delivering queued emails in the background: SMTP when configured, .eml files otherwise. */
export function startMailSender(deps: MailSenderDeps, options: MailSenderOptions = {}): MailSender {
  const settings = { ...DEFAULTS, ...options };
  const { db, config, log } = deps;
  const deliver = config.SMTP_URL
    ? smtpDelivery(config.SMTP_URL)
    : fileDelivery(path.join(config.DATA_DIR, "mail"), log);

  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async () => {
    try {
      // A full batch means more may be waiting: keep going until the queue is drained.
      while (!stopped && (await sendDueBatch()) === settings.batchSize);
    } catch (error) {
      log.error({ err: error }, "mail sender pass failed");
    }
  };

  const sendDueBatch = async (): Promise<number> => {
    const rows = await claimDue(db, settings.batchSize);
    for (const row of rows) {
      try {
        const from = config.MAIL_FROM ?? (await storeFromAddress(db, row.tenantId));
        await deliver({
          from,
          to: row.toAddress,
          replyTo: row.replyTo ?? undefined,
          subject: row.subject,
          html: row.html,
          text: row.text,
          // Lets receiving systems and our own logs tie a message to its outbox row.
          messageId: `<${row.id}@selvage.outbox>`,
        });
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
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = row.attempts >= settings.maxAttempts;
        const delay = retryDelayMs(row.attempts, settings.baseRetryDelayMs, settings.maxRetryDelayMs);
        await db
          .update(emailOutbox)
          .set(
            giveUp
              ? { status: "failed", lastError: message.slice(0, 1000) }
              : { lastError: message.slice(0, 1000), nextAttemptAt: new Date(Date.now() + delay) },
          )
          .where(eq(emailOutbox.id, row.id));
        log[giveUp ? "error" : "warn"](
          { emailId: row.id, kind: row.kind, attempts: row.attempts, err: message, retryInMs: giveUp ? null : delay },
          giveUp ? "email failed for good" : "email not sent, will retry",
        );
      }
    }
    return rows.length;
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

/**
 * Takes up to `limit` due emails and leases them in one statement. SKIP LOCKED lets
 * several app servers on one PostgreSQL share the queue without sending twice.
 */
async function claimDue(db: Database, limit: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update ${emailOutbox}
       set attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${SEND_LEASE_SECONDS})
     where id in (
       select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id`);
  // Both drivers (pg and PGlite) answer raw queries with { rows }.
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids)).orderBy(emailOutbox.nextAttemptAt);
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
  const transport = nodemailer.createTransport(url);
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
    await writeFile(file, info.message as Buffer);
    log.info({ file, to: message.to, subject: message.subject }, "email written to file (no SMTP_URL set)");
  };
}
