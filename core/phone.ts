import { z } from "zod";
import { normalizeText } from "./text.ts";

// Shoppers' phone numbers (checkout, contact form): US numbers of 10 digits, written
// however people and browser autofill write them, stored in one form.

export const PHONE_MESSAGE = "Please enter a valid phone number";

/** Longer than any writing the pattern admits: refused before the pattern runs. */
const MAX_PHONE_LENGTH = 30;

// An optional country code (+1 or 1), the area code with or without parentheses, then
// 3 and 4 digits. Between the groups at most one space, dot or dash (a space may also
// follow the closing parenthesis or the country code). Letters, other characters and
// other digit counts are not a US number.
const US_PHONE = /^(?:\+?1[ .-]?)?(?:\((\d{3})\) ?|(\d{3})[ .-]?)(\d{3})[ .-]?(\d{4})$/;

/**
 * A US phone number in its stored form, "303-555-0142"; null when the text is not one.
 * Accepts "(303) 555-0142", "303.555.0142", "303 555 0142", "3035550142", "+1 303 555 0142",
 * "1-303-555-0142" and the like.
 */
export function normalizeUsPhone(value: string): string | null {
  const text = normalizeText(value);
  if (text.length > MAX_PHONE_LENGTH) return null;
  const match = US_PHONE.exec(text);
  if (!match) return null;
  const [, parenthesised, plain, exchange, line] = match;
  return `${parenthesised ?? plain}-${exchange}-${line}`;
}

/** An optional phone field: "" when left empty, otherwise a valid number in its stored form. */
export function optionalPhoneField() {
  return z
    .string({ error: PHONE_MESSAGE })
    .overwrite(normalizeText)
    .refine((value) => value === "" || normalizeUsPhone(value) !== null, PHONE_MESSAGE)
    .overwrite((value) => (value === "" ? value : (normalizeUsPhone(value) ?? value)));
}
