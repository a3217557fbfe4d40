import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

// The admin's form fields: a label, the control, a hint, and an error message tied to
// the control for screen readers. One frame, three controls.

interface FrameProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

const controlClass = (error: string | undefined) =>
  "block w-full rounded-md border bg-white px-3 text-[15px] text-stone-900 shadow-xs transition-colors " +
  "placeholder:text-stone-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-900/20 " +
  (error ? "border-red-500 focus:border-red-600" : "border-stone-300 focus:border-stone-500");

function FieldFrame({
  label,
  error,
  hint,
  className = "",
  children,
}: FrameProps & {
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs wrap-anywhere text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={messageId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input. */
export function Field({ label, error, hint, className, ...input }: InputHTMLAttributes<HTMLInputElement> & FrameProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} className={`h-11 ${controlClass(error)}`} {...input} />}
    </FieldFrame>
  );
}

/** A labelled multi-line text. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FrameProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea {...control} className={`min-h-28 py-2 ${controlClass(error)}`} {...textarea} />}
    </FieldFrame>
  );
}

/** A labelled choice from a list. */
export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & FrameProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...control} className={`h-11 ${controlClass(error)}`} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
