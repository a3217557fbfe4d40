import { z } from "zod";

// The one rule for email addresses, used by every form, by the outbox and by the sender.
//
// Internationalised addresses ARE accepted: a local part in any script (RFC 6531,
// SMTPUTF8, e.g. josé@example.com) and a domain in any script (IDNA, e.g.
// ü@exämple.com). Customers own such addresses, and refusing them would turn away
// real orders. What is refused is what no mail system can deliver to, or what could
// be read as something else in a header:
//   - anything but exactly one "@";
//   - a local part that is not a dot-atom: empty, a leading, trailing or doubled dot,
//     quotes, angle brackets, commas, semicolons, colons, brackets, backslashes, spaces,
//     control characters, invisible formatting characters or lone surrogates;
//   - a local part over 64 octets, or an address over 254 octets as sent over SMTP;
//   - a domain without a dot, with a label that is not letters, digits and inner
//     hyphens once converted to ASCII (or over 63 octets), a numeric top-level domain
//     (an IP address), or anything the IDNA conversion refuses.
// Addresses are kept in Unicode NFC with the domain lower-cased; smtpAddress gives the
// form handed to the mail server. The conversion uses the URL parser, which does IDNA
// (UTS #46) in browsers and in Node alike, so the browser's instant message and the
// server's answer agree.

export const EMAIL_ADDRESS_MESSAGE = "Please enter a valid email address";

const MAX_LOCAL_OCTETS = 64;
const MAX_ADDRESS_OCTETS = 254;
const MAX_DOMAIN_OCTETS = 253;

// RFC 5322 atext, ASCII part. Everything else in ASCII (space, quotes, "(),:;<>@[\]")
// would need quoting, which this rule does not allow.
const ASCII_ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]$/;
// Beyond ASCII: any character but controls, formatting, surrogates, private use,
// unassigned code points (\p{C}) and separators (\p{Z}).
const NON_ASCII_UNUSABLE = /[\p{C}\p{Z}]/u;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const DOMAIN_ASCII = /^[A-Za-z0-9.-]$/;

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/** Splits at the one "@"; null when there is none or more than one. */
function split(address: string): { local: string; domain: string } | null {
  const at = address.indexOf("@");
  if (at <= 0 || at !== address.lastIndexOf("@")) return null;
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/**
 * Trimmed, Unicode NFC, domain lower-cased: one address has one spelling. The local
 * part keeps its case; mail servers may treat it as case-sensitive.
 */
export function normalizeEmailAddress(value: string): string {
  const address = value.normalize("NFC").trim();
  const parts = split(address);
  return parts ? `${parts.local}@${parts.domain.toLowerCase()}` : address;
}

function isLocalPart(local: string): boolean {
  if (local === "" || utf8Length(local) > MAX_LOCAL_OCTETS) return false;
  for (const atom of local.split(".")) {
    if (atom === "") return false;
    for (const char of atom) {
      if (char.charCodeAt(0) < 0x80 ? !ASCII_ATEXT.test(char) : NON_ASCII_UNUSABLE.test(char)) return false;
    }
  }
  return true;
}

/** The domain in ASCII (A-labels), or null when it is not a domain mail can go to. */
export function asciiDomain(domain: string): string | null {
  if (domain === "" || domain.includes("..")) return null;
  for (const char of domain) {
    // ASCII other than letters, digits, hyphens and dots would change how the URL parser
    // reads the host ("%" decodes, ":" starts a port, "[" an IPv6 literal).
    if (char.charCodeAt(0) < 0x80 ? !DOMAIN_ASCII.test(char) : NON_ASCII_UNUSABLE.test(char)) return null;
  }
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  const labels = ascii.split(".");
  // IDNA maps look-alike dots ("。") to ".": a domain must already be written with dots.
  if (labels.length < 2 || labels.length !== domain.split(".").length) return null;
  if (ascii.length > MAX_DOMAIN_OCTETS) return null;
  if (!labels.every((label) => LDH_LABEL.test(label))) return null;
  return TOP_LEVEL_LABEL.test(labels[labels.length - 1]!) ? ascii : null;
}

/** Whether a value is an address this shop accepts and can hand to a mail server. */
export function isEmailAddress(value: string): boolean {
  const parts = split(value);
  if (!parts || !isLocalPart(parts.local)) return false;
  const domain = asciiDomain(parts.domain);
  return domain !== null && utf8Length(parts.local) + 1 + domain.length <= MAX_ADDRESS_OCTETS;
}

/**
 * The address as handed to the mail server: the local part as typed, the domain in
 * ASCII (what DNS and every SMTP server understand). Throws for an address that
 * isEmailAddress refuses.
 */
export function smtpAddress(address: string): string {
  const normalized = normalizeEmailAddress(address);
  const parts = split(normalized);
  const domain = parts && isEmailAddress(normalized) ? asciiDomain(parts.domain) : null;
  if (!parts || domain === null) throw new Error(`Not an address email can be sent to: ${JSON.stringify(address)}`);
  return `${parts.local}@${domain}`;
}

/** Whether sending to this address needs a server that offers SMTPUTF8 (a local part beyond ASCII). */
export function needsSmtpUtf8(address: string): boolean {
  const local = split(address)?.local ?? address;
  return /\P{ASCII}/u.test(local);
}

/**
 * A form field holding an email address: normalised, then checked by the rule above.
 * `empty` is the message for an empty field when it differs from the invalid one.
 */
export function emailAddress(message: string = EMAIL_ADDRESS_MESSAGE, { empty }: { empty?: string } = {}) {
  const base = z.string({ error: empty ?? message }).overwrite(normalizeEmailAddress);
  return (empty ? base.min(1, empty) : base).refine(isEmailAddress, message);
}
