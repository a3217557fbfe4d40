import { DESCRIPTION_HINT_LENGTH, productSlug, type ProductInput } from "../../../../core/product.ts";
import type { FormErrors } from "../../../../core/forms.ts";
import { Field, SelectField, TextAreaField } from "../field.tsx";
import type { CategoryChoice } from "./wizard-types.ts";

/** Step 1: name, slug, category, price and description. */
export function BasicsStep({
  values,
  errors,
  categories,
  savedSlug,
  onChange,
  onSlugEdited,
}: {
  values: ProductInput;
  /** The slug the product has now, when editing one. */
  savedSlug?: string;
  errors: FormErrors;
  categories: CategoryChoice[];
  onChange: (patch: Partial<ProductInput>) => void;
  onSlugEdited: () => void;
}) {
  const descriptionLength = values.description.trim().length;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field
        label="Product Name *"
        name="name"
        value={values.name}
        error={errors.name}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        className="sm:col-span-2"
      />
      <Field
        label="URL Slug *"
        name="slug"
        value={values.slug}
        error={errors.slug}
        maxLength={200}
        autoComplete="off"
        hint={slugHint(values.slug, savedSlug)}
        onChange={(event) => {
          onSlugEdited();
          onChange({ slug: event.currentTarget.value });
        }}
        // What she typed, in the slug rule's form ("Summer Tote!" → "summer-tote").
        onBlur={(event) => onChange({ slug: productSlug(event.currentTarget.value) })}
        className="sm:col-span-2"
      />
      <SelectField
        label="Category *"
        name="categoryId"
        value={values.categoryId}
        error={errors.categoryId}
        onChange={(event) => onChange({ categoryId: event.currentTarget.value })}
      >
        <option value="" disabled>
          Choose a category
        </option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Price ($) *"
        name="price"
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        value={values.price}
        error={errors.price}
        placeholder="0.00"
        onChange={(event) => onChange({ price: event.currentTarget.value })}
      />
      <TextAreaField
        label="Description *"
        name="description"
        rows={6}
        maxLength={5000}
        value={values.description}
        error={errors.description}
        hint={
          descriptionLength < DESCRIPTION_HINT_LENGTH
            ? `At least ${DESCRIPTION_HINT_LENGTH} characters recommended (${descriptionLength} so far)`
            : `${descriptionLength} characters`
        }
        onChange={(event) => onChange({ description: event.currentTarget.value })}
        className="sm:col-span-2"
      />
    </div>
  );
}

/** Where shoppers find the product, and where its old address leads once the slug changes. */
function slugHint(typed: string, savedSlug: string | undefined): string {
  // As it will be saved, while she is still typing it.
  const slug = productSlug(typed);
  const address = `Shoppers find it at /product/${slug || "…"}`;
  if (!savedSlug || !slug || slug === savedSlug) return address;
  return `${address}; its old address, /product/${savedSlug}, will lead here.`;
}
