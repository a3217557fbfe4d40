import { createHmac, timingSafeEqual } from "node:crypto";

// The contact page's form token: when the page showed the form, signed with the shop's
// secret (HMAC-SHA256), so a sender can neither make one up nor backdate one. It names
// the store too: one store's page does not vouch for a message to another.
// The shape is "<milliseconds since 1970>.<signature, base64url>".

const PURPOSE = "contact-form";

function signature(secret: string, tenantId: string, shownAtMs: number): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}\u0000${tenantId}\u0000${shownAtMs}`).digest();
}

/** A token saying the form was shown to a visitor of this store at `shownAt`. */
export function signContactFormToken(secret: string, tenantId: string, shownAt: Date): string {
  const shownAtMs = shownAt.getTime();
  return `${shownAtMs}.${signature(secret, tenantId, shownAtMs).toString("base64url")}`;
}

/** When the form was shown, if the token is this store's and genuine; null when missing, malformed or forged. */
export function readContactFormToken(secret: string, tenantId: string, token: unknown): Date | null {
  if (typeof token !== "string") return null;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const shownAtMs = Number(match[1]);
  const given = Buffer.from(match[2]!, "base64url");
  const expected = signature(secret, tenantId, shownAtMs);
  return given.length === expected.length && timingSafeEqual(given, expected) ? new Date(shownAtMs) : null;
}
