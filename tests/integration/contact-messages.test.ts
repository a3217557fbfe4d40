import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendContactMessage } from "../../server/contact/send-contact-message.ts";
import { contactMessages, emailOutbox } from "../../server/db/schema.ts";
import { createCatalogFixture, FIXTURE_TENANT } from "../support/catalog-fixture.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

describe.each(ENGINES)("contact messages on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await createCatalogFixture(database.db);
  });
  afterAll(() => database?.dispose());

  const send = (input: unknown, clientIp = "203.0.113.7") =>
    sendContactMessage(database.db, { tenantId: FIXTURE_TENANT, clientIp }, input);
  const message = { name: "Grace Hopper", email: "grace@example.com", phone: "", message: "Could you make a tote in navy canvas?" };

  it("keeps the message and queues it to the owner, with the sender as reply-to", async () => {
    expect(await send(message)).toEqual({ ok: true });
    const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.email, "grace@example.com"));
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
    expect(injected).toMatchObject({ ok: false, status: 400, fieldErrors: { name: "Please remove line breaks and control characters" } });
    expect(await send({ ...message, email: "eve@example.com\nBcc: x@example.com" })).toMatchObject({ ok: false, status: 400 });
    expect(await send({ name: "", email: "", message: "" })).toMatchObject({
      ok: false,
      fieldErrors: { name: "Name is required", email: "Please enter a valid email address", message: "Message is required" },
    });
    expect(await send({ ...message, message: "x".repeat(5001) })).toMatchObject({ ok: false, status: 400 });
    expect((await database.db.select().from(contactMessages)).length).toBe(before);
  });

  it("limits how often one client can send", async () => {
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await send(message, "198.51.100.9"));
    expect(results.slice(0, 5).every((result) => result.ok)).toBe(true);
    expect(results[5]).toEqual({ ok: false, status: 429, error: "Too many attempts, try again later" });
    expect(await send(message, "198.51.100.10")).toEqual({ ok: true });
  });
});
