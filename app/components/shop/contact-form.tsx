import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import { Button } from "../ui/button.tsx";
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD, TOO_MANY_ATTEMPTS } from "../../../core/constants.ts";
import type { ContactMessage } from "../../../core/contact-message.ts";
import type { FormErrors } from "../../../core/forms.ts";
import { notify, notifyError } from "../../lib/notify.ts";

export type ContactActionResult =
  | { ok: true }
  | {
      ok: false;
      error: string;
      fieldErrors?: FormErrors;
      /** What was typed: a page drawn again from this answer (a post without JavaScript) keeps it. */
      values: Partial<Record<keyof ContactMessage, string>>;
    };

const fieldClass =
  "border-ink/15 focus:border-ink/40 focus:outline-brand h-12 w-full rounded-xl border bg-white px-4 focus:outline-2 focus:outline-offset-1 aria-invalid:border-red-600";

const SENT = "Message sent successfully!";
const FAILED = "Failed to send message. Please try again later.";

/** The first field with an error: the schema lists the fields in the form's order, and so do its errors. */
const firstInvalidField = (result: ContactActionResult | undefined) =>
  result && !result.ok && result.fieldErrors ? Object.keys(result.fieldErrors)[0] : undefined;

/**
 * The contact form: posts to the page's action, which stores the message and emails the owner.
 * `formToken` (from the page's loader) says when the form was shown; with the honeypot it
 * lets the action set bots' messages aside without asking people anything.
 *
 * With JavaScript it posts through a fetcher (a toast, no page load); without, the browser
 * posts it and the page is drawn again from the action's answer, which then stands until
 * the fetcher answers.
 */
export function ContactForm({ formToken }: { formToken: string }) {
  const fetcher = useFetcher<ContactActionResult>();
  const posted = useActionData<ContactActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const fetched = fetcher.state === "idle" ? fetcher.data : undefined;
  const result = fetcher.data === undefined ? posted : fetched;
  const failure = result && !result.ok ? result : undefined;
  const fieldErrors = failure?.fieldErrors ?? {};
  const firstInvalid = firstInvalidField(result);

  useEffect(() => {
    if (!fetched) return;
    if (fetched.ok) {
      notify(SENT);
      form.current?.reset();
    } else if (fetched.fieldErrors) {
      // Keyboard and screen-reader users land on the first problem, which reads its message.
      document.getElementById(`contact-${firstInvalidField(fetched)}`)?.focus();
    } else {
      notifyError(fetched.error === TOO_MANY_ATTEMPTS ? fetched.error : FAILED);
    }
  }, [fetched]);

  const field = (name: keyof ContactMessage) => ({
    name,
    defaultValue: failure?.values[name],
    // A page drawn again after a post without JavaScript opens on the first problem (autofocus
    // acts only when a field first appears, so it never takes focus from someone typing).
    autoFocus: name === firstInvalid,
    "aria-invalid": fieldErrors[name] ? true : undefined,
    "aria-describedby": fieldErrors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: keyof ContactMessage) =>
    fieldErrors[name] ? (
      <p id={`contact-${name}-error`} className="text-sm text-red-700">
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <fetcher.Form
      ref={form}
      id="contact-form"
      method="post"
      className="border-ink/10 scroll-mt-28 rounded-3xl border bg-white p-6 shadow-sm sm:p-10"
    >
      <h2 id="contact-form-heading" className="font-serif text-3xl">
        Send a Message
      </h2>
      <p className="text-ink/70 mt-2 text-sm">Fields marked * are required.</p>
      <input type="hidden" name={CONTACT_FORM_TOKEN_FIELD} value={formToken} />
      {/* The honeypot: off-screen rather than display:none (which bots skip), out of the tab
          order and hidden from screen readers, so only a bot fills it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          type="text"
          name={CONTACT_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <label htmlFor="contact-name" className="text-sm font-medium">
            Name *
          </label>
          <input
            id="contact-name"
            {...field("name")}
            required
            maxLength={100}
            autoComplete="name"
            className={fieldClass}
          />
          {error("name")}
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor="contact-email" className="text-sm font-medium">
            Email *
          </label>
          <input
            id="contact-email"
            {...field("email")}
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            className={fieldClass}
          />
          {error("email")}
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <label htmlFor="contact-phone" className="text-sm font-medium">
            Phone <span className="text-ink/70 font-normal">(optional)</span>
          </label>
          <input
            id="contact-phone"
            {...field("phone")}
            type="tel"
            maxLength={30}
            autoComplete="tel"
            className={fieldClass}
          />
          {error("phone")}
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <label htmlFor="contact-message" className="text-sm font-medium">
            Message *
          </label>
          <textarea
            id="contact-message"
            {...field("message")}
            required
            maxLength={5000}
            rows={6}
            className={`${fieldClass} h-auto py-3`}
            placeholder="Tell us about the piece you have in mind…"
          />
          {error("message")}
        </div>
      </div>
      {failure && !failure.fieldErrors && (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {failure.error === TOO_MANY_ATTEMPTS ? failure.error : FAILED}
        </p>
      )}
      {/* With JavaScript a toast says so; a page drawn after a post without it says so here. */}
      {result?.ok && result === posted && (
        <p role="status" className="mt-6 rounded-lg border border-green-700/30 bg-green-50 p-3 text-sm text-green-900">
          {SENT}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-8 w-full sm:w-auto" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}
