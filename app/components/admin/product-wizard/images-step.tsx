import type { FormErrors } from "../../../../core/forms.ts";
import { IMAGE_SLOTS, type ProductInput } from "../../../../core/product.ts";
import { ImageInput } from "../image-input.tsx";

/** Step 2: the three picture slots (main, detail, inside); the first is required. */
export function ImagesStep({
  values,
  errors,
  onChange,
}: {
  values: ProductInput;
  errors: FormErrors;
  onChange: (patch: Partial<ProductInput>) => void;
}) {
  return (
    <div className="space-y-8">
      <p className="text-sm text-stone-600">
        The main picture shows in the shop&apos;s lists; detail and inside pictures are optional.
      </p>
      {IMAGE_SLOTS.map((slot, index) => {
        const error = errors[`defaultImages.${index}`];
        return (
          <div key={slot.key}>
            <ImageInput
              purpose="product"
              label={index === 0 ? `${slot.label} *` : slot.label}
              value={values.defaultImages[index] ?? ""}
              onChange={(url) => {
                const images = [...values.defaultImages];
                images[index] = url;
                onChange({ defaultImages: images });
              }}
            />
            {error ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
