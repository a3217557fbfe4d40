import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { emailOutbox, storeSettings, tenants } from "../../server/db/schema.ts";
import {
  enqueueEmail,
  enqueueEmailOrRecordFailure,
  InvalidEmailError,
  type OutgoingEmail,
} from "../../server/mail/outbox.ts";
import { startMailSender, type MailSender } from "../../server/mail/sender.ts";
import { startDroppingPeer } from "../support/dropping-peer.ts";
import { startMailCatcher, type CaughtMail, type MailCatcherOptions } from "../support/mail-catcher.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

const TENANT = "mail-test";
const log = pino({ level: "silent" });

function email(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    tenantId: TENANT,
    kind: "test",
    dedupeKey: `key-${Math.random().toString(36).slice(2)}`,
    to: "customer@example.com",
    subject: "Order Confirmation - #VC123456789",
    html: "<p>Thank you</p>",
    text: "Thank you",
    ...overrides,
  };
}

/** Waits for a condition by polling it, with a deadline; never a fixed sleep. */
async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A real SMTP peer that keeps the first message with the given subject unanswered until released. */
async function holdingCatcher(subject: string, options: MailCatcherOptions = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: (mail: CaughtMail) => void;
  const arrived = new Promise<CaughtMail>((resolve) => (arrive = resolve));
  let holding = false;
  const catcher = await startMailCatcher({
    ...options,
    beforeAccept(mail) {
      if (holding || mail.subject !== subject) return Promise.resolve();
      holding = true;
      arrive(mail);
      return released;
    },
  });
  return { catcher, arrived, release };
}

describe.each(ENGINES)("email outbox on %s", (engine) => {
  let database: TestDatabase;
  let senders: MailSender[] = [];
  const start = (...args: Parameters<typeof startMailSender>) => {
    const sender = startMailSender(...args);
    senders.push(sender);
    return sender;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(tenants).values({ id: TENANT });
    await database.db
      .insert(storeSettings)
      .values({ tenantId: TENANT, storeName: "Selvage Handmade", contactEmail: "studio@example.com" });
  });
  afterAll(() => database?.dispose());
  /** A raw query's rows; both drivers answer raw queries with { rows }, against the database's own clock. */
  const query = async <Row = Record<string, unknown>>(statement: SQL) =>
    ((await database.db.execute(statement)) as { rows: Row[] }).rows as [Row, ...Row[]];
  beforeEach(() => database.db.delete(emailOutbox));
  afterEach(async () => {
    await Promise.all(senders.map((sender) => sender.stop()));
    senders = [];
  });

  it("queues an email once per dedupe key, inside the caller's transaction", async () => {
    const message = email({ dedupeKey: "order-1:confirmation" });
    await enqueueEmail(database.db, message);
    await database.db.transaction((tx) => enqueueEmail(tx, { ...message, subject: "Changed" }));
    const rows = await database.db.select().from(emailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", attempts: 0, subject: message.subject, toAddress: message.to });

    // A rolled-back transaction leaves no email behind.
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, email({ dedupeKey: "rolled-back" }));
        throw new Error("order failed");
      }),
    ).rejects.toThrow("order failed");
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, "rolled-back"))).toEqual([]);
  });

  it("refuses line breaks in headers and malformed addresses", async () => {
    for (const bad of [
      { subject: "Hello\r\nBcc: victim@example.com" },
      { to: "a@example.com\nBcc: victim@example.com" },
      { replyTo: "x@example.com\r\nCc: victim@example.com" },
      { to: "not an address" },
      { to: "nul\u0000@example.com" },
      { text: "half a pair \ud800" },
    ]) {
      await expect(enqueueEmail(database.db, email(bad))).rejects.toBeInstanceOf(InvalidEmailError);
    }
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });

  it("delivers over SMTP with the store's From address and reply-to", async () => {
    const catcher = await startMailCatcher();
    try {
      await enqueueEmail(
        database.db,
        email({ dedupeKey: "contact-1", replyTo: "shopper@example.com", subject: "New Contact Form Submission" }),
      );
      const sender = start(
        { databases: database.app, config: { SMTP_URL: catcher.url, DATA_DIR: tmpdir() }, log },
        { pollIntervalMs: 60_000 },
      );
      await sender.flush();
      const [mail] = catcher.messages();
      expect(mail).toBeDefined();
      expect(mail!.subject).toBe("New Contact Form Submission");
      expect(mail!.to).toEqual(["customer@example.com"]);
      expect(mail!.from).toBe("studio@example.com");
      expect(mail!.raw).toMatch(/^From: Selvage Handmade <studio@example.com>$/m);
      expect(mail!.raw).toMatch(/^Reply-To: shopper@example.com$/m);
      expect(mail!.text).toContain("Thank you");
      const [row] = await database.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await catcher.stop();
    }
  });

  it("keeps emails while SMTP is down, backs off, and delivers once when it is back", async () => {
    const down = await startDroppingPeer();
    const port = down.port;
    const config = {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Selvage <shop@example.com>",
      DATA_DIR: tmpdir(),
    };
    // Time passing, without waiting: the retry becomes due now.
    const makeDue = () => database.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await enqueueEmail(database.db, email({ dedupeKey: "order-2:confirmation" }));
    const sender = start(
      { databases: database.app, config, log },
      { pollIntervalMs: 60_000, baseRetryDelayMs: 60_000 },
    );

    await sender.flush();
    const [failed] = await database.db.select().from(emailOutbox);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNRESET|ECONNREFUSED|connect|closed/i);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    await makeDue();
    await sender.flush();
    expect((await database.db.select().from(emailOutbox))[0]).toMatchObject({ status: "pending", attempts: 2 });

    // SMTP comes back on the same port.
    await down.close();
    const catcher = await startMailCatcher({ port });
    try {
      await makeDue();
      await sender.flush();
      await sender.flush();
      expect(catcher.messages()).toHaveLength(1);
      expect(catcher.messages()[0]!.raw).toMatch(/^From: Selvage <shop@example.com>$/m);
      expect((await database.db.select().from(emailOutbox))[0]).toMatchObject({ status: "sent", attempts: 3 });
    } finally {
      await catcher.stop();
    }
  });

  it("waits longer after each failure, up to the cap", async () => {
    const down = await startDroppingPeer();
    onTestFinished(() => down.close());
    const port = down.port;
    await enqueueEmail(database.db, email({ dedupeKey: "slow" }));
    const sender = start(
      { databases: database.app, config: { SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: tmpdir() }, log },
      { pollIntervalMs: 60_000, baseRetryDelayMs: 60_000, maxRetryDelayMs: 3_600_000 },
    );
    const before = Date.now();
    await sender.flush();
    const [row] = await database.db.select().from(emailOutbox);
    const delay = row!.nextAttemptAt.getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(59_000);
    expect(delay).toBeLessThan(70_000);
    // Not due yet: another pass leaves it alone.
    await sender.flush();
    expect((await database.db.select().from(emailOutbox))[0]!.attempts).toBe(1);
  });

  it("marks an email failed after the last attempt", async () => {
    const down = await startDroppingPeer();
    onTestFinished(() => down.close());
    const port = down.port;
    await enqueueEmail(database.db, email({ dedupeKey: "doomed" }));
    const sender = start(
      { databases: database.app, config: { SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: tmpdir() }, log },
      { pollIntervalMs: 60_000, baseRetryDelayMs: 1, maxRetryDelayMs: 1, maxAttempts: 2 },
    );
    await sender.flush();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sender.flush();
    const [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
    expect(row!.lastError).toBeTruthy();
  });

  it("sends each email once when several senders share the queue", async () => {
    const catcher = await startMailCatcher();
    try {
      for (let index = 0; index < 30; index++) await enqueueEmail(database.db, email({ dedupeKey: `bulk-${index}` }));
      const config = { SMTP_URL: catcher.url, DATA_DIR: tmpdir() };
      const group = [1, 2, 3].map(() =>
        start({ databases: database.app, config, log }, { pollIntervalMs: 60_000, batchSize: 4 }),
      );
      await Promise.all(group.map((sender) => sender.flush()));
      expect(catcher.messages()).toHaveLength(30);
      const ids = catcher.messages().map((mail) => /^Message-ID: (.+)$/m.exec(mail.raw)?.[1]);
      expect(new Set(ids).size).toBe(30);
    } finally {
      await catcher.stop();
    }
  });

  it("writes .eml files under DATA_DIR/mail when no SMTP server is configured", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "selvage-mail-"));
    await enqueueEmail(
      database.db,
      email({ dedupeKey: "file-1", subject: "Reset your Selvage Handmade admin password", kind: "password-reset" }),
    );
    const sender = start({ databases: database.app, config: { DATA_DIR: dataDir }, log }, { pollIntervalMs: 60_000 });
    await sender.flush();
    const dir = path.join(dataDir, "mail");
    expect(existsSync(dir)).toBe(true);
    // One whole email under its own name: nothing left half-written beside it.
    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^[\w-]+\.eml$/)]);
    const raw = readFileSync(path.join(dir, files[0]!), "utf8");
    expect(raw).toMatch(/^Subject: Reset your Selvage Handmade admin password$/m);
    expect(raw).toMatch(/^To: customer@example.com$/m);
    // A sent reset link does not stay readable in the database.
    const [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent" });
    expect(row!.text).not.toContain("Thank you");
  });
  it("delivers to internationalised addresses: SMTPUTF8 when the local part needs it, the domain in punycode", async () => {
    const catcher = await startMailCatcher();
    try {
      const addresses = { local: "josé@example.com", both: "ü@exämple.com", domain: "ada@exämple.com" };
      for (const [subject, to] of Object.entries(addresses)) {
        await enqueueEmail(database.db, email({ dedupeKey: `idn-${subject}`, to, subject }));
      }
      const sender = start(
        { databases: database.app, config: { SMTP_URL: catcher.url, DATA_DIR: tmpdir() }, log },
        { pollIntervalMs: 60_000 },
      );
      await sender.flush();
      const received = (subject: string) => catcher.messages().find((mail) => mail.subject === subject);
      expect(received("local")).toMatchObject({ rcptTo: ["josé@example.com"], smtpUtf8: true });
      // An ASCII local part needs no SMTPUTF8: the domain goes out as A-labels, in the envelope and the header.
      expect(received("domain")).toMatchObject({ rcptTo: ["ada@xn--exmple-cua.com"], smtpUtf8: false });
      expect(received("domain")?.raw).toMatch(/^To: ada@xn--exmple-cua\.com$/m);
      // With SMTPUTF8 in use anyway, nodemailer writes the domain in Unicode too; both name the same host.
      expect(received("both")).toMatchObject({ to: ["ü@exämple.com"], smtpUtf8: true });
      const rows = await database.db.select().from(emailOutbox);
      expect(rows.map((row) => [row.toAddress, row.status, row.attempts]).sort()).toEqual(
        [
          ["ada@exämple.com", "sent", 1],
          ["josé@example.com", "sent", 1],
          ["ü@exämple.com", "sent", 1],
        ].sort(),
      );
    } finally {
      await catcher.stop();
    }
  });

  it("marks an email failed at once when the server refuses it for good, and never retries it", async () => {
    const catcher = await startMailCatcher({ smtpUtf8: false });
    try {
      await enqueueEmail(database.db, email({ dedupeKey: "utf8-refused", to: "josé@example.com" }));
      await enqueueEmail(database.db, email({ dedupeKey: "ascii-fine", to: "ada@exämple.com" }));
      const sender = start(
        { databases: database.app, config: { SMTP_URL: catcher.url, DATA_DIR: tmpdir() }, log },
        { pollIntervalMs: 60_000, baseRetryDelayMs: 1, maxRetryDelayMs: 1 },
      );
      await sender.flush();
      const row = async (key: string) =>
        (await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key)))[0]!;
      const refused = await row("utf8-refused");
      expect(refused).toMatchObject({ status: "failed", attempts: 1 });
      expect(refused.lastError).toMatch(/553.*SMTPUTF8/);
      expect(await row("ascii-fine")).toMatchObject({ status: "sent", attempts: 1 });
      expect(catcher.messages().map((mail) => mail.rcptTo)).toEqual([["ada@xn--exmple-cua.com"]]);

      await sender.flush();
      expect(await row("utf8-refused")).toMatchObject({ status: "failed", attempts: 1 });
    } finally {
      await catcher.stop();
    }
  });

  it("records an email to an address that cannot take mail as failed, instead of refusing the event", async () => {
    const unusable = await enqueueEmailOrRecordFailure(
      database.db,
      email({ dedupeKey: "bad-recipient", to: "ada@localhost\u0000", replyTo: "studio@example.com" }),
    );
    expect(unusable).toEqual({
      queued: false,
      reason: 'Not sent: "ada@localhost\\u0000" is not an address email can be sent to',
    });
    const noReplyTo = await enqueueEmailOrRecordFailure(
      database.db,
      email({ dedupeKey: "bad-reply-to", to: "studio@example.com", replyTo: "shopper@@example.com" }),
    );
    expect(noReplyTo).toEqual({ queued: true });
    await expect(enqueueEmailOrRecordFailure(database.db, email({ subject: "" }))).rejects.toBeInstanceOf(
      InvalidEmailError,
    );

    const rows = await database.db.select().from(emailOutbox);
    expect(rows.find((row) => row.dedupeKey === "bad-recipient")).toMatchObject({
      status: "failed",
      attempts: 0,
      toAddress: "ada@localhost\\u0000",
      lastError: unusable.queued ? null : unusable.reason,
    });
    expect(rows.find((row) => row.dedupeKey === "bad-reply-to")).toMatchObject({ status: "pending", replyTo: null });

    const catcher = await startMailCatcher();
    try {
      const sender = start(
        { databases: database.app, config: { SMTP_URL: catcher.url, DATA_DIR: tmpdir() }, log },
        { pollIntervalMs: 60_000 },
      );
      await sender.flush();
      expect(catcher.messages().map((mail) => mail.to)).toEqual([["studio@example.com"]]);
    } finally {
      await catcher.stop();
    }
  });

  it("renews the lease while a slow send is in progress, so no other sender takes the email", async () => {
    const { catcher, arrived, release } = await holdingCatcher("Slow");
    try {
      await enqueueEmail(database.db, email({ dedupeKey: "slow-send", subject: "Slow" }));
      const config = { SMTP_URL: catcher.url, DATA_DIR: tmpdir() };
      const options = { pollIntervalMs: 60_000, leaseMs: 1_500 };
      const first = start({ databases: database.app, config, log }, options);
      await arrived;
      const row = async () => (await database.db.select().from(emailOutbox))[0]!;
      const claimedUntil = (await row()).nextAttemptAt.getTime();

      await eventually(async () => (await row()).nextAttemptAt.getTime() > claimedUntil);
      // Past the first lease: without renewal another sender would take the email now.
      await eventually(async () => {
        const [{ past }] = await query<{ past: boolean }>(
          sql`select now() > ${new Date(claimedUntil).toISOString()}::timestamptz as past`,
        );
        return past;
      });
      const second = start({ databases: database.app, config, log }, options);
      await second.flush();
      expect(catcher.messages()).toHaveLength(1);

      release();
      await first.flush();
      await second.flush();
      expect(catcher.messages()).toHaveLength(1);
      expect(await row()).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      release();
      await catcher.stop();
    }
  });

  it("takes over an email whose sender died mid-send within the short lease, and sends it once", async () => {
    const catcher = await startMailCatcher();
    try {
      await enqueueEmail(database.db, email({ dedupeKey: "orphan", subject: "Orphan" }));
      // What a sender that died leaves behind: the claim counted, its lease running, nothing sent.
      await database.db
        .update(emailOutbox)
        .set({ attempts: 1, nextAttemptAt: sql`now() + interval '2 seconds'` })
        .where(eq(emailOutbox.dedupeKey, "orphan"));
      const claimedAt = Date.now();
      const config = { SMTP_URL: catcher.url, DATA_DIR: tmpdir() };
      const survivor = start({ databases: database.app, config, log }, { pollIntervalMs: 60_000, leaseMs: 2_000 });
      await survivor.flush();
      expect(catcher.messages()).toHaveLength(0);

      await eventually(async () => {
        await survivor.flush();
        return catcher.messages().length > 0;
      });
      expect(Date.now() - claimedAt).toBeLessThan(2_000 + 5_000);
      await survivor.flush();
      expect(catcher.messages()).toHaveLength(1);
      const [row] = await database.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await catcher.stop();
    }
  });

  it("leases for well under a minute by default, so a dead sender's email goes out within one", async () => {
    const { catcher, arrived, release } = await holdingCatcher("Default lease");
    try {
      await enqueueEmail(database.db, email({ dedupeKey: "default-lease", subject: "Default lease" }));
      start(
        { databases: database.app, config: { SMTP_URL: catcher.url, DATA_DIR: tmpdir() }, log },
        { pollIntervalMs: 60_000 },
      );
      await arrived;
      const [{ seconds }] = await query<{ seconds: number }>(
        sql`select extract(epoch from next_attempt_at - now())::float as seconds from ${emailOutbox} where dedupe_key = 'default-lease'`,
      );
      // A dead sender's claim is free again when its lease ends; the next poll (2 s) sends it.
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(58);
    } finally {
      release();
      await catcher.stop();
    }
  });

  it("stops gracefully: the send in flight finishes, the rest of the batch is handed back", async () => {
    const { catcher, arrived, release } = await holdingCatcher("Batch 0");
    try {
      // A second apart, so the batch is sent in this order: the embedded engine's clock counts
      // milliseconds, and emails written in the same one would go out in any order.
      const writtenFrom = Date.now() - 10_000;
      for (let index = 0; index < 3; index++) {
        await enqueueEmail(database.db, email({ dedupeKey: `batch-${index}`, subject: `Batch ${index}` }));
        await database.db
          .update(emailOutbox)
          .set({ createdAt: new Date(writtenFrom + index * 1000) })
          .where(eq(emailOutbox.dedupeKey, `batch-${index}`));
      }
      const config = { SMTP_URL: catcher.url, DATA_DIR: tmpdir() };
      const leaving = start({ databases: database.app, config, log }, { pollIntervalMs: 60_000, leaseMs: 1_500 });
      const held = await arrived;
      let stopped = false;
      const stopping = leaving.stop().then(() => {
        stopped = true;
      });
      const heldRow = async () =>
        (await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, "batch-0")))[0]!;
      const claimedUntil = (await heldRow()).nextAttemptAt.getTime();
      // Still sending (its lease renewed) and stop() still waiting for it.
      await eventually(async () => (await heldRow()).nextAttemptAt.getTime() > claimedUntil);
      expect(stopped).toBe(false);

      release();
      await stopping;
      expect(held.subject).toBe("Batch 0");
      expect(await heldRow()).toMatchObject({ status: "sent" });
      // Handed back: due now, not when the lease would have run out.
      const due = await query(
        sql`select dedupe_key from ${emailOutbox} where status = 'pending' and next_attempt_at <= now() order by dedupe_key`,
      );
      expect(due).toEqual([{ dedupe_key: "batch-1" }, { dedupe_key: "batch-2" }]);

      const next = start({ databases: database.app, config, log }, { pollIntervalMs: 60_000 });
      await next.flush();
      expect(
        catcher
          .messages()
          .map((mail) => mail.subject)
          .sort(),
      ).toEqual(["Batch 0", "Batch 1", "Batch 2"]);
    } finally {
      release();
      await catcher.stop();
    }
  });
});
