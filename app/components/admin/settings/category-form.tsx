import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_SLUG_MAX,
  categorySchema,
  categorySlugFromName,
  type CategoryAnswer,
  type CategoryInput,
} from "../../../../core/category.ts";
import { parseWith, withoutErrorsFor, type FormErrors } from "../../../../core/forms.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { AdminButton } from "../admin-button.tsx";
import { Alert } from "../alert.tsx";
import { Field, TextAreaField } from "../field.tsx";
import { ImageInput } from "../image-input.tsx";
import { useReportUnsaved } from "../leave-guard.tsx";

export type CategoryFetcher = ReturnType<typeof useFetcher<CategoryAnswer>>;

export const emptyCategoryInput = (): CategoryInput => ({ name: "", slug: "", description: "", imageUrl: "" });

/**
 * A category's fields (name, URL slug, description, picture), saved through its own
 * fetcher to the settings action. Used for the inline edit and for adding; a refused
 * save keeps what was typed and shows each field's message under it.
 */
export function CategoryForm({
  intent,
  categoryId,
  initial,
  submitLabel,
  busyLabel,
  slugFollowsName = false,
  fetcher: given,
  announce = true,
  onSaved,
  onCancel,
}: {
  intent: "category:update" | "category:add";
  categoryId?: string;
  initial: CategoryInput;
  submitLabel: string;
  busyLabel: string;
  /** While adding, the slug follows the name until the owner types one of their own. */
  slugFollowsName?: boolean;
  /** A fetcher owned by a parent that outlives this form (it announces the answer itself). */
  fetcher?: CategoryFetcher;
  /** Whether this form shows the answer's toast. */
  announce?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const own = useFetcher<CategoryAnswer>();
  const fetcher = given ?? own;
  const [values, setValues] = useState<CategoryInput>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [followsName, setFollowsName] = useState(slugFollowsName);
  const busy = fetcher.state !== "idle";
  useReportUnsaved(`${intent}:${categoryId ?? "new"}`, JSON.stringify(values) !== JSON.stringify(initial));

  function change(patch: Partial<CategoryInput>) {
    const next = { ...values, ...patch };
    const slugMoves = followsName && patch.name !== undefined;
    if (slugMoves) next.slug = categorySlugFromName(next.name);
    setValues(next);
    setErrors((current) => withoutErrorsFor(current, [...Object.keys(patch), ...(slugMoves ? ["slug"] : []), "form"]));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = parseWith(categorySchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const body = new FormData();
    body.set("intent", intent);
    if (categoryId) body.set("categoryId", categoryId);
    for (const [name, value] of Object.entries(values)) body.set(name, value);
    void fetcher.submit(body, { method: "post", action: adminPath("settings") });
  }

  // Each answer is told once, when it arrives; one that came before this form did is not its own.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef(answer);
  useEffect(() => {
    if (!answer || answer === handled.current) return;
    handled.current = answer;
    if (answer.ok) {
      if (announce) notify(answer.message);
      onSaved?.();
    } else {
      if (announce) notifyError(answer.error);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- acting on the fetcher's answer
      setErrors(answer.fieldErrors);
    }
    // onSaved changes with every render of the parent; the answer alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    <form method="post" noValidate onSubmit={submit} aria-busy={busy} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          value={values.name}
          maxLength={CATEGORY_NAME_MAX}
          required
          autoComplete="off"
          error={errors.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
        />
        <Field
          label="URL slug"
          name="slug"
          value={values.slug}
          maxLength={CATEGORY_SLUG_MAX}
          required
          autoComplete="off"
          spellCheck={false}
          hint={<>Shop link: /category/{values.slug || "…"}</>}
          error={errors.slug}
          onChange={(event) => {
            setFollowsName(false);
            change({ slug: event.currentTarget.value });
          }}
          onBlur={() => {
            // Spaces, capitals and symbols become the shop's slug form (SPEC §5).
            const tidy = categorySlugFromName(values.slug);
            if (tidy && tidy !== values.slug) change({ slug: tidy });
          }}
        />
      </div>
      <TextAreaField
        label="Description"
        name="description"
        value={values.description}
        maxLength={CATEGORY_DESCRIPTION_MAX}
        rows={3}
        hint="Shown under the category's name on its page."
        error={errors.description}
        onChange={(event) => change({ description: event.currentTarget.value })}
      />
      <div>
        <ImageInput
          purpose="product"
          label="Category picture"
          value={values.imageUrl}
          onChange={(url) => change({ imageUrl: url })}
          hint="Shown on the home page's tile when no product of the category has a picture. JPG, PNG, GIF or WebP (max 20MB)."
        />
        {errors.imageUrl ? (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {errors.imageUrl}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <AdminButton variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </AdminButton>
        ) : null}
        <AdminButton type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </AdminButton>
      </div>
    </form>
  );
}
