import { Check } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
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

const CLOSE_UP_WIDTH_PX = 208;
const CLOSE_UP_HEIGHT_PX = 252;
const CLOSE_UP_GAP_PX = 8;

interface CloseUpPlace {
  left: number;
  /** Above the swatches when there is room under the fixed header, else below them. */
  above: boolean;
}

/** Where the close-up goes: in line with the swatch, never over any swatch. */
function placeCloseUp(area: HTMLElement, swatch: HTMLElement): CloseUpPlace {
  const maxLeft = Math.max(0, area.clientWidth - CLOSE_UP_WIDTH_PX);
  const left = Math.min(Math.max(0, swatch.offsetLeft), maxLeft);
  const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  const above = area.getBoundingClientRect().top - headerBottom >= CLOSE_UP_HEIGHT_PX + CLOSE_UP_GAP_PX;
  return { left, above };
}

function Swatch({ fabric, size, dimmed }: { fabric: FabricOptionView; size: number; dimmed?: boolean }) {
  return (
    <span
      className={`border-ink/10 block h-full w-full overflow-hidden rounded-lg border${dimmed ? " opacity-50 grayscale" : ""}`}
      style={{ backgroundImage: SWATCH_PATTERN }}
    >
      {fabric.swatchUrl && fabric.code !== DEFAULT_FABRIC_CODE && (
        <FallbackImage
          src={fabric.swatchUrl}
          alt=""
          width={size}
          height={size}
          sizes={`${size}px`}
          className="h-full w-full object-cover"
        />
      )}
    </span>
  );
}

/**
 * Native radio buttons (arrow keys move between them), each showing swatch, name and
 * upcharge. A fabric out of stock stays in view but its radio is disabled (arrow keys skip
 * it) and marked 'Out of stock', which is also part of its accessible description.
 *
 * A swatch is too small to read a print, so pointing at one, tapping it or reaching it by
 * keyboard shows a close-up with the fabric's name, placed above (or below) all swatches so
 * it never hides the ones being compared. It is decoration for sighted shoppers: the radio
 * already carries the name. Escape hides it.
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
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [place, setPlace] = useState<CloseUpPlace | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const swatches = useRef(new Map<string, HTMLElement>());
  const lastPointer = useRef<string>("");
  const shown = fabrics.find((fabric) => fabric.code === (hovered ?? focused));

  useLayoutEffect(() => {
    const swatch = shown && swatches.current.get(shown.code);
    setPlace(swatch && area.current ? placeCloseUp(area.current, swatch) : null);
  }, [shown]);

  // Escape hides it, wherever focus is (it may be showing for the mouse alone).
  const showing = shown !== undefined;
  useEffect(() => {
    if (!showing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setHovered(null);
      setFocused(null);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [showing]);

  return (
    <fieldset>
      <legend className="text-sm font-medium">
        Fabric{selected && <span className="text-ink/70 font-normal">: {selected.label}</span>}
      </legend>
      <div ref={area} className="relative mt-3">
        <div className="grid grid-cols-2 gap-3">
          {fabrics.map((fabric) => {
            const upchargeId = `fabric-upcharge-${fabric.code}`;
            const stockId = `fabric-stock-${fabric.code}`;
            const describedBy = [fabric.upchargeCents > 0 && upchargeId, !fabric.inStock && stockId]
              .filter(Boolean)
              .join(" ");
            return (
              <label
                key={fabric.code}
                ref={(element) => {
                  if (element) swatches.current.set(fabric.code, element);
                  else swatches.current.delete(fabric.code);
                }}
                onPointerDown={(event) => {
                  lastPointer.current = event.pointerType;
                  // A tap on the fabric already chosen moves no focus, yet should show it.
                  if (event.pointerType !== "mouse") setFocused(fabric.code);
                }}
                onPointerEnter={(event) => {
                  if (event.pointerType === "mouse") setHovered(fabric.code);
                }}
                onPointerLeave={(event) => {
                  if (event.pointerType === "mouse") setHovered((code) => (code === fabric.code ? null : code));
                }}
                className="group border-ink/15 has-[:checked]:border-ink has-[:checked]:ring-ink has-[:focus-visible]:outline-ink has-[:disabled]:bg-ink/[0.03] flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border bg-white p-2 transition hover:border-ink/40 has-[:checked]:ring-1 has-[:disabled]:cursor-not-allowed has-[:disabled]:hover:border-ink/15 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
              >
                <input
                  type="radio"
                  name="fabric"
                  value={fabric.code}
                  checked={value === fabric.code}
                  disabled={!fabric.inStock}
                  onChange={() => onChange(fabric.code)}
                  onFocus={(event) => {
                    // Keyboard focus or a tap shows the close-up; a mouse click has the hover.
                    if (event.currentTarget.matches(":focus-visible") || lastPointer.current !== "mouse") {
                      setFocused(fabric.code);
                    }
                    lastPointer.current = "";
                  }}
                  onBlur={() => setFocused((code) => (code === fabric.code ? null : code))}
                  aria-label={fabric.label}
                  aria-describedby={describedBy || undefined}
                  className="sr-only"
                />
                <span className="relative size-16 shrink-0">
                  <Swatch fabric={fabric} size={64} dimmed={!fabric.inStock} />
                  {/* The choice shows by a mark as well as by the border. */}
                  <span className="bg-ink text-paper ring-paper absolute -top-1.5 -right-1.5 hidden size-6 items-center justify-center rounded-full ring-2 group-has-[:checked]:flex">
                    <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                  </span>
                </span>
                <span className="flex min-w-0 flex-col leading-tight">
                  <span className="text-sm font-medium group-has-[:checked]:font-semibold">{fabric.label}</span>
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
        {shown && place && (
          <figure
            aria-hidden="true"
            data-testid="fabric-close-up"
            className={`border-ink/10 bg-paper pointer-events-none absolute z-20 rounded-2xl border p-2 shadow-xl ${place.above ? "bottom-full mb-2" : "top-full mt-2"}`}
            style={{ left: place.left, width: CLOSE_UP_WIDTH_PX }}
          >
            <span className="block size-48">
              <Swatch fabric={shown} size={192} dimmed={!shown.inStock} />
            </span>
            <figcaption className="mt-2 truncate px-1 text-sm font-medium">{shown.label}</figcaption>
          </figure>
        )}
      </div>
    </fieldset>
  );
}
