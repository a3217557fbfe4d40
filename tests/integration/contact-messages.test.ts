import { tmpdir } from "node:os";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { readContactFormToken, signContactFormToken } from "../../server/contact/form-token.ts";
import { sendContactMessage, type ContactFormGuard } from "../../server/contact/send-contact-message.ts";
import { contactMessages, emailOutbox, rateLimits, storeSettings } from "../../server/db/schema.ts";
import { startMailSender } from "../../server/mail/sender.ts";
import { createCatalogFixture, FIXTURE_TENANT } from "../support/catalog-fixture.ts";
import { decodeSingleFetch, startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { fetchContactPage } from "../support/contact-page.ts";
import { startMailCatcher } from "../support/mail-catcher.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

describe.each(ENGINES)("contact messages on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await createCatalogFixture(database.db);
  });
  afterAll(() => database?.dispose());

  const guard: ContactFormGuard = { secret: "contact-test-secret-that-is-long-enough", minFillSeconds: 3 };
  /** The page's token for a form shown `seconds` ago. */
  const shownAgo = (seconds: number, tenantId = FIXTURE_TENANT, secret = guard.secret) =>
    signContactFormToken(secret, tenantId, new Date(Date.now() - seconds * 1000));
  /** A message sent as a person sends it: the form shown a while ago, the honeypot left empty. */
  const send = (input: object, clientIp = "203.0.113.7") =>
    sendContactMessage(
      { db: database.db, tenantId: FIXTURE_TENANT },
      { clientIp },
      { formToken: shownAgo(20), website: "", ...input },
      guard,
    );
  const stored = async (text: string) =>
    database.db.select().from(contactMessages).where(eq(contactMessages.message, text));
  const emailsAbout = async (messageId: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `contact:${messageId}`));
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

  it("keeps a person's message in the inbox, unread, and queues one email", async () => {
    const text = "A person's question about the waxed canvas";
    expect(await send({ ...message, message: text }, "203.0.113.30")).toEqual({ ok: true });
    const [kept] = await stored(text);
    expect(kept).toMatchObject({ spam: false, spamReason: "", readAt: null });
    expect(await emailsAbout(kept!.id)).toHaveLength(1);
  });

  // Each way a bot gives itself away: answered exactly as a person is, kept aside with the reason, never emailed.
  const caught: [string, (text: string) => object, RegExp][] = [
    ["a filled honeypot", (text) => ({ message: text, website: "https://spam.example" }), /^honeypot filled$/],
    [
      "a message sent 0.4 s after the form was shown",
      (text) => ({ message: text, formToken: shownAgo(0.4) }),
      /^sent 0\.\d s after the form was shown$/,
    ],
    ["no form token", (text) => ({ message: text, formToken: undefined }), /^missing or invalid form token$/],
    [
      "a token with a forged signature",
      (text) => ({ message: text, formToken: shownAgo(20, FIXTURE_TENANT, "a-guessed-secret-that-is-long-enough") }),
      /^missing or invalid form token$/,
    ],
    [
      "another store's token",
      (text) => ({ message: text, formToken: shownAgo(20, "rival-store") }),
      /^missing or invalid form token$/,
    ],
    [
      "a form shown two days ago",
      (text) => ({ message: text, formToken: shownAgo(48 * 60 * 60) }),
      /^sent 48 h after the form was shown \(over a day\)$/,
    ],
  ];
  for (const [index, [label, input, reason]] of caught.entries()) {
    it(`sets aside ${label}: the same answer, stored as spam, not emailed`, async () => {
      const text = `Cheap watches (${label})`;
      const answer = await send({ ...message, ...input(text) }, `203.0.113.${50 + index}`);
      expect(answer).toEqual({ ok: true });
      const [kept] = await stored(text);
      expect(kept).toMatchObject({ spam: true, readAt: null });
      expect(kept!.spamReason).toMatch(reason);
      expect(await emailsAbout(kept!.id)).toEqual([]);
    });
  }

  it("checks the fields before the spam rules: a bot's invalid message is refused like anyone's", async () => {
    const before = (await database.db.select({ n: count() }).from(contactMessages))[0]!.n;
    expect(await send({ ...message, email: "not-an-email", website: "x" }, "203.0.113.41")).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "Please enter a valid email address" },
    });
    expect((await database.db.select({ n: count() }).from(contactMessages))[0]!.n).toBe(before);
  });

  it("counts spam against the throttle too, and throttles before judging", async () => {
    const ip = "198.51.100.44";
    for (let i = 0; i < 5; i++) expect(await send({ ...message, website: "x" }, ip)).toEqual({ ok: true });
    const text = "The sixth try from a busy client";
    expect(await send({ ...message, message: text }, ip)).toMatchObject({ ok: false, status: 429 });
    expect(await stored(text)).toEqual([]);
  });

  it("limits how often one client can send", async () => {
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await send(message, "198.51.100.9"));
    expect(results.slice(0, 5).every((result) => result.ok)).toBe(true);
    expect(results[5]).toEqual({ ok: false, status: 429, error: "Too many attempts, try again later" });
    expect(await send(message, "198.51.100.10")).toEqual({ ok: true });
  });
});

// The spam rules as shoppers' browsers (and bots) meet them: the production build over
// HTTP, the contact page's own token, a real SMTP peer for what is emailed.
describe.each(ENGINES)("contact form spam protection over HTTP on %s", (engine) => {
  let app: AdminApp;
  beforeAll(async () => {
    app = await startAdminApp(engine);
  });
  afterAll(() => app?.stop());

  const person = { name: "Ada Lovelace", email: "ada@example.com", phone: "303-555-0199" };
  const contactPage = async () => {
    const { html, formToken } = await fetchContactPage(app.url);
    return { html, token: formToken };
  };
  /** A token the page would have given `seconds` ago (signed with the shop's own secret). */
  const shownAgo = (seconds: number) =>
    signContactFormToken(app.services.config.AUTH_SECRET, DEFAULT_TENANT, new Date(Date.now() - seconds * 1000));
  /** Posts the form as the page's script does (or as a page without JavaScript, `document`). */
  const post = async (fields: Record<string, string>, { document = false } = {}) => {
    // Each post starts with a fresh throttle: every request here comes from the same address.
    await app.database.db.delete(rateLimits);
    return fetch(`${app.url}/contact${document ? "" : ".data"}`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  };
  const answerOf = async (response: Response) => {
    expect(response.status).toBe(200);
    return (await decodeSingleFetch(response)).data;
  };
  const kept = async (text: string) => {
    const rows = await app.database.db.select().from(contactMessages).where(eq(contactMessages.message, text));
    expect(rows).toHaveLength(1);
    const emails = await app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `contact:${rows[0]!.id}`));
    return { ...rows[0]!, emails };
  };

  it("gives the form a signed token of when the page was shown, and a honeypot people never reach", async () => {
    const before = Date.now();
    const { html, token } = await contactPage();
    const shownAt = readContactFormToken(app.services.config.AUTH_SECRET, DEFAULT_TENANT, token);
    expect(shownAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(shownAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const honeypot =
      /<div aria-hidden="true" class="([^"]*)"><label for="contact-website">Leave this field empty<\/label><input ([^>]*)\/?>/.exec(
        html,
      );
    expect(honeypot, "the honeypot's markup").not.toBeNull();
    expect(honeypot![1]).toContain("-left-[10000px]");
    expect(honeypot![2]).toContain('name="website"');
    expect(honeypot![2]).toContain('tabindex="-1"');
    expect(honeypot![2]).toMatch(/autocomplete="off"/i);
  });

  it("keeps a person's message and emails it once", async () => {
    const text = "Could the market tote come in waxed canvas?";
    const answer = await answerOf(await post({ ...person, message: text, formToken: shownAgo(12), website: "" }));
    expect(answer).toEqual({ ok: true });
    const message = await kept(text);
    expect(message).toMatchObject({ spam: false, readAt: null });
    expect(message.emails).toHaveLength(1);
    const mail = await app.mail.waitFor((received) => received.text.includes(text));
    expect(mail.subject).toBe("New Contact Form Submission");
    expect(app.mail.messages().filter((received) => received.text.includes(text))).toHaveLength(1);
  });

  it("keeps a message posted without JavaScript, carrying the page's token and empty honeypot", async () => {
    // What a browser without JavaScript posts: the form as the server rendered it, filled in a while later.
    const { html } = await contactPage();
    expect(html).toMatch(/<form[^>]*method="post"[^>]*id="contact-form"|<form[^>]*id="contact-form"[^>]*method="post"/);
    const text = "Sent from a browser without JavaScript";
    const response = await post({ ...person, message: text, formToken: shownAgo(30), website: "" }, { document: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const message = await kept(text);
    expect(message).toMatchObject({ spam: false });
    expect(message.emails).toHaveLength(1);
  });

  it("answers a bot exactly as a person, keeps its message aside and emails nothing", async () => {
    const { token } = await contactPage();
    const cases: [string, Record<string, string>, RegExp][] = [
      // Posted the moment the page arrived, with the page's genuine token.
      ["at once", { formToken: token, website: "" }, /^sent \d\.\d s after the form was shown$/],
      ["honeypot", { formToken: shownAgo(12), website: "https://cheap.example" }, /^honeypot filled$/],
      ["no token", { website: "" }, /^missing or invalid form token$/],
      [
        "forged",
        { formToken: `${Date.now() - 60_000}.${"A".repeat(43)}`, website: "" },
        /^missing or invalid form token$/,
      ],
    ];
    const personAnswer = await (await post({ ...person, message: "A real one", formToken: shownAgo(12) })).text();
    for (const [label, fields, reason] of cases) {
      const text = `Buy followers now (${label})`;
      const response = await post({ ...person, message: text, ...fields });
      // Byte for byte what a person is told.
      expect(await response.clone().text(), label).toBe(personAnswer);
      expect(await answerOf(response)).toEqual({ ok: true });
      const message = await kept(text);
      expect(message.spam, label).toBe(true);
      expect(message.spamReason, label).toMatch(reason);
      expect(message.emails, label).toEqual([]);
    }
    await app.sender.flush();
    expect(app.mail.messages().filter((received) => received.text.includes("Buy followers now"))).toEqual([]);
  });

  it("still throttles first: a client past the limit is refused, spam or not", async () => {
    await app.database.db.delete(rateLimits);
    const send = () =>
      fetch(`${app.url}/contact.data`, {
        method: "POST",
        headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...person, message: "Again and again", website: "spam" }),
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const newest = await app.database.db
      .select({ n: count() })
      .from(contactMessages)
      .where(eq(contactMessages.message, "Again and again"));
    expect(newest[0]!.n).toBe(5);
  });
});
