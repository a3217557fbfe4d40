import { and, count, eq, sql } from "drizzle-orm";
import type { InboxMessage, MessageView } from "../../core/contact-message.ts";
import { contactMessages } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { cursorTime, keysetPage, keysetPageOf, keysetRead, type KeysetRequest } from "../db/keyset-cursor.ts";

// The owner's messages: the contact form's messages, newest first, in the inbox or set
// aside as spam, paged by keyset on the index contact_messages_tenant_inbox
// (tenant_id, spam, created_at desc, id desc). Every change names the store: a message
// of another store is "not found" and stays as it was.

export const MESSAGE_PAGE_SIZE = 25;

export interface MessagePage {
  messages: InboxMessage[];
  /** The link to older messages, when there are any. */
  olderCursor: string | null;
  /** The link back to newer messages, when this is not the first page. */
  newerCursor: string | null;
}

/**
 * One page of a view, newest first. `after` pages to older messages from a page's last
 * row, `before` back to newer ones from a page's first row.
 */
export async function listMessages(
  { db, tenantId }: StoreScope,
  view: MessageView,
  page: KeysetRequest & { pageSize?: number } = {},
): Promise<MessagePage> {
  const pageSize = page.pageSize ?? MESSAGE_PAGE_SIZE;
  const { direction, cursor } = keysetRead(page);
  const { position, orderBy } = keysetPage(contactMessages, cursor, direction);
  // One row more than the page tells whether another page follows in that direction.
  const rows = await db
    .select({
      id: contactMessages.id,
      cursorTime: cursorTime(contactMessages.createdAt),
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      readAt: contactMessages.readAt,
      spamReason: contactMessages.spamReason,
    })
    .from(contactMessages)
    .where(and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.spam, view === "spam"), position))
    .orderBy(...orderBy)
    .limit(pageSize + 1);
  const shown = keysetPageOf(rows, pageSize, page);
  return {
    messages: shown.rows.map(({ cursorTime: _, ...row }) => row),
    olderCursor: shown.olderCursor,
    newerCursor: shown.newerCursor,
  };
}

/** How many messages the spam rules set aside. */
export async function countSpamMessages({ db, tenantId }: StoreScope): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.spam, true)));
  return row?.count ?? 0;
}

const thisStores = (tenantId: string, messageId: string) =>
  and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.id, messageId));

/** Marks a message read when first opened (opening it again keeps the first time). False when there is no such message. */
export async function markMessageRead({ db, tenantId }: StoreScope, messageId: string): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
    .where(thisStores(tenantId, messageId))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Makes a message unread again, to come back to. False when there is no such message. */
export async function markMessageUnread({ db, tenantId }: StoreScope, messageId: string): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set({ readAt: null })
    .where(thisStores(tenantId, messageId))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/**
 * Moves a message the spam rules caught wrongly into the inbox, unread, as if it had just
 * arrived there (one already in the inbox stays as it is). It is not emailed now: the
 * owner is reading it already.
 */
export async function markMessageNotSpam({ db, tenantId }: StoreScope, messageId: string): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set({
      spam: false,
      spamReason: "",
      readAt: sql`case when ${contactMessages.spam} then null else ${contactMessages.readAt} end`,
    })
    .where(thisStores(tenantId, messageId))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Why a message is in Spam when the owner put it there herself. */
export const MARKED_SPAM_REASON = "Marked as spam by you";

/** Moves a message that slipped past the spam rules into Spam. False when there is no such message. */
export async function markMessageSpam({ db, tenantId }: StoreScope, messageId: string): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set({ spam: true, spamReason: MARKED_SPAM_REASON })
    .where(thisStores(tenantId, messageId))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Deletes a message for good. False when there is no such message. */
export async function deleteMessage({ db, tenantId }: StoreScope, messageId: string): Promise<boolean> {
  const rows = await db
    .delete(contactMessages)
    .where(thisStores(tenantId, messageId))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}
