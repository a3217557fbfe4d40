import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { contactMessages, emailOutbox, tenants } from "../../server/db/schema.ts";
import { AdminClient, decodeSingleFetch, signedInOwner, startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { ENGINES } from "../support/test-database.ts";

// The owner's messages over HTTP, as her browser uses them: the page's data from
// /admin/messages.data (single fetch) and its rendered HTML, and the fetchers' posts to
// /admin/messages.data. Every answer is checked against the database behind it; what is
// refused changes nothing, another store's message is not found, and nothing answers 5xx.

const INBOX = "/admin/messages";
const RIVAL_TENANT = "rival-store";
const UNKNOWN_ID = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";

type Row = typeof contactMessages.$inferSelect;
interface ListedMessage {
  id: string;
  name: string;
  message: string;
  readAt: Date | null;
  spamReason: string;
}
interface InboxData {
  view: "inbox" | "spam";
  messages: ListedMessage[];
  olderCursor: string | null;
  newerCursor: string | null;
  counts: { unread: number; spam: number };
}

describe.each(ENGINES)("the owner's messages over HTTP on %s", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;
  let rivalMessage: Row;

  beforeAll(async () => {
    app = await startAdminApp(engine);
    owner = await signedInOwner(app);
    await app.database.db.insert(tenants).values({ id: RIVAL_TENANT });
    const [theirs] = await app.database.db
      .insert(contactMessages)
      .values({ tenantId: RIVAL_TENANT, name: "Rival Customer", email: "r@example.com", message: "Not yours" })
      .returning();
    rivalMessage = theirs!;
  });
  afterAll(() => app?.stop());
  // Each test writes the store's messages it reads; the rival store's one stays throughout.
  beforeEach(async () => {
    await app.database.db.delete(contactMessages).where(eq(contactMessages.tenantId, DEFAULT_TENANT));
  });

  let sequence = 0;
  /** Stores messages of our store, each a minute newer than the one before unless `createdAt` is given. */
  const insert = async (...messages: Partial<typeof contactMessages.$inferInsert>[]) =>
    app.database.db
      .insert(contactMessages)
      .values(
        messages.map((fields) => ({
          tenantId: DEFAULT_TENANT,
          name: `Shopper ${++sequence}`,
          email: `shopper${sequence}@example.com`,
          message: `Message ${sequence}`,
          createdAt: new Date(Date.UTC(2026, 2, 1, 12, sequence)),
          ...fields,
        })),
      )
      .returning();

  const rowOf = async (id: string) =>
    (await app.database.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

  async function load(query = "", client: AdminClient = owner): Promise<InboxData> {
    const response = await client.get(`${INBOX}.data${query}`);
    expect(response.status, `GET ${INBOX}.data${query}`).toBe(200);
    const routes = (await decodeSingleFetch(response)) as Record<string, { data?: unknown }>;
    const page = Object.values(routes).find(
      (route) => route.data && typeof route.data === "object" && "messages" in route.data,
    );
    return page!.data as InboxData;
  }
  const names = (data: InboxData) => data.messages.map((message) => message.name);

  async function act(fields: Record<string, string>, client: AdminClient = owner) {
    const response = await client.post(`${INBOX}.data`, fields);
    expect(response.status, JSON.stringify(fields)).toBeLessThan(500);
    return { status: response.status, answer: (await decodeSingleFetch(response)).data };
  }

  it("lists the inbox newest first, unread marked, spam and other stores' messages kept out", async () => {
    const [older, , newest] = await insert(
      { name: "Ada", readAt: new Date() },
      { name: "Grace" },
      { name: "Hedy", phone: "303-555-0142" },
    );
    await insert({ name: "Bot", spam: true, spamReason: "honeypot filled" });
    const inbox = await load();
    expect(names(inbox)).toEqual(["Hedy", "Grace", "Ada"]);
    expect(inbox.messages[0]).toMatchObject({ id: newest!.id, readAt: null });
    expect(inbox.messages[2]!.readAt).not.toBeNull();
    expect(inbox.counts).toEqual({ unread: 2, spam: 1 });
    expect(inbox).toMatchObject({ view: "inbox", olderCursor: null, newerCursor: null });

    const spam = await load("?view=spam");
    expect(spam.messages).toEqual([expect.objectContaining({ name: "Bot", spamReason: "honeypot filled" })]);

    // The page as served: each message with its sender, the unread ones announced, the time in the store's zone.
    const html = (await (await owner.get(INBOX)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Hedy");
    expect(html).toContain("shopper");
    expect(html.match(/<span class="sr-only">Unread: <\/span>/g)).toHaveLength(2);
    expect(html).toContain("Mar 1, 2026");
    expect(html).not.toContain("Rival Customer");
    expect(html).not.toContain(">Bot<");
    expect(older).toBeDefined();
  });

  it("says so when a view is empty", async () => {
    const html = await (await owner.get(INBOX)).text();
    expect(html).toContain("No messages yet");
    expect(await (await owner.get(`${INBOX}?view=spam`)).text()).toContain("No spam");
  });

  it("pages by 25 on (created_at, id), even through messages written in the same microsecond", async () => {
    // 30 messages at one instant, and two a microsecond apart (a JS Date could not tell them apart).
    await insert(...Array.from({ length: 30 }, () => ({ createdAt: new Date(Date.UTC(2026, 0, 1)) })));
    const [early, later] = await insert({ name: "Early" }, { name: "Later" });
    await app.database.db.execute(
      sql`update contact_messages set created_at = case id when ${early!.id}::uuid then '2026-02-01T00:00:00.000001Z'::timestamptz else '2026-02-01T00:00:00.000002Z'::timestamptz end where id in (${early!.id}::uuid, ${later!.id}::uuid)`,
    );

    const first = await load();
    expect(first.messages).toHaveLength(25);
    expect(names(first).slice(0, 2)).toEqual(["Later", "Early"]);
    expect(first.newerCursor).toBeNull();
    const second = await load(`?after=${first.olderCursor}`);
    expect(second.messages).toHaveLength(7);
    expect(second.olderCursor).toBeNull();
    const seen = [...first.messages, ...second.messages].map((message) => message.id);
    expect(new Set(seen).size).toBe(32);
    // Back to newer messages from the second page: the first page again.
    const back = await load(`?before=${second.newerCursor}`);
    expect(back.messages.map((message) => message.id)).toEqual(first.messages.map((message) => message.id));
    expect(back.newerCursor).toBeNull();

    // The rendered page links to the older page; a page link this server did not make is the client's mistake.
    expect(await (await owner.get(INBOX)).text()).toContain(`href="/admin/messages?after=${first.olderCursor}"`);
    for (const query of ["?after=not-a-cursor", "?before=%00", `?after=${Buffer.from("x|y").toString("base64url")}`]) {
      const response = await owner.get(`${INBOX}${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toContain("This page link is not valid");
    }
  });

  it("marks a message read when opened, keeping the first time, and unread on request", async () => {
    const [message] = await insert({});
    expect(await act({ intent: "read", messageId: message!.id })).toEqual({
      status: 200,
      answer: { ok: true, intent: "read", notice: null },
    });
    const firstRead = (await rowOf(message!.id))!.readAt;
    expect(firstRead).toBeInstanceOf(Date);
    expect(await act({ intent: "read", messageId: message!.id })).toMatchObject({ status: 200 });
    expect((await rowOf(message!.id))!.readAt).toEqual(firstRead);
    expect((await load()).counts.unread).toBe(0);

    expect(await act({ intent: "unread", messageId: message!.id })).toEqual({
      status: 200,
      answer: { ok: true, intent: "unread", notice: "Marked as unread" },
    });
    expect((await rowOf(message!.id))!.readAt).toBeNull();
  });

  it("deletes a message for good, with a notice", async () => {
    const [message, kept] = await insert({}, {});
    expect(await act({ intent: "delete", messageId: message!.id })).toEqual({
      status: 200,
      answer: { ok: true, intent: "delete", notice: "Message deleted" },
    });
    expect(await rowOf(message!.id)).toBeUndefined();
    expect(names(await load())).toEqual([kept!.name]);
    // Deleting it again finds nothing.
    expect(await act({ intent: "delete", messageId: message!.id })).toMatchObject({ status: 404 });
  });

  it("moves a message wrongly caught as spam to the inbox, unread, without emailing it", async () => {
    const [caught] = await insert({
      spam: true,
      spamReason: "sent 0.4 s after the form was shown",
      readAt: new Date(),
    });
    expect(await act({ intent: "not-spam", messageId: caught!.id })).toEqual({
      status: 200,
      answer: { ok: true, intent: "not-spam", notice: "Moved to the inbox" },
    });
    expect(await rowOf(caught!.id)).toMatchObject({ spam: false, spamReason: "", readAt: null });
    expect(names(await load())).toEqual([caught!.name]);
    expect((await load("?view=spam")).messages).toEqual([]);
    const emails = await app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `contact:${caught!.id}`));
    expect(emails).toEqual([]);
    // A message already in the inbox stays as it was (read stays read).
    await act({ intent: "read", messageId: caught!.id });
    await act({ intent: "not-spam", messageId: caught!.id });
    expect((await rowOf(caught!.id))!.readAt).not.toBeNull();
  });

  it("moves a message that slipped past the spam rules into Spam, saying the owner put it there", async () => {
    const [slipped, kept] = await insert({}, {});
    expect(await act({ intent: "spam", messageId: slipped!.id })).toEqual({
      status: 200,
      answer: { ok: true, intent: "spam", notice: "Moved to spam" },
    });
    expect(await rowOf(slipped!.id)).toMatchObject({ spam: true, spamReason: "Marked as spam by you" });
    expect(names(await load())).toEqual([kept!.name]);
    expect(names(await load("?view=spam"))).toEqual([slipped!.name]);
    // And back again, if the owner changes her mind.
    await act({ intent: "not-spam", messageId: slipped!.id });
    expect(await rowOf(slipped!.id)).toMatchObject({ spam: false, spamReason: "" });
  });

  it("finds no message of another store, or none at all, and changes nothing", async () => {
    for (const intent of ["read", "unread", "not-spam", "spam", "delete"]) {
      for (const messageId of [rivalMessage.id, UNKNOWN_ID]) {
        expect(await act({ intent, messageId })).toEqual({
          status: 404,
          answer: { ok: false, error: "Message not found" },
        });
      }
    }
    expect(await rowOf(rivalMessage.id)).toEqual(rivalMessage);
  });

  it("refuses malformed requests with a 400, changing nothing", async () => {
    const [message] = await insert({});
    const before = await rowOf(message!.id);
    const bodies: Record<string, string>[] = [
      {},
      { messageId: message!.id },
      { intent: "archive", messageId: message!.id },
      { intent: "delete" },
      { intent: "delete", messageId: "42" },
      { intent: "read", messageId: `${message!.id}'; drop table contact_messages; --` },
    ];
    for (const body of bodies) {
      expect(await act(body), JSON.stringify(body)).toEqual({
        status: 400,
        answer: { ok: false, error: "Unknown request" },
      });
    }
    expect(await rowOf(message!.id)).toEqual(before);
  });

  it("sends strangers to sign in, showing and changing nothing", async () => {
    const [message] = await insert({});
    const anonymous = new AdminClient(app.url);
    const page = await anonymous.get(INBOX);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login");
    expect(await decodeSingleFetch(await anonymous.get(`${INBOX}.data`))).toMatchObject({ redirect: "/admin/login" });
    for (const intent of ["read", "delete"]) {
      const response = await anonymous.post(`${INBOX}.data`, { intent, messageId: message!.id });
      expect(await decodeSingleFetch(response)).toMatchObject({ redirect: "/admin/login" });
    }
    expect(await rowOf(message!.id)).toMatchObject({ readAt: null });
    const remaining = await app.database.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(inArray(contactMessages.id, [message!.id]));
    expect(remaining).toHaveLength(1);
  });
});
