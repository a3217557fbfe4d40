import { useId, type InputHTMLAttributes } from "react";

/** A labelled input whose error message is tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  className = "",
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string }) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={
          "block h-11 w-full rounded-md border bg-white px-3 text-[15px] text-stone-900 shadow-xs transition-colors " +
          "placeholder:text-stone-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-900/20 " +
          (error ? "border-red-500 focus:border-red-600" : "border-stone-300 focus:border-stone-500")
        }
        {...input}
      />
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-xs text-stone-500">
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
