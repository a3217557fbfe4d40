import { formatPrice } from "../../../core/money.ts";
import { DEFAULT_FABRIC_CODE } from "../../../core/constants.ts";
import { FallbackImage } from "../ui/fallback-image.tsx";

export interface FabricOptionView {
  code: string;
  label: string;
  swatchUrl: string;
  upchargeCents: number;
  /** False while the shop has none of it: shown, not selectable. */
  inStock: boolean;
}

export const OUT_OF_STOCK_TEXT = "Out of stock";

/** A woven-check pattern for fabrics without a swatch picture (e.g. the "default" fabric). */
const SWATCH_PATTERN =
  "repeating-linear-gradient(45deg, rgb(0 0 0 / 0.06) 0 6px, transparent 6px 12px), repeating-linear-gradient(-45deg, rgb(0 0 0 / 0.06) 0 6px, transparent 6px 12px)";

/**
 * Native radio buttons (arrow keys move between them), each showing swatch, name and
 * upcharge. A fabric out of stock stays in view but its radio is disabled (arrow keys skip
 * it) and marked 'Out of stock', which is also part of its accessible description.
 */
export function FabricPicker({
  fabrics,
  value,
  onChange,
}: {
  fabrics: FabricOptionView[];
  value: string | null;
  onChange: (code: string) => void;
}) {
  const selected = fabrics.find((fabric) => fabric.code === value);
  return (
    <fieldset>
      <legend className="text-sm font-medium">
        Fabric{selected && <span className="text-ink/70 font-normal">: {selected.label}</span>}
      </legend>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {fabrics.map((fabric) => {
          const upchargeId = `fabric-upcharge-${fabric.code}`;
          const stockId = `fabric-stock-${fabric.code}`;
          const describedBy = [fabric.upchargeCents > 0 && upchargeId, !fabric.inStock && stockId]
            .filter(Boolean)
            .join(" ");
          return (
            <label
              key={fabric.code}
              className="border-ink/15 has-[:checked]:border-ink has-[:checked]:ring-brand has-[:focus-visible]:outline-ink has-[:disabled]:bg-ink/[0.03] flex cursor-pointer items-center gap-3 rounded-xl border bg-white p-2.5 transition hover:border-ink/40 has-[:checked]:ring-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:hover:border-ink/15 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
            >
              <input
                type="radio"
                name="fabric"
                value={fabric.code}
                checked={value === fabric.code}
                disabled={!fabric.inStock}
                onChange={() => onChange(fabric.code)}
                aria-label={fabric.label}
                aria-describedby={describedBy || undefined}
                className="sr-only"
              />
              <span
                className={`border-ink/10 size-10 shrink-0 overflow-hidden rounded-full border${fabric.inStock ? "" : " opacity-50 grayscale"}`}
                style={{ backgroundImage: SWATCH_PATTERN }}
              >
                {fabric.swatchUrl && fabric.code !== DEFAULT_FABRIC_CODE && (
                  <FallbackImage
                    src={fabric.swatchUrl}
                    alt=""
                    width={40}
                    height={40}
                    sizes="40px"
                    className="h-full w-full object-cover"
                  />
                )}
              </span>
              <span className="flex min-w-0 flex-col leading-tight">
                <span className="text-sm font-medium">{fabric.label}</span>
                {fabric.upchargeCents > 0 && (
                  <span id={upchargeId} className="text-ink/65 text-xs">
                    +{formatPrice(fabric.upchargeCents)}
                  </span>
                )}
                {!fabric.inStock && (
                  <span id={stockId} className="text-xs font-medium text-red-800">
                    {OUT_OF_STOCK_TEXT}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
