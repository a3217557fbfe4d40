import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { parseWith, withoutErrorsFor, type FormErrors } from "../../../../core/forms.ts";
import {
  SETTINGS_SAVED_MESSAGE,
  type GeneralSettingsAnswer,
  type GeneralSettingsIntent,
  type GeneralSettingsValues,
} from "../../../../core/store-settings.ts";
import { notify } from "../../../lib/notify.ts";
import { AdminButton } from "../admin-button.tsx";
import { useReportUnsaved } from "../leave-guard.tsx";
import { Alert } from "../alert.tsx";

// One card of Settings › General: its own form, its own fetcher and intent, the shared
// schema for instant messages, the action's answer for the truth.

type TextValues = Record<string, string>;

/**
 * A card's form state. A refused save keeps what the owner typed and puts each message
 * under its field; a saved one takes the values as stored (colours normalised).
 */
export function useSettingsForm<V extends TextValues>(
  intent: GeneralSettingsIntent,
  initial: V,
  schema: z.ZodType,
  fromSettings: (settings: GeneralSettingsValues) => V,
) {
  const fetcher = useFetcher<GeneralSettingsAnswer>({ key: intent });
  const [values, setValues] = useState<V>(initial);
  /** The values as the store holds them: what the form shows after loading or saving. */
  const [saved, setSaved] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const saving = fetcher.state !== "idle";
  useReportUnsaved(intent, JSON.stringify(values) !== JSON.stringify(saved));

  const update = (patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrorsFor(current, Object.keys(patch)));
  };

  // Keyboard and screen-reader users land on the first field that needs them.
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  function save() {
    const checked = parseWith(schema, values);
    setFormError(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focusFirstInvalid();
    }
    submitted.current = true;
    void fetcher.submit({ intent, ...values }, { method: "post" });
  }

  // The action's answer, as it arrives (the effect's external system).
  useEffect(() => {
    if (fetcher.state !== "idle" || !submitted.current || !fetcher.data) return;
    submitted.current = false;
    const answer = fetcher.data;
    if (answer.ok) {
      /* eslint-disable react-hooks/set-state-in-effect -- acting on the fetcher's answer */
      const stored = fromSettings(answer.settings);
      setValues(stored);
      setSaved(stored);
      setErrors({});
      notify(SETTINGS_SAVED_MESSAGE);
    } else {
      setErrors(answer.fieldErrors);
      // Messages about no field in particular (an outage) show on the form.
      setFormError(Object.keys(answer.fieldErrors).length === 0 ? answer.error : null);
      /* eslint-enable react-hooks/set-state-in-effect */
      focusFirstInvalid();
    }
  }, [fetcher.state, fetcher.data, fromSettings]);

  const formProps = {
    ref: formRef,
    noValidate: true,
    "aria-busy": saving,
    onSubmit: (event: React.FormEvent) => {
      event.preventDefault();
      save();
    },
  };
  return { values, errors, formError, saving, update, formProps };
}

/** A settings card: heading, description, body and the save button with its busy label. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The bottom of a card's form: its error, if any, and its save button. */
export function SaveRow({ label, saving, error }: { label: string; saving: boolean; error: string | null }) {
  return (
    <div className="mt-6 space-y-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex justify-end">
        <AdminButton type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {saving ? "Saving..." : label}
        </AdminButton>
      </div>
    </div>
  );
}
