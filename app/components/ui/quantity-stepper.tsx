import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { MAX_LINE_QUANTITY } from "../../../core/constants.ts";

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /**
   * Names the line for screen readers, e.g. "Quantity of Market Tote"; its buttons then read
   * "Decrease quantity of Market Tote" and "Increase quantity of Market Tote".
   */
  label: string;
  min?: number;
  size?: "sm" | "md";
}

/**
 * Minus / value / plus; minus is disabled at the minimum, plus at MAX_LINE_QUANTITY, the most the
 * checkout takes (spec §5 sets no maximum, but larger orders are custom orders): a note then says
 * so and leads to the contact page.
 */
export function QuantityStepper({ value, onChange, label, min = 1, size = "md" }: QuantityStepperProps) {
  const noteId = useId();
  const atMax = value >= MAX_LINE_QUANTITY;
  // A cart has a pair of buttons per line: each says whose quantity it changes.
  const quantityOf = label.charAt(0).toLowerCase() + label.slice(1);
  const box = size === "sm" ? "h-9 w-9" : "h-11 w-11";
  const button =
    `${box} inline-flex items-center justify-center text-ink transition-colors hover:bg-ink/5 ` +
    "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-35";
  return (
    <div className="inline-flex flex-col items-start">
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
          aria-label={`Decrease ${quantityOf}`}
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
          disabled={atMax}
          aria-label={`Increase ${quantityOf}`}
          aria-describedby={atMax ? noteId : undefined}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      {/* Always present, so screen readers announce the note when it appears. */}
      <p id={noteId} aria-live="polite" className="text-ink/70 text-xs">
        {atMax && (
          <span className="mt-1 block">
            For more than {MAX_LINE_QUANTITY}, please{" "}
            <Link to="/contact" className="hover:text-ink underline underline-offset-2">
              contact us
            </Link>
          </span>
        )}
      </p>
    </div>
  );
}
