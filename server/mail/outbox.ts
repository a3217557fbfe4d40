import { z } from "zod";
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
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

// Addresses and the subject become mail headers. A CR or LF in any of them could
// add headers or recipients, so such input is refused rather than cleaned.
const headerSafe = (value: string) => !/[\r\n]/.test(value);
const address = z.email().max(254).refine(headerSafe);

export const outgoingEmailSchema = z.object({
  tenantId: z.string().min(1),
  kind: z.string().min(1).max(100),
  dedupeKey: z.string().min(1).max(500),
  to: address,
  replyTo: address.optional(),
  subject: z.string().min(1).max(998).refine(headerSafe, "must be a single line"),
  html: z.string(),
  text: z.string(),
});

export class InvalidEmailError extends Error {
  override name = "InvalidEmailError";
}

/**
 * Queues an email for the background sender. Idempotent per (tenant, dedupeKey):
 * a second call with the same key does nothing, so callers may retry freely.
 */
export async function enqueueEmail(db: Queryable, email: OutgoingEmail): Promise<void> {
  const parsed = outgoingEmailSchema.safeParse(email);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new InvalidEmailError(`Refusing to queue email "${email.kind}": invalid ${fields}`);
  }
  const { tenantId, kind, dedupeKey, to, replyTo, subject, html, text } = parsed.data;
  await db
    .insert(emailOutbox)
    .values({ tenantId, kind, dedupeKey, toAddress: to, replyTo: replyTo ?? null, subject, html, text })
    .onConflictDoNothing({ target: [emailOutbox.tenantId, emailOutbox.dedupeKey] });
}
