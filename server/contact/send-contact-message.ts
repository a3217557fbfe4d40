import { contactMessageSchema, judgeContactSubmission } from "../../core/contact-message.ts";
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD, TOO_MANY_ATTEMPTS } from "../../core/constants.ts";
import { parseWith, type FormErrors } from "../../core/forms.ts";
import { consumeAttempt, storeClientKey, type ThrottleRule } from "../http/throttle.ts";
import { getStoreSettings } from "../catalog/store-settings.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { contactMessages } from "../db/schema.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { enqueueEmailOrRecordFailure } from "../mail/outbox.ts";
import { readContactFormToken } from "./form-token.ts";

/** Messages one client may send in a window: plenty for a person, too few for a spammer. */
export const CONTACT_PER_CLIENT: ThrottleRule = { max: 5, windowSeconds: 10 * 60 };

/** What the spam rules need: the secret the page's form token is signed with, and the least time a person takes. */
export interface ContactFormGuard {
  secret: string;
  minFillSeconds: number;
}

/** The guard as the shop is configured: tokens signed with its auth secret. */
export const contactFormGuard = (config: {
  AUTH_SECRET: string;
  CONTACT_MIN_FILL_SECONDS: number;
}): ContactFormGuard => ({
  secret: config.AUTH_SECRET,
  minFillSeconds: config.CONTACT_MIN_FILL_SECONDS,
});

export type ContactResult = { ok: true } | { ok: false; status: number; error: string; fieldErrors?: FormErrors };

const textField = (input: unknown, name: string): string => {
  const value = typeof input === "object" && input !== null ? (input as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value : "";
};

/**
 * Keeps a shopper's message and queues it to the owner in one transaction, so a
 * message is never emailed without being stored. An address that cannot be used does
 * not lose the message: a reply-to the mail server could not take is left out, and an
 * email that cannot be sent is recorded as failed next to the stored message.
 *
 * A valid message the spam rules catch (core/contact-message.ts) gets the same answer,
 * so a bot learns nothing; it is kept aside with the reason, for the owner's Spam view,
 * and not emailed. The throttle counts it like any other.
 */
export async function sendContactMessage(
  { db, tenantId }: StoreScope,
  { clientIp }: { clientIp: string },
  input: unknown,
  guard: ContactFormGuard,
): Promise<ContactResult> {
  const parsed = parseWith(contactMessageSchema, input);
  if (!parsed.ok) {
    const error = Object.values(parsed.errors)[0] ?? "Please check the form";
    return { ok: false, status: 400, error, fieldErrors: parsed.errors };
  }
  if (!(await consumeAttempt(db, storeClientKey("contact", tenantId, clientIp), CONTACT_PER_CLIENT))) {
    return { ok: false, status: 429, error: TOO_MANY_ATTEMPTS };
  }
  const message = parsed.value;
  const verdict = judgeContactSubmission({
    honeypot: textField(input, CONTACT_HONEYPOT_FIELD),
    shownAt: readContactFormToken(guard.secret, tenantId, textField(input, CONTACT_FORM_TOKEN_FIELD)),
    sentAt: new Date(),
    minFillSeconds: guard.minFillSeconds,
  });
  if (verdict.spam) {
    await db.insert(contactMessages).values({ tenantId, ...message, spam: true, spamReason: verdict.reason });
    return { ok: true };
  }
  await db.transaction(async (tx) => {
    const settings = await getStoreSettings({ db: tx, tenantId });
    const [row] = await tx
      .insert(contactMessages)
      .values({ tenantId, ...message })
      .returning({ id: contactMessages.id });
    const details = [`Name: ${message.name}`, `Email: ${message.email}`, `Phone: ${message.phone || "—"}`];
    await enqueueEmailOrRecordFailure(tx, {
      tenantId,
      kind: "contact",
      dedupeKey: `contact:${row!.id}`,
      to: settings.contactEmail,
      replyTo: message.email,
      subject: "New Contact Form Submission",
      text: `${details.join("\n")}\n\n${message.message}\n`,
      html: `<div style="font-family:Georgia,serif;color:#1F1E1D;max-width:600px">
<h1 style="font-size:22px;font-weight:normal">New message from your shop</h1>
<p>${details.map(escapeHtml).join("<br>")}</p>
<p style="white-space:pre-wrap;border-left:3px solid #D4AF37;padding-left:12px">${escapeHtml(message.message)}</p>
<p style="color:#666">Reply to this email to answer ${escapeHtml(message.name)} directly.</p>
</div>`,
    });
  });
  return { ok: true };
}
