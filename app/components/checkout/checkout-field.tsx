import type { InputHTMLAttributes } from "react";

interface CheckoutFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
}

/** A labelled input with its message underneath, tied together for screen readers. */
export function CheckoutField({ id, label, error, required = false, className = "", ...input }: CheckoutFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="border-ink/20 focus:border-ink focus-visible:outline-ink h-11 w-full rounded-lg border bg-white px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-1 aria-invalid:border-red-600"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
