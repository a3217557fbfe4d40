import { Minus, Plus } from "lucide-react";

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Names the product for screen readers, e.g. "Quantity of Market Tote". */
  label: string;
  min?: number;
  size?: "sm" | "md";
}

/** Minus / value / plus; minus is disabled at the minimum, there is no maximum (spec §5). */
export function QuantityStepper({ value, onChange, label, min = 1, size = "md" }: QuantityStepperProps) {
  const box = size === "sm" ? "h-9 w-9" : "h-11 w-11";
  const button =
    `${box} inline-flex items-center justify-center text-ink transition-colors hover:bg-ink/5 ` +
    "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-35";
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex items-center rounded-full border border-ink/20 bg-white"
    >
      <button
        type="button"
        className={`${button} rounded-l-full`}
        onClick={() => onChange(value - 1)}
        disabled={value <= min}
        aria-label="Decrease quantity"
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output
        aria-live="polite"
        aria-label="Quantity"
        className={`${size === "sm" ? "w-8" : "w-10"} text-center font-medium tabular-nums`}
      >
        {value}
      </output>
      <button
        type="button"
        className={`${button} rounded-r-full`}
        onClick={() => onChange(value + 1)}
        aria-label="Increase quantity"
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
