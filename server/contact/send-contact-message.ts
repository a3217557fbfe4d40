import { contactMessageSchema } from "../../core/contact-message.ts";
import { TOO_MANY_ATTEMPTS } from "../../core/constants.ts";
import { parseWith, type FormErrors } from "../../core/forms.ts";
import { consumeAttempt, storeClientKey, type ThrottleRule } from "../http/throttle.ts";
import { getStoreSettings } from "../catalog/store-settings.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { contactMessages } from "../db/schema.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { enqueueEmailOrRecordFailure } from "../mail/outbox.ts";

/** Messages one client may send in a window: plenty for a person, too few for a spammer. */
export const CONTACT_PER_CLIENT: ThrottleRule = { max: 5, windowSeconds: 10 * 60 };

export type ContactResult = { ok: true } | { ok: false; status: number; error: string; fieldErrors?: FormErrors };

/**
 * Keeps a shopper's message and queues it to the owner in one transaction, so a
 * message is never emailed without being stored. An address that cannot be used does
 * not lose the message: a reply-to the mail server could not take is left out, and an
 * email that cannot be sent is recorded as failed next to the stored message.
 */
export async function sendContactMessage(
  { db, tenantId }: StoreScope,
  { clientIp }: { clientIp: string },
  input: unknown,
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
