import { tmpdir } from "node:os";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendContactMessage } from "../../server/contact/send-contact-message.ts";
import { contactMessages, emailOutbox, storeSettings } from "../../server/db/schema.ts";
import { startMailSender } from "../../server/mail/sender.ts";
import { createCatalogFixture, FIXTURE_TENANT } from "../support/catalog-fixture.ts";
import { startMailCatcher } from "../support/mail-catcher.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

describe.each(ENGINES)("contact messages on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await createCatalogFixture(database.db);
  });
  afterAll(() => database?.dispose());

  const send = (input: unknown, clientIp = "203.0.113.7") =>
    sendContactMessage({ db: database.db, tenantId: FIXTURE_TENANT }, { clientIp }, input);
  const message = {
    name: "Grace Hopper",
    email: "grace@example.com",
    phone: "",
    message: "Could you make a tote in navy canvas?",
  };

  it("keeps the message and queues it to the owner, with the sender as reply-to", async () => {
    expect(await send(message)).toEqual({ ok: true });
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "grace@example.com"));
    expect(stored).toMatchObject({ name: "Grace Hopper", message: "Could you make a tote in navy canvas?" });
    const [email] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "contact"));
    expect(email).toMatchObject({
      toAddress: "studio@example.com",
      replyTo: "grace@example.com",
      subject: "New Contact Form Submission",
      status: "pending",
    });
    expect(email?.text).toContain("Could you make a tote in navy canvas?");
  });

  it("refuses header injection and missing fields, storing nothing", async () => {
    const before = (await database.db.select().from(contactMessages)).length;
    const injected = await send({ ...message, name: "Eve\r\nBcc: everyone@example.com" });
    expect(injected).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { name: "Please remove line breaks and control characters" },
    });
    expect(await send({ ...message, email: "eve@example.com\nBcc: x@example.com" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await send({ name: "", email: "", message: "" })).toMatchObject({
      ok: false,
      fieldErrors: {
        name: "Name is required",
        email: "Please enter a valid email address",
        message: "Message is required",
      },
    });
    expect(await send({ ...message, message: "x".repeat(5001) })).toMatchObject({ ok: false, status: 400 });
    expect((await database.db.select().from(contactMessages)).length).toBe(before);
  });

  it("keeps a message from an internationalised address and delivers it, even through a server without SMTPUTF8", async () => {
    const text = "Do you ship to Zürich?";
    expect(await send({ ...message, email: "josé@example.com", message: text }, "203.0.113.21")).toEqual({ ok: true });
    const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.message, text));
    expect(stored).toMatchObject({ email: "josé@example.com" });

    const catcher = await startMailCatcher({ smtpUtf8: false });
    const sender = startMailSender(
      {
        databases: database.app,
        config: { SMTP_URL: catcher.url, DATA_DIR: tmpdir() },
        log: pino({ level: "silent" }),
      },
      { pollIntervalMs: 60_000 },
    );
    try {
      await sender.flush();
      // The envelope goes to the owner's ASCII address; the shopper's address is only the Reply-To.
      const mail = catcher.messages().find((caught) => caught.text.includes(text));
      expect(mail).toMatchObject({ rcptTo: ["studio@example.com"], smtpUtf8: false });
      expect(mail?.text).toContain("Email: josé@example.com");
    } finally {
      await sender.stop();
      await catcher.stop();
    }
  });

  it("keeps the message when its email cannot be sent, and records the email as failed", async () => {
    // An owner address no mail server takes (as it might be typed in the settings).
    await database.db
      .update(storeSettings)
      .set({ contactEmail: "studio@localhost" })
      .where(eq(storeSettings.tenantId, FIXTURE_TENANT));
    try {
      const text = "Is the navy canvas back in stock?";
      expect(await send({ ...message, message: text }, "203.0.113.22")).toEqual({ ok: true });
      const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.message, text));
      expect(stored).toBeDefined();
      const [email] = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `contact:${stored!.id}`));
      expect(email).toMatchObject({
        status: "failed",
        toAddress: "studio@localhost",
        lastError: 'Not sent: "studio@localhost" is not an address email can be sent to',
      });
    } finally {
      await database.db
        .update(storeSettings)
        .set({ contactEmail: "studio@example.com" })
        .where(eq(storeSettings.tenantId, FIXTURE_TENANT));
    }
  });

  it("refuses NUL and lone surrogates with the field's message, storing nothing", async () => {
    const messages = async () => (await database.db.select({ n: count() }).from(contactMessages))[0]!.n;
    const emails = async () => (await database.db.select({ n: count() }).from(emailOutbox))[0]!.n;
    const before = { messages: await messages(), emails: await emails() };
    const cases: [Record<string, string>, string, string][] = [
      [{ name: "Grace\u0000" }, "name", "Please remove line breaks and control characters"],
      [{ name: "Gr\ud800ace" }, "name", "Please remove line breaks and control characters"],
      [{ email: "grace\u0000@example.com" }, "email", "Please enter a valid email address"],
      [{ phone: "303\u0000555" }, "phone", "Please enter a valid phone number"],
      [{ message: "Hello\u0000" }, "message", "Please remove control characters"],
      [{ message: "Hello \udfff" }, "message", "Please remove control characters"],
    ];
    for (const [fields, field, text] of cases) {
      const result = await send({ ...message, ...fields }, "203.0.113.23");
      expect(result, JSON.stringify(fields)).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: text } });
    }
    expect({ messages: await messages(), emails: await emails() }).toEqual(before);
  });

  it("limits how often one client can send", async () => {
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await send(message, "198.51.100.9"));
    expect(results.slice(0, 5).every((result) => result.ok)).toBe(true);
    expect(results[5]).toEqual({ ok: false, status: 429, error: "Too many attempts, try again later" });
    expect(await send(message, "198.51.100.10")).toEqual({ ok: true });
  });
});
