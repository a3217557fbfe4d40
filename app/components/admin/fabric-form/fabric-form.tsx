import { Loader2, Wand2 } from "lucide-react";
import { Switch } from "radix-ui";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import {
  colorLabel,
  FABRIC_CODE_GENERATED_MESSAGE,
  FABRIC_CODE_MAX_LENGTH,
  FABRIC_COLORS,
  FABRIC_NAME_FIRST_MESSAGE,
  FABRIC_REQUIRED_MESSAGE,
  fabricCodeFromName,
  fabricSchema,
  generateFabricCode,
  MAX_FABRIC_IMAGES,
  MAX_SORT_ORDER,
  savedFabricSchema,
  type FabricColor,
  type FabricEditorAnswer,
  type FabricInput,
  type FabricRequest,
} from "../../../../core/fabric.ts";
import { parseWith, withoutErrorsFor, type FormErrors } from "../../../../core/forms.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { AdminButton } from "../admin-button.tsx";
import { Field, SelectField, TextAreaField } from "../field.tsx";
import { ImageInput } from "../image-input.tsx";
import { LeaveGuard } from "../leave-guard.tsx";
import { useDraftAcrossSignIn } from "../use-draft-across-sign-in.ts";

const SWATCH_HINT = "Supports: JPG, PNG, GIF (max 20MB)";

/**
 * The fabric form (SPEC §2 Fabric form page, §5 Fabric save), one component for the page
 * (/admin/fabrics/new, /admin/fabrics/edit/:id) and the library's quick add/edit dialog.
 * It checks with the shared schema, then saves through an action (`action`, or the current
 * route's) that returns to the library with the spec's notice, or answers field errors.
 */
export function FabricForm({
  mode,
  fabricId,
  initial,
  action,
  onCancel,
  onSaved,
  headingLevel = 2,
}: {
  mode: "create" | "edit";
  fabricId: string | null;
  initial: FabricInput;
  /** The route whose action saves (the library page's, for the dialog). */
  action?: string;
  onCancel: () => void;
  /** Called once the save succeeded (the action redirected back to the library). */
  onSaved?: () => void;
  /** The level of the two card headings: 2 on the page, 3 inside the dialog (whose title is the 2). */
  headingLevel?: 2 | 3;
}) {
  const [values, setValues] = useState<FabricInput>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  // While creating, the code follows the name until the owner types or generates her own.
  const [codeTouched, setCodeTouched] = useState(mode === "edit");
  const saver = useFetcher<FabricEditorAnswer>();
  const submitted = useRef(false);
  const saving = saver.state !== "idle";
  const editing = mode === "edit";
  const changed = JSON.stringify(values) !== JSON.stringify(initial);
  useDraftAcrossSignIn({
    form: `fabric:${fabricId ?? "new"}`,
    values,
    unsaved: changed,
    sending: saving,
    restore: (draft) => {
      setValues(draft);
      // A code of her own stays hers: it no longer follows the name.
      setCodeTouched(editing || draft.code !== fabricCodeFromName(draft.name));
    },
  });
  // Cancel is the owner's own choice to drop her changes: once the guard has let go, it leaves
  // without asking (this effect runs after the guard's own, which is a child's).
  const [discarding, setDiscarding] = useState(false);
  useEffect(() => {
    if (discarding) onCancel();
    // onCancel changes with every render of the parent; the choice alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [discarding]);

  const update = (patch: Partial<FabricInput>) => {
    const followsName = patch.name !== undefined && !codeTouched;
    setValues((current) => {
      const next = { ...current, ...patch };
      if (followsName) next.code = fabricCodeFromName(patch.name!);
      return next;
    });
    // A corrected field loses its message.
    setErrors((current) => withoutErrorsFor(current, [...Object.keys(patch), ...(followsName ? ["code"] : [])]));
  };

  function generateCode() {
    if (values.name.trim() === "") {
      setErrors((current) => ({ ...current, name: FABRIC_NAME_FIRST_MESSAGE }));
      return notifyError(FABRIC_NAME_FIRST_MESSAGE);
    }
    setCodeTouched(true);
    update({ code: generateFabricCode(values.name) });
    notify(FABRIC_CODE_GENERATED_MESSAGE);
  }

  function save() {
    const checked = parseWith(editing ? savedFabricSchema : fabricSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const missing = [values.name, values.code, values.swatchUrl].some((value) => value.trim() === "");
      return notifyError(missing ? FABRIC_REQUIRED_MESSAGE : Object.values(checked.errors)[0]!);
    }
    submitted.current = true;
    const request: FabricRequest = { intent: "save", fabricId, fabric: values };
    void saver.submit(request as unknown as Parameters<typeof saver.submit>[0], {
      method: "post",
      encType: "application/json",
      ...(action ? { action } : {}),
    });
  }

  // The action's answer, as it arrives (the effect's external system): a refusal puts its
  // messages on their fields; a redirect (no data) means the fabric was saved.
  useEffect(() => {
    if (saver.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (saver.data?.intent === "save") {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- acting on the fetcher's answer
      setErrors(saver.data.fieldErrors);
      notifyError(saver.data.error);
    } else if (saver.data === undefined) {
      onSaved?.();
    }
  }, [saver.state, saver.data, onSaved]);

  const Heading = `h${headingLevel}` as const;
  // The list's own message, or the first about one of its pictures ("images.1").
  const imagesError = errors.images ?? Object.entries(errors).find(([field]) => field.startsWith("images."))?.[1];
  const images = values.images;
  // One empty slot after the pictures chosen, up to the limit.
  const imageSlots = images.length < MAX_FABRIC_IMAGES ? [...images, ""] : images;

  return (
    <>
      <form
        noValidate
        aria-busy={saving}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        className="space-y-6"
      >
        <Card title="Basic Information" Heading={Heading}>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="Fabric Name *"
              name="name"
              value={values.name}
              error={errors.name}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => update({ name: event.currentTarget.value })}
              className="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <div className="flex items-start gap-2">
                <Field
                  label="Fabric Code *"
                  name="code"
                  value={values.code}
                  error={errors.code}
                  maxLength={FABRIC_CODE_MAX_LENGTH}
                  autoComplete="off"
                  // Carts, product options and orders name a fabric by its code: it stays as added.
                  readOnly={editing}
                  hint={
                    editing
                      ? "The code stays as it was added."
                      : "Follows the name until you change it, or generate a unique one."
                  }
                  onChange={(event) => {
                    setCodeTouched(true);
                    update({ code: event.currentTarget.value });
                  }}
                  className="min-w-0 flex-1"
                />
                <AdminButton
                  variant="secondary"
                  disabled={editing || saving}
                  onClick={generateCode}
                  aria-label="Generate a unique fabric code"
                  className="mt-[26px] h-11"
                >
                  <Wand2 aria-hidden className="size-4" />
                  Generate
                </AdminButton>
              </div>
            </div>
            <TextAreaField
              label="Description"
              name="description"
              rows={3}
              maxLength={1000}
              value={values.description ?? ""}
              error={errors.description}
              onChange={(event) => update({ description: event.currentTarget.value })}
              className="sm:col-span-2"
            />
            <SelectField
              label="Colour Category *"
              name="color"
              value={values.color}
              error={errors.color}
              onChange={(event) => update({ color: event.currentTarget.value as FabricColor })}
            >
              {FABRIC_COLORS.map((color) => (
                <option key={color} value={color}>
                  {colorLabel(color)}
                </option>
              ))}
            </SelectField>
            <Field
              label="Custom Colour Name"
              name="customColor"
              value={values.customColor ?? ""}
              error={errors.customColor}
              maxLength={60}
              placeholder="e.g. Dusty Rose"
              autoComplete="off"
              onChange={(event) => update({ customColor: event.currentTarget.value })}
            />
            <Field
              label="Price Upcharge ($)"
              name="price"
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              placeholder="0.00"
              value={values.price}
              error={errors.price}
              onChange={(event) => update({ price: event.currentTarget.value })}
            />
          </div>
        </Card>

        <Card title="Media & Availability" Heading={Heading}>
          <div className="space-y-6">
            <div>
              <ImageInput
                purpose="fabric"
                label="Fabric Swatch Image *"
                value={values.swatchUrl}
                hint={SWATCH_HINT}
                onChange={(url) => update({ swatchUrl: url })}
              />
              {errors.swatchUrl ? (
                <p role="alert" className="mt-1.5 text-sm text-red-700">
                  {errors.swatchUrl}
                </p>
              ) : null}
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-stone-800">Pictures of products in this fabric</legend>
              <p className="mt-1 text-xs text-stone-500">
                Up to {MAX_FABRIC_IMAGES}. A product offering this fabric shows them while it is chosen.
              </p>
              <div className="mt-3 grid gap-5 sm:grid-cols-2">
                {imageSlots.map((url, index) => (
                  <ImageInput
                    key={index}
                    purpose="fabric"
                    label={`Product picture ${index + 1}`}
                    value={url}
                    onChange={(next) => {
                      const slots = [...imageSlots];
                      slots[index] = next;
                      update({ images: slots.filter(Boolean) });
                    }}
                  />
                ))}
              </div>
              {imagesError ? <p className="mt-1.5 text-sm text-red-700">{imagesError}</p> : null}
            </fieldset>
            <div className="grid gap-5 sm:grid-cols-2">
              <StockSwitch checked={values.inStock} onCheckedChange={(inStock) => update({ inStock })} />
              <Field
                label="Sort Order"
                name="sortOrder"
                type="number"
                inputMode="numeric"
                min="0"
                max={MAX_SORT_ORDER}
                step="1"
                value={values.sortOrder}
                error={errors.sortOrder}
                hint="Lower numbers appear first"
                onChange={(event) => update({ sortOrder: event.currentTarget.value })}
              />
            </div>
          </div>
        </Card>

        <div className="flex justify-end gap-3">
          <AdminButton variant="secondary" disabled={saving} onClick={() => setDiscarding(true)}>
            Cancel
          </AdminButton>
          <AdminButton type="submit" disabled={saving}>
            {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {saving ? "Saving..." : editing ? "Update Fabric" : "Add Fabric"}
          </AdminButton>
        </div>
      </form>
      <LeaveGuard
        holding={changed && !saving && !discarding}
        message={
          editing
            ? "Your changes to this fabric have not been saved and will be lost."
            : "This fabric has not been added yet: what you entered will be lost."
        }
      />
    </>
  );
}

function Card({ title, Heading, children }: { title: string; Heading: "h2" | "h3"; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6">
      <Heading className="text-lg font-semibold text-stone-900">{title}</Heading>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function StockSwitch({ checked, onCheckedChange }: { checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-3 pt-7">
        <Switch.Root
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          aria-describedby={`${id}-hint`}
          className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-stone-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 data-[state=checked]:bg-stone-900"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
        <label htmlFor={id} className="text-sm font-medium text-stone-900">
          In Stock
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-500">
        {checked
          ? "Shoppers can choose it on every product that offers it."
          : "Shown as out of stock and not selectable on every product that offers it."}
      </p>
    </div>
  );
}
