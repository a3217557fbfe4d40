import { z } from "zod";
import { emailAddress } from "./email.ts";
import { optionalPhoneField } from "./phone.ts";
import { multiLineText, singleLineText } from "./text.ts";

// The contact form's one schema, for the browser's messages and the server's truth.
// Text is normalised and checked by the shared helpers (core/text.ts, core/email.ts, core/phone.ts).

export const contactMessageSchema = z.object({
  name: singleLineText("Name", 100),
  email: emailAddress(),
  phone: optionalPhoneField().default(""),
  message: multiLineText("Message", 5000),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

// ---- Spam rules that cost a real person nothing.
// A bot that fills every field fills the hidden honeypot too; a bot that posts straight
// away sends sooner than anyone could type a message, or without the page's form token.
// A message caught is answered like any other (the sender learns nothing), kept aside
// and never emailed.

/** Seconds a person needs at least, from seeing the form to sending it, unless configured otherwise. */
export const DEFAULT_CONTACT_MIN_FILL_SECONDS = 3;
/** A form shown longer ago than this no longer vouches for its sender: a day is more than anyone needs. */
export const CONTACT_FORM_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Clocks of several servers may disagree a little about when a form was shown. */
const CLOCK_SKEW_SECONDS = 60;

export const SPAM_HONEYPOT = "honeypot filled";
export const SPAM_NO_TOKEN = "missing or invalid form token";

export type SpamVerdict = { spam: false } | { spam: true; reason: string };

/**
 * Whether a valid message is spam: a filled honeypot, no genuine form token (`shownAt`
 * null), a form shown in the future or more than a day ago, or sent sooner than a
 * person could (`minFillSeconds`; 0 turns that rule off).
 */
export function judgeContactSubmission({
  honeypot,
  shownAt,
  sentAt,
  minFillSeconds,
}: {
  honeypot: string;
  /** When the page showed the form, from a verified token; null when missing or forged. */
  shownAt: Date | null;
  sentAt: Date;
  minFillSeconds: number;
}): SpamVerdict {
  if (honeypot.trim() !== "") return { spam: true, reason: SPAM_HONEYPOT };
  if (!shownAt) return { spam: true, reason: SPAM_NO_TOKEN };
  const seconds = (sentAt.getTime() - shownAt.getTime()) / 1000;
  if (seconds < -CLOCK_SKEW_SECONDS) return { spam: true, reason: SPAM_NO_TOKEN };
  if (seconds > CONTACT_FORM_MAX_AGE_SECONDS) {
    return { spam: true, reason: `sent ${Math.floor(seconds / 3600)} h after the form was shown (over a day)` };
  }
  if (minFillSeconds > 0 && seconds < minFillSeconds) {
    return { spam: true, reason: `sent ${Math.max(0, seconds).toFixed(1)} s after the form was shown` };
  }
  return { spam: false };
}

// ---- The owner's inbox (/admin/messages).

/** The inbox proper, or the messages the spam rules set aside (?view=spam). */
export type MessageView = "inbox" | "spam";

export const parseMessageView = (value: string | null): MessageView => (value === "spam" ? "spam" : "inbox");

/** A message as the owner's list shows it. */
export interface InboxMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: Date;
  /** When she first opened it; null while unread. */
  readAt: Date | null;
  /** Why the spam rules set it aside; "" in the inbox. */
  spamReason: string;
}

/** The list's query string ("" for the inbox's first page). */
export function messageListQuery(view: MessageView, page: { after?: string; before?: string } = {}): string {
  const query = new URLSearchParams();
  if (view === "spam") query.set("view", "spam");
  if (page.after) query.set("after", page.after);
  if (page.before) query.set("before", page.before);
  return query.size ? `?${query}` : "";
}

const messageId = z.uuid({ error: "Unknown message" });

/** One schema for every change the inbox makes, told apart by intent. */
export const messageActionSchema = z.discriminatedUnion(
  "intent",
  [
    /** Opened: read from now on (the first time is kept). */
    z.object({ intent: z.literal("read"), messageId }),
    z.object({ intent: z.literal("unread"), messageId }),
    /** Caught wrongly by the spam rules: into the inbox, unread. */
    z.object({ intent: z.literal("not-spam"), messageId }),
    /** Slipped past the spam rules: into Spam, marked as the owner's call. */
    z.object({ intent: z.literal("spam"), messageId }),
    z.object({ intent: z.literal("delete"), messageId }),
  ],
  { error: "Unknown request" },
);

export type MessageAction = z.infer<typeof messageActionSchema>;

/** What the inbox's action answers: a notice to show, or what went wrong. */
export type MessageActionAnswer =
  { ok: true; intent: MessageAction["intent"]; notice: string | null } | { ok: false; error: string };

export const MESSAGE_NOT_FOUND = "Message not found";
export const MESSAGE_NOTICES: Record<MessageAction["intent"], string | null> = {
  read: null,
  unread: "Marked as unread",
  "not-spam": "Moved to the inbox",
  spam: "Moved to spam",
  delete: "Message deleted",
};

/** The subject of the owner's reply, in her mail program. */
export const replySubject = (storeName: string) => `Re: Your message to ${storeName}`;

/**
 * A mailto: link to the sender with the subject filled in. The address keeps its "@" (as
 * RFC 6068 writes it); everything else that could end the address or start a header is escaped.
 */
export function replyMailto(address: string, subject: string): string {
  return `mailto:${encodeURIComponent(address).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}
