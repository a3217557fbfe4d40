import { Check, ChevronLeft, ChevronRight, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { parseWith, withoutErrorsFor, type FormErrors } from "../../../../core/forms.ts";
import {
  productBasicsSchema,
  productImagesSchema,
  productSchema,
  productSlug,
  REQUIRED_FIELDS_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type ProductEditorAnswer,
  type ProductEditorRequest,
  type ProductInput,
} from "../../../../core/product.ts";
import { notifyError } from "../../../lib/notify.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";
import { AdminButton } from "../admin-button.tsx";
import { LeaveGuard } from "../leave-guard.tsx";
import { useDraftAcrossSignIn } from "../use-draft-across-sign-in.ts";
import { BasicsStep } from "./basics-step.tsx";
import { FabricStep, FabricSelectionSwitch } from "./fabric-step.tsx";
import { ImagesStep } from "./images-step.tsx";
import type { CategoryChoice, LibraryFabric } from "./wizard-types.ts";

const STEP_NAMES = ["Basic Information", "Product Images", "Fabric Options"] as const;
const FINAL_SUBMIT_MESSAGE = "Please complete all required fields";
/** Fabric Options is a step only while fabric selection is on. */
const stepCountOf = (input: ProductInput) => (input.hasFabricSelection ? 3 : 2);

/** Which step holds a field, so a refusal from the server opens the right one. */
function stepOfField(field: string): number {
  if (field.startsWith("defaultImages")) return 2;
  if (field.startsWith("fabrics") || field === "hasFabricSelection") return 3;
  return 1;
}

/**
 * The product wizard (SPEC §2, §4, §5): Basic Information, Product Images and, while
 * fabric selection is on, Fabric Options. Next checks the step with the shared schema
 * (and the slug with the server); the last step saves the whole product in one request.
 */
export function ProductWizard({
  mode,
  categories,
  library,
  initial,
}: {
  mode: "create" | "edit";
  categories: CategoryChoice[];
  library: LibraryFabric[];
  initial: ProductInput;
}) {
  const [values, setValues] = useState<ProductInput>(initial);
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<FormErrors>({});
  // While creating, the slug follows the name until the owner types her own.
  const [slugTouched, setSlugTouched] = useState(mode === "edit");
  const slugCheck = useFetcher<ProductEditorAnswer>();
  const saver = useFetcher<ProductEditorAnswer>();
  const waitingForSlug = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const stepCount = stepCountOf(values);
  const lastStep = step >= stepCount;
  const saving = saver.state !== "idle";
  const checkingSlug = slugCheck.state !== "idle";
  const changed = JSON.stringify(values) !== JSON.stringify(initial);
  useDraftAcrossSignIn({
    form: "product",
    // The step too: a save refused for want of a session gives her back the step she saved from.
    values: { input: values, step },
    unsaved: changed,
    sending: saving || checkingSlug,
    restore: (draft) => {
      setValues(draft.input);
      setStep(Number.isInteger(draft.step) ? Math.min(Math.max(draft.step, 1), stepCountOf(draft.input)) : 1);
      // A slug of her own stays hers: it no longer follows the name.
      setSlugTouched(mode === "edit" || draft.input.slug !== productSlug(draft.input.name));
    },
  });

  const update = (patch: Partial<ProductInput>) => {
    setValues((current) => {
      const next = { ...current, ...patch };
      if (patch.name !== undefined && !slugTouched) next.slug = productSlug(patch.name);
      return next;
    });
    // A corrected field loses its message.
    const followsName = patch.name !== undefined && !slugTouched;
    setErrors((current) => withoutErrorsFor(current, [...Object.keys(patch), ...(followsName ? ["slug"] : [])]));
  };

  function goTo(next: number) {
    setStep(next);
    // The new step is announced from its heading.
    requestAnimationFrame(() => heading.current?.focus());
  }

  function refuse(found: FormErrors, message: string) {
    setErrors(found);
    notifyError(message);
  }

  function submit(request: ProductEditorRequest, fetcher: typeof saver) {
    void fetcher.submit(request as unknown as Parameters<typeof fetcher.submit>[0], {
      method: "post",
      encType: "application/json",
    });
  }

  function next() {
    if (step === 1) {
      const checked = parseWith(productBasicsSchema, values);
      if (!checked.ok) {
        const missing = Object.values(checked.errors).includes(REQUIRED_FIELDS_MESSAGE);
        return refuse(checked.errors, missing ? REQUIRED_FIELDS_MESSAGE : Object.values(checked.errors)[0]!);
      }
      // Unique per store: asked of the server before the owner moves on.
      waitingForSlug.current = true;
      return submit({ intent: "check-slug", slug: checked.value.slug }, slugCheck);
    }
    if (step === 2) {
      const checked = parseWith(productImagesSchema, values);
      if (!checked.ok) return refuse(checked.errors, Object.values(checked.errors)[0]!);
    }
    if (lastStep) return save();
    goTo(step + 1);
  }

  function save() {
    const checked = parseWith(productSchema, values);
    if (!checked.ok) {
      const first = Object.keys(checked.errors)[0]!;
      setStep(stepOfField(first));
      return refuse(checked.errors, FINAL_SUBMIT_MESSAGE);
    }
    submit({ intent: "save", product: values }, saver);
  }

  // The slug answer decides whether step 1 may be left. The effects below act on the
  // server's answers as they arrive: that is their external system.
  useEffect(() => {
    if (slugCheck.state !== "idle" || slugCheck.data?.intent !== "check-slug" || !waitingForSlug.current) return;
    waitingForSlug.current = false;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- acting on the fetcher's answer
    if (slugCheck.data.taken) refuse({ slug: SLUG_TAKEN_MESSAGE }, SLUG_TAKEN_MESSAGE);
    else goTo(2);
  }, [slugCheck.state, slugCheck.data]);

  // A refused save: its messages go to their fields and the step that holds the first one opens.
  useEffect(() => {
    if (saver.state !== "idle" || saver.data?.intent !== "save") return;
    const found = saver.data.fieldErrors;
    const first = Object.keys(found)[0];
    // eslint-disable-next-line react-hooks/set-state-in-effect -- acting on the fetcher's answer
    if (first) setStep(stepOfField(first));
    refuse(found, saver.data.error);
  }, [saver.state, saver.data]);

  const nextLabel = lastStep ? (mode === "create" ? "Create Product" : "Update Product") : "Next";

  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to={adminPath("products")}
        className="inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900"
      >
        <ChevronLeft aria-hidden className="size-4" />
        Back to products
      </Link>
      <h1 className="mt-3 text-2xl font-semibold text-stone-900">
        {mode === "create" ? "Add New Product" : "Edit Product"}
      </h1>

      <ol aria-label="Steps" className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        {STEP_NAMES.slice(0, stepCount).map((name, index) => {
          const number = index + 1;
          const state = number < step ? "done" : number === step ? "current" : "todo";
          return (
            <li
              key={name}
              aria-current={state === "current" ? "step" : undefined}
              className={"flex items-center gap-2 text-sm " + (state === "todo" ? "text-stone-500" : "text-stone-900")}
            >
              <span
                className={
                  "flex size-7 items-center justify-center rounded-full text-xs font-semibold " +
                  (state === "current"
                    ? "bg-stone-900 text-white"
                    : state === "done"
                      ? "bg-emerald-600 text-white"
                      : "border border-stone-300 bg-white")
                }
              >
                {state === "done" ? <Check aria-hidden className="size-4" /> : number}
              </span>
              <span className={state === "current" ? "font-medium" : undefined}>{name}</span>
              {state === "done" ? <span className="sr-only">(done)</span> : null}
            </li>
          );
        })}
      </ol>

      <form
        noValidate
        aria-busy={saving}
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5 shadow-xs sm:p-8"
      >
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900 focus:outline-none">
          {STEP_NAMES[step - 1]}
        </h2>
        <div className="mt-5">
          {step === 1 ? (
            <BasicsStep
              values={values}
              errors={errors}
              categories={categories}
              savedSlug={mode === "edit" ? initial.slug : undefined}
              onChange={update}
              onSlugEdited={() => setSlugTouched(true)}
            />
          ) : null}
          {step === 2 ? (
            <>
              <ImagesStep values={values} errors={errors} onChange={update} />
              {values.hasFabricSelection ? null : (
                <div className="mt-8 border-t border-stone-200 pt-6">
                  <FabricSelectionSwitch checked={false} onCheckedChange={(on) => update({ hasFabricSelection: on })} />
                </div>
              )}
            </>
          ) : null}
          {step === 3 ? (
            <FabricStep
              values={values}
              errors={errors}
              library={library}
              onChange={update}
              onSelectionOff={() => {
                // Two steps now: back to the last one, where the switch and its notice stay.
                update({ hasFabricSelection: false });
                goTo(2);
              }}
            />
          ) : null}
        </div>

        <div className="mt-8 flex items-center justify-between gap-3 border-t border-stone-200 pt-6">
          <AdminButton variant="secondary" disabled={step === 1 || saving} onClick={() => goTo(Math.max(1, step - 1))}>
            <ChevronLeft aria-hidden className="size-4" />
            Previous
          </AdminButton>
          <AdminButton type="submit" disabled={saving || checkingSlug}>
            {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {saving ? (mode === "create" ? "Creating..." : "Updating...") : nextLabel}
            {!lastStep && !saving ? <ChevronRight aria-hidden className="size-4" /> : null}
          </AdminButton>
        </div>
      </form>
      <LeaveGuard
        // While the server is asked, the only move is its answer: the list, or sign-in when the
        // session has ended (the input is then kept for after, useDraftAcrossSignIn).
        holding={changed && !saving && !checkingSlug}
        message={
          mode === "create"
            ? "This product has not been created yet: what you entered will be lost."
            : "Your changes to this product have not been saved and will be lost."
        }
      />
    </div>
  );
}
