import { z } from "zod";

// Text as people type it, made safe at the edge: every field of every form goes
// through normalizeText and one of the checks below before anything stores or sends it.

/**
 * True when a value holds a control character (line breaks included): C0, DEL and
 * the C1 range, where U+0085 is a line break to some software. Names, addresses and
 * subjects never need one, and a CR/LF could break out of an email header.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Multi-line text (notes, messages) may hold line breaks and tabs but no other
 * control character; PostgreSQL refuses NUL outright.
 */
export function hasStrayControlCharacters(value: string): boolean {
  return hasControlCharacters(value.replace(/[\t\n\r]/g, ""));
}

/**
 * True when a value holds half of a surrogate pair without the other half: not a
 * character at all, it cannot be encoded as UTF-8 and would reach the database or an
 * email as a replacement character or an error.
 */
export function hasLoneSurrogates(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/**
 * One spelling for one text: "é" typed as one character or as "e" plus an accent is
 * stored, compared and counted the same (Unicode NFC), without leading or trailing space.
 */
export function normalizeText(value: string): string {
  return value.normalize("NFC").trim();
}

/** Whether a normalised value may be kept: no lone surrogates, no control characters (but line breaks and tabs when multi-line). */
export function isCleanText(value: string, { multiLine = false }: { multiLine?: boolean } = {}): boolean {
  if (hasLoneSurrogates(value)) return false;
  return multiLine ? !hasStrayControlCharacters(value) : !hasControlCharacters(value);
}

export const SINGLE_LINE_MESSAGE = "Please remove line breaks and control characters";
export const MULTI_LINE_MESSAGE = "Please remove control characters";

export interface TextFieldOptions {
  /** An empty value is allowed (and kept as ""); otherwise "{label} is required". */
  optional?: boolean;
  /** The field's message for characters it cannot keep; by default one about control characters. */
  invalid?: string;
  /** The message for an empty required value; by default "{label} is required". */
  required?: string;
}

function textField(label: string, max: number, multiLine: boolean, options: TextFieldOptions) {
  const invalid = options.invalid ?? (multiLine ? MULTI_LINE_MESSAGE : SINGLE_LINE_MESSAGE);
  const required = options.required ?? `${label} is required`;
  const base = z.string({ error: options.optional ? `${label} must be text` : required }).overwrite(normalizeText);
  // Lengths are counted after normalising, so the same text always has the same length.
  return (options.optional ? base : base.min(1, required))
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => isCleanText(value, { multiLine }), invalid);
}

/** A one-line form field (a name, a street, a city): normalised, no line breaks or control characters. */
export function singleLineText(label: string, max: number, options: TextFieldOptions = {}) {
  return textField(label, max, false, options);
}

/** A multi-line form field (notes, a message): normalised, line breaks and tabs kept, other control characters refused. */
export function multiLineText(label: string, max: number, options: TextFieldOptions = {}) {
  return textField(label, max, true, options);
}
