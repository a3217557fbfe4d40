import type { z } from "zod";

// The one way a form's problems are told: zod issues become one message per field,
// the same on the browser (instant messages) and in the action (the truth, status 400).

/** Field messages by field path ("fabrics.2.code" for nested fields); "form" holds messages about the form as a whole. */
export type FormErrors = Partial<Record<string, string>>;

/** The first message for each field path. */
export function formErrorsFrom(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Validates a value with a schema into either the parsed value or the first message per field. */
export function parseWith<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; value: z.output<T> } | { ok: false; errors: FormErrors } {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: formErrorsFrom(result.error) };
}

/** Parses submitted form data (its text fields) with a schema. */
export function parseForm<T extends z.ZodType>(schema: T, formData: FormData) {
  const input = Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === "string"));
  return parseWith(schema, input);
}

/** The messages that remain once `fields` changed: a corrected field (and any field nested in it) loses its message. */
export function withoutErrorsFor(errors: FormErrors, fields: readonly string[]): FormErrors {
  const remaining = { ...errors };
  for (const field of Object.keys(remaining)) {
    if (fields.some((changed) => field === changed || field.startsWith(`${changed}.`))) delete remaining[field];
  }
  return remaining;
}
