import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { isEmailAddress, normalizeEmailAddress } from "../../core/email.ts";
import { hasLoneSurrogates } from "../../core/text.ts";
import type { Database } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";

/** A database or an open transaction: an email is queued together with the event that causes it. */
export type Queryable = Pick<Database, "insert">;

export interface OutgoingEmail {
  tenantId: string;
  /** What the email is, e.g. "password-reset", "order-confirmation"; kept for logs and diagnosis. */
  kind: string;
  /** Enqueueing the same key twice for a store queues one email: repeated events send nothing twice. */
  dedupeKey: string;
  /** The order the email is about: it appears on that order's timeline. */
  orderId?: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

// Addresses and the subject become mail headers. A CR or LF in any of them could
// add headers or recipients, so such input is refused rather than cleaned; the
// address rule (core/email.ts) refuses every control character.
const headerSafe = (value: string) => !/[\r\n]/.test(value);
// PostgreSQL cannot store NUL, and a lone surrogate cannot be encoded: both are bugs here.
const storable = (value: string) => !value.includes("\u0000") && !hasLoneSurrogates(value);
const address = z
  .string()
  .overwrite(normalizeEmailAddress)
  .refine(isEmailAddress, "not an address email can be sent to");

export const outgoingEmailSchema = z.object({
  tenantId: z.string().min(1),
  kind: z.string().min(1).max(100),
  dedupeKey: z.string().min(1).max(500),
  orderId: z.uuid().optional(),
  to: address,
  replyTo: address.optional(),
  subject: z.string().min(1).max(998).refine(headerSafe, "must be a single line").refine(storable),
  html: z.string().refine(storable),
  text: z.string().refine(storable),
});

const withoutAddresses = outgoingEmailSchema.omit({ to: true, replyTo: true });

export class InvalidEmailError extends Error {
  override name = "InvalidEmailError";
}

function parseOutgoing<T extends z.ZodType>(schema: T, email: OutgoingEmail): z.output<T> {
  const parsed = schema.safeParse(email);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new InvalidEmailError(`Refusing to queue email "${email.kind}": invalid ${fields}`);
  }
  return parsed.data;
}

/**
 * Queues an email for the background sender. Idempotent per (tenant, dedupeKey):
 * a second call with the same key does nothing, so callers may retry freely.
 * Throws InvalidEmailError for anything malformed, addresses included.
 */
export async function enqueueEmail(db: Queryable, email: OutgoingEmail): Promise<void> {
  const { tenantId, kind, dedupeKey, orderId, to, replyTo, subject, html, text } = parseOutgoing(
    outgoingEmailSchema,
    email,
  );
  await db
    .insert(emailOutbox)
    .values({
      tenantId,
      kind,
      dedupeKey,
      orderId: orderId ?? null,
      toAddress: to,
      replyTo: replyTo ?? null,
      subject,
      html,
      text,
    })
    .onConflictDoNothing({ target: [emailOutbox.tenantId, emailOutbox.dedupeKey] });
}

export type EnqueueOutcome = { queued: true } | { queued: false; reason: string };

/** An address as it can be shown and stored whatever it holds: control characters and lone surrogates escaped. */
export function printableAddress(value: string): string {
  return [...value]
    .slice(0, 254)
    .map((char) => {
      const code = char.charCodeAt(0);
      // A whole pair is one character of two units; a unit alone is a lone surrogate.
      const lone = char.length === 1 && code >= 0xd800 && code <= 0xdfff;
      const unusable = code < 0x20 || (code >= 0x7f && code <= 0x9f) || lone;
      return unusable ? `\\u${code.toString(16).padStart(4, "0")}` : char;
    })
    .join("");
}

/**
 * Queues an email whose addresses come from a shopper, where the event that causes it
 * (a paid order, a message) must go ahead whether or not the email can be sent. A
 * reply-to that is not a usable address is left out; a recipient that is not one
 * leaves the email recorded as failed, with the reason, for the owner to see, and it
 * is never attempted. Anything else malformed is a bug and throws like enqueueEmail.
 */
export async function enqueueEmailOrRecordFailure(db: Queryable, email: OutgoingEmail): Promise<EnqueueOutcome> {
  const replyTo =
    email.replyTo !== undefined && isEmailAddress(normalizeEmailAddress(email.replyTo)) ? email.replyTo : undefined;
  const recipient = normalizeEmailAddress(email.to);
  if (isEmailAddress(recipient)) {
    await enqueueEmail(db, { ...email, replyTo });
    return { queued: true };
  }
  const shown = printableAddress(recipient);
  const reason = `Not sent: "${shown}" is not an address email can be sent to`;
  const { tenantId, kind, dedupeKey, orderId, subject, html, text } = parseOutgoing(withoutAddresses, email);
  await db
    .insert(emailOutbox)
    .values({
      tenantId,
      kind,
      dedupeKey,
      orderId: orderId ?? null,
      toAddress: shown,
      replyTo: replyTo ?? null,
      subject,
      html,
      text,
      status: "failed",
      lastError: reason,
    })
    .onConflictDoNothing({ target: [emailOutbox.tenantId, emailOutbox.dedupeKey] });
  return { queued: false, reason };
}

export type RetryOutcome = "queued" | "not-failed" | "not-found";

/**
 * Puts a failed email back in the queue, due now, with a fresh allowance of attempts: the
 * owner's retry once the cause (SMTP settings, a mail server down) is mended. The last
 * error stays until the sender succeeds, so the reason remains visible meanwhile.
 */
export async function retryFailedEmail(db: Database, tenantId: string, emailId: string): Promise<RetryOutcome> {
  if (!z.uuid().safeParse(emailId).success) return "not-found";
  const retried = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(emailOutbox.tenantId, tenantId), eq(emailOutbox.id, emailId), eq(emailOutbox.status, "failed")))
    .returning({ id: emailOutbox.id });
  if (retried.length > 0) return "queued";
  const [existing] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.tenantId, tenantId), eq(emailOutbox.id, emailId)));
  return existing ? "not-failed" : "not-found";
}
