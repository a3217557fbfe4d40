import { CircleHelp, Info, Plus, Trash2 } from "lucide-react";
import { Switch, Tabs, Tooltip } from "radix-ui";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { DEFAULT_FABRIC_CODE } from "../../../../core/constants.ts";
import { parseWith, type FormErrors } from "../../../../core/forms.ts";
import { centsToDollars, formatPrice } from "../../../../core/money.ts";
import {
  FABRIC_FIELDS_MESSAGE,
  fabricAddedMessage,
  fabricCodeTakenMessage,
  newFabricOptionSchema,
  upchargeField,
  type FabricOptionInput,
  type ProductInput,
} from "../../../../core/product.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { AdminButton } from "../admin-button.tsx";
import { ConfirmDialog } from "../confirm-dialog.tsx";
import { Field } from "../field.tsx";
import { ImageInput } from "../image-input.tsx";
import type { LibraryFabric } from "./wizard-types.ts";

const SELECT_FROM_LIBRARY_MESSAGE = "Please select a fabric from the library";
const FABRIC_NOT_FOUND_MESSAGE = "Selected fabric not found";
/** The tooltip opens after the spec's hover delay (§9). */
const TOOLTIP_DELAY_MS = 700;

const tabClass =
  "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-stone-600 hover:text-stone-900 " +
  "focus-visible:outline-2 focus-visible:outline-stone-900 data-[state=active]:bg-stone-900 data-[state=active]:text-white";

/** Enter in a fabric field adds the fabric: it never saves the whole product. */
const enterRuns = (action: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  action();
};

/** A colour as a label: "navy" → "Navy". */
const colorLabel = (color: string) => color.charAt(0).toUpperCase() + color.slice(1);

/** Cents as the dollar text the wizard keeps (500 → "5.00"). */
const dollarsText = (cents: number) => centsToDollars(cents).toFixed(2);

/** An upcharge text as cents, for display; unreadable text counts as none. */
function upchargeCents(text: string): number {
  const parsed = upchargeField.safeParse(text);
  return parsed.success ? parsed.data : 0;
}

/** 'Enable fabric selection for this product', with its help tooltip and, when off, the default-fabric notice. */
export function FabricSelectionSwitch({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-3">
        <Switch.Root
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-stone-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 data-[state=checked]:bg-stone-900"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
        <label htmlFor={id} className="text-sm font-medium text-stone-900">
          Enable fabric selection for this product
        </label>
        <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
          <Tooltip.Root>
            <Tooltip.Trigger
              type="button"
              aria-label="About fabric selection"
              className="inline-flex size-7 items-center justify-center rounded-full text-stone-500 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900"
            >
              <CircleHelp aria-hidden className="size-4" />
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                sideOffset={6}
                className="z-50 max-w-xs rounded-md bg-stone-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg"
              >
                On: shoppers choose one of the fabrics you add here, each with its own upcharge and pictures. Off: the
                product is sold as it is, in one default fabric.
                <Tooltip.Arrow className="fill-stone-900" />
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Tooltip.Provider>
      </div>
      {checked ? null : (
        <p className="mt-3 flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm text-sky-900">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          Fabric selection is off: a default fabric option will be created automatically for this product.
        </p>
      )}
    </div>
  );
}

/** Step 3: the fabrics a shopper may choose, added from the library or typed in. */
export function FabricStep({
  values,
  errors,
  library,
  onChange,
  onSelectionOff,
}: {
  values: ProductInput;
  errors: FormErrors;
  library: LibraryFabric[];
  onChange: (patch: Partial<ProductInput>) => void;
  onSelectionOff: () => void;
}) {
  const [tab, setTab] = useState("selected");
  const fabrics = values.fabrics;
  const count = fabrics.length;
  const fabricErrors = Object.entries(errors).filter(([field]) => field.startsWith("fabrics"));

  /** Adds an option unless its code is taken; answers whether it was added. */
  function add(option: FabricOptionInput): boolean {
    const code = option.code.trim().toLowerCase();
    if (fabrics.some((fabric) => fabric.code.trim().toLowerCase() === code)) {
      notifyError(fabricCodeTakenMessage(option.code.trim()));
      return false;
    }
    onChange({ fabrics: [...fabrics, option] });
    notify(fabricAddedMessage(option.label.trim()));
    return true;
  }

  return (
    <div className="space-y-6">
      <FabricSelectionSwitch checked onCheckedChange={(on) => (on ? undefined : onSelectionOff())} />
      <p>
        <span className="inline-flex items-center rounded-full bg-stone-900 px-3 py-1 text-xs font-medium text-white">
          {count} Fabric(s) Selected
        </span>
      </p>
      {fabricErrors.length ? (
        <ul
          role="alert"
          className="space-y-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {fabricErrors.map(([field, message]) => (
            <li key={field}>{describeFabricError(field, message ?? "", fabrics)}</li>
          ))}
        </ul>
      ) : null}
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label="Fabric options"
          className="inline-flex flex-wrap rounded-lg border border-stone-200 bg-white p-1 shadow-xs"
        >
          <Tabs.Trigger value="selected" className={tabClass}>
            View Selected Fabrics ({count})
          </Tabs.Trigger>
          <Tabs.Trigger value="add" className={tabClass}>
            Add Fabric from Catalog
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="selected" className="mt-5">
          <SelectedFabrics
            fabrics={fabrics}
            onRemove={(index) => onChange({ fabrics: fabrics.filter((_, position) => position !== index) })}
            onAdd={() => setTab("add")}
          />
        </Tabs.Content>
        <Tabs.Content value="add" className="mt-5">
          <Tabs.Root defaultValue="library">
            <Tabs.List
              aria-label="Add a fabric"
              className="inline-flex rounded-lg border border-stone-200 bg-stone-50 p-1"
            >
              <Tabs.Trigger value="library" className={tabClass}>
                Select from Library
              </Tabs.Trigger>
              <Tabs.Trigger value="manual" className={tabClass}>
                Manual Entry
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="library" className="mt-5">
              <LibraryPicker library={library} onAdd={add} />
            </Tabs.Content>
            <Tabs.Content value="manual" className="mt-5">
              <ManualEntry onAdd={add} />
            </Tabs.Content>
          </Tabs.Root>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/** A server message about one option, named by the option's label. */
function describeFabricError(field: string, message: string, fabrics: FabricOptionInput[]): string {
  const index = Number(field.split(".")[1]);
  const fabric = Number.isInteger(index) ? fabrics[index] : undefined;
  return fabric ? `${fabric.label || fabric.code}: ${message}` : message;
}

function Swatch({ code, url, size = "size-14" }: { code: string; url: string; size?: string }) {
  if (code === DEFAULT_FABRIC_CODE || !url) {
    // The spec's placeholder pattern for a fabric without its own swatch.
    return (
      <span
        aria-hidden
        className={`${size} shrink-0 rounded-md border border-stone-200`}
        style={{
          backgroundImage: "repeating-linear-gradient(45deg, #e7e5e4 0 6px, #f5f5f4 6px 12px)",
        }}
      />
    );
  }
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      className={`${size} shrink-0 rounded-md border border-stone-200 object-cover`}
    />
  );
}

function SelectedFabrics({
  fabrics,
  onRemove,
  onAdd,
}: {
  fabrics: FabricOptionInput[];
  onRemove: (index: number) => void;
  onAdd: () => void;
}) {
  const [removing, setRemoving] = useState<number | null>(null);
  const target = removing === null ? undefined : fabrics[removing];
  if (fabrics.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-stone-300 px-4 py-8 text-center text-sm text-stone-600">
        <p>No fabrics selected yet. Without one, the product is saved with a default fabric option.</p>
        <AdminButton variant="secondary" className="mt-4" onClick={onAdd}>
          <Plus aria-hidden className="size-4" />
          Add Fabric from Catalog
        </AdminButton>
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Selected fabrics" className="grid gap-3 sm:grid-cols-2">
        {fabrics.map((fabric, index) => {
          const upcharge = upchargeCents(fabric.upcharge);
          return (
            <li key={`${fabric.code}-${index}`} className="flex gap-3 rounded-lg border border-stone-200 p-3">
              <Swatch code={fabric.code} url={fabric.swatchUrl} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-stone-900">{fabric.label}</p>
                <p className="text-stone-600">Code: {fabric.code}</p>
                <p className="text-stone-600">{upcharge > 0 ? `+${formatPrice(upcharge)} upcharge` : "No upcharge"}</p>
                {fabric.imgOverride.length > 0 ? (
                  <p className="text-xs text-emerald-700">Has custom product images</p>
                ) : null}
              </div>
              <AdminButton
                variant="ghost"
                className="h-9 self-start px-2 text-red-700 hover:bg-red-50"
                aria-label={`Remove ${fabric.label}`}
                onClick={() => setRemoving(index)}
              >
                <Trash2 aria-hidden className="size-4" />
              </AdminButton>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={target !== undefined}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove fabric?"
        message={`Are you sure you want to remove "${target?.label ?? ""}" from this product? This action cannot be undone.`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing !== null) onRemove(removing);
          setRemoving(null);
        }}
      />
    </>
  );
}

function LibraryPicker({
  library,
  onAdd,
}: {
  library: LibraryFabric[];
  onAdd: (option: FabricOptionInput) => boolean;
}) {
  const [color, setColor] = useState("all");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [customUpcharge, setCustomUpcharge] = useState("");
  const [customImage, setCustomImage] = useState("");
  const [upchargeError, setUpchargeError] = useState<string | undefined>();
  const colors = useMemo(() => [...new Set(library.map((fabric) => fabric.color))].sort(), [library]);
  const shown = color === "all" ? library : library.filter((fabric) => fabric.color === color);
  const selected = library.find((fabric) => fabric.id === selectedId);

  if (library.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 px-4 py-8 text-center text-sm text-stone-600">
        No fabrics found in your library. Add them in the Fabric Library page, or enter one manually.
      </p>
    );
  }

  function addSelected() {
    if (!selectedId) return notifyError(SELECT_FROM_LIBRARY_MESSAGE);
    if (!selected) return notifyError(FABRIC_NOT_FOUND_MESSAGE);
    const upcharge = customUpcharge.trim() === "" ? dollarsText(selected.priceCents) : customUpcharge.trim();
    const checked = upchargeField.safeParse(upcharge);
    if (!checked.success) {
      setUpchargeError(checked.error.issues[0]?.message);
      return notifyError(checked.error.issues[0]?.message ?? FABRIC_FIELDS_MESSAGE);
    }
    // SPEC §3: a library fabric becomes an option with its name as label and its own
    // price unless a custom one is given; a custom picture replaces the library's.
    const added = onAdd({
      code: selected.code,
      label: selected.name,
      swatchUrl: selected.swatchUrl,
      upcharge,
      imgOverride: customImage ? [customImage] : selected.images,
      libraryFabricId: selected.id,
    });
    if (added) {
      setSelectedId(null);
      setCustomUpcharge("");
      setCustomImage("");
      setUpchargeError(undefined);
    }
  }

  return (
    <div className="space-y-4">
      <div role="group" aria-label="Filter by colour" className="flex flex-wrap gap-2">
        {["all", ...colors].map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={color === choice}
            onClick={() => setColor(choice)}
            className={
              "rounded-full border px-3 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-stone-900 " +
              (color === choice
                ? "border-stone-900 bg-stone-900 text-white"
                : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50")
            }
          >
            {choice === "all" ? "All" : colorLabel(choice)}
          </button>
        ))}
      </div>
      <div
        role="group"
        aria-label="Library fabrics"
        className="h-[300px] overflow-y-auto rounded-lg border border-stone-200 p-3 focus-visible:outline-2 focus-visible:outline-stone-900"
      >
        <ul className="grid gap-3 sm:grid-cols-2">
          {shown.map((fabric) => (
            <li key={fabric.id}>
              <button
                type="button"
                aria-pressed={fabric.id === selectedId}
                onClick={() => setSelectedId(fabric.id === selectedId ? null : fabric.id)}
                className={
                  "flex w-full gap-3 rounded-lg border p-3 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-stone-900 " +
                  (fabric.id === selectedId
                    ? "border-stone-900 bg-stone-50 ring-1 ring-stone-900"
                    : "border-stone-200 hover:border-stone-400")
                }
              >
                <Swatch code={fabric.code} url={fabric.swatchUrl} size="size-12" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-stone-900">{fabric.name}</span>
                  <span className="block text-xs text-stone-600">{fabric.code}</span>
                  {fabric.priceCents > 0 ? (
                    <span className="block text-xs text-stone-700">+{formatPrice(fabric.priceCents)} upcharge</span>
                  ) : null}
                  <span className="mt-1 flex flex-wrap gap-1">
                    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-[11px] text-stone-700">
                      {colorLabel(fabric.color)}
                    </span>
                    {fabric.inStock ? null : (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] text-amber-900">
                        Out of Stock
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {selected ? (
        <div className="space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-4">
          <p className="text-sm font-medium text-stone-900">Customise {selected.name} for this product (optional)</p>
          <Field
            label="Custom upcharge ($)"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="Use default price from library"
            onKeyDown={enterRuns(addSelected)}
            value={customUpcharge}
            error={upchargeError}
            onChange={(event) => {
              setCustomUpcharge(event.currentTarget.value);
              setUpchargeError(undefined);
            }}
          />
          <ImageInput purpose="product" label="Custom product image" value={customImage} onChange={setCustomImage} />
        </div>
      ) : null}
      <AdminButton onClick={addSelected}>
        <Plus aria-hidden className="size-4" />
        Add Selected Fabric
      </AdminButton>
    </div>
  );
}

const EMPTY_MANUAL = { code: "", label: "", upcharge: "", swatchUrl: "", image: "" };

function ManualEntry({ onAdd }: { onAdd: (option: FabricOptionInput) => boolean }) {
  const [entry, setEntry] = useState(EMPTY_MANUAL);
  const [errors, setErrors] = useState<FormErrors>({});
  const set = (patch: Partial<typeof EMPTY_MANUAL>) => {
    setEntry((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const remaining = { ...current };
      for (const key of Object.keys(patch)) delete remaining[key === "image" ? "imgOverride.0" : key];
      return remaining;
    });
  };

  function addManual() {
    const option: FabricOptionInput = {
      code: entry.code,
      label: entry.label,
      swatchUrl: entry.swatchUrl,
      upcharge: entry.upcharge,
      imgOverride: entry.image ? [entry.image] : [],
      libraryFabricId: null,
    };
    if (!entry.code.trim() || !entry.label.trim() || !entry.swatchUrl) {
      setErrors({
        ...(entry.code.trim() ? {} : { code: FABRIC_FIELDS_MESSAGE }),
        ...(entry.label.trim() ? {} : { label: FABRIC_FIELDS_MESSAGE }),
        ...(entry.swatchUrl ? {} : { swatchUrl: FABRIC_FIELDS_MESSAGE }),
      });
      return notifyError(FABRIC_FIELDS_MESSAGE);
    }
    const checked = parseWith(newFabricOptionSchema, option);
    if (!checked.ok) {
      setErrors(checked.errors);
      return notifyError(Object.values(checked.errors)[0]!);
    }
    if (onAdd({ ...option, code: checked.value.code, label: checked.value.label })) {
      setEntry(EMPTY_MANUAL);
      setErrors({});
    }
  }

  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Fabric Code *"
          onKeyDown={enterRuns(addManual)}
          value={entry.code}
          maxLength={40}
          autoComplete="off"
          error={errors.code}
          onChange={(event) => set({ code: event.currentTarget.value })}
        />
        <Field
          label="Fabric Name *"
          onKeyDown={enterRuns(addManual)}
          value={entry.label}
          maxLength={100}
          autoComplete="off"
          error={errors.label}
          onChange={(event) => set({ label: event.currentTarget.value })}
        />
        <Field
          label="Price Upcharge ($)"
          onKeyDown={enterRuns(addManual)}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="0.00"
          value={entry.upcharge}
          error={errors.upcharge}
          onChange={(event) => set({ upcharge: event.currentTarget.value })}
        />
      </div>
      <div>
        <ImageInput
          purpose="fabric"
          label="Fabric Swatch Image *"
          value={entry.swatchUrl}
          onChange={(url) => set({ swatchUrl: url })}
        />
        {errors.swatchUrl ? <p className="mt-2 text-sm text-red-700">{errors.swatchUrl}</p> : null}
      </div>
      <ImageInput
        purpose="product"
        label="Product image with this fabric (optional)"
        value={entry.image}
        onChange={(url) => set({ image: url })}
      />
      <AdminButton onClick={addManual}>
        <Plus aria-hidden className="size-4" />
        Add Fabric Option
      </AdminButton>
    </div>
  );
}
