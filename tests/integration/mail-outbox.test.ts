import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, storeSettings, tenants } from "../../server/db/schema.ts";
import { enqueueEmail, InvalidEmailError, type OutgoingEmail } from "../../server/mail/outbox.ts";
import { startMailSender, type MailSender } from "../../server/mail/sender.ts";
import { freePort } from "../support/app-server.ts";
import { startMailCatcher } from "../support/mail-catcher.ts";
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
        { db: database.db, config: { SMTP_URL: catcher.url, DATA_DIR: tmpdir() }, log },
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
    const port = await freePort();
    const config = {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Selvage <shop@example.com>",
      DATA_DIR: tmpdir(),
    };
    // Time passing, without waiting: the retry becomes due now.
    const makeDue = () => database.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await enqueueEmail(database.db, email({ dedupeKey: "order-2:confirmation" }));
    const sender = start({ db: database.db, config, log }, { pollIntervalMs: 60_000, baseRetryDelayMs: 60_000 });

    await sender.flush();
    const [failed] = await database.db.select().from(emailOutbox);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    await makeDue();
    await sender.flush();
    expect((await database.db.select().from(emailOutbox))[0]).toMatchObject({ status: "pending", attempts: 2 });

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
    const port = await freePort();
    await enqueueEmail(database.db, email({ dedupeKey: "slow" }));
    const sender = start(
      { db: database.db, config: { SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: tmpdir() }, log },
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
    const port = await freePort();
    await enqueueEmail(database.db, email({ dedupeKey: "doomed" }));
    const sender = start(
      { db: database.db, config: { SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: tmpdir() }, log },
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
        start({ db: database.db, config, log }, { pollIntervalMs: 60_000, batchSize: 4 }),
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
    const sender = start({ db: database.db, config: { DATA_DIR: dataDir }, log }, { pollIntervalMs: 60_000 });
    await sender.flush();
    const dir = path.join(dataDir, "mail");
    expect(existsSync(dir)).toBe(true);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(dir, files[0]!), "utf8");
    expect(raw).toMatch(/^Subject: Reset your Selvage Handmade admin password$/m);
    expect(raw).toMatch(/^To: customer@example.com$/m);
    // A sent reset link does not stay readable in the database.
    const [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent" });
    expect(row!.text).not.toContain("Thank you");
  });
});
