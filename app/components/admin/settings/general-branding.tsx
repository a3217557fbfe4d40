import { CircleCheck, TriangleAlert } from "lucide-react";
import {
  brandingSchema,
  contrastRatio,
  formatContrast,
  MIN_TEXT_CONTRAST,
  normalizeHexColor,
  type GeneralSettingsValues,
} from "../../../../core/store-settings.ts";
import { Field } from "../field.tsx";
import { SaveRow, useSettingsForm } from "./general-form.tsx";

type BrandingValues = Pick<GeneralSettingsValues, "primaryColor" | "textColor" | "bgColor">;

const brandingValues = (settings: BrandingValues): BrandingValues => ({
  primaryColor: settings.primaryColor,
  textColor: settings.textColor,
  bgColor: settings.bgColor,
});

/** The three theme colours, each a picker and the hex code it stands for, with the text's contrast shown live. */
export function BrandingForm({ settings, storeName }: { settings: BrandingValues; storeName: string }) {
  const { values, errors, formError, saving, update, formProps } = useSettingsForm(
    "general:branding",
    brandingValues(settings),
    brandingSchema,
    brandingValues,
  );
  return (
    <form {...formProps}>
      <div className="grid gap-5 md:grid-cols-3">
        <ColorField
          label="Brand Colour"
          name="primaryColor"
          hint="Buttons, links and accents"
          value={values.primaryColor}
          error={errors.primaryColor}
          onChange={(primaryColor) => update({ primaryColor })}
        />
        <ColorField
          label="Text Colour"
          name="textColor"
          hint="Headings and body text"
          value={values.textColor}
          error={errors.textColor}
          onChange={(textColor) => update({ textColor })}
        />
        <ColorField
          label="Background Colour"
          name="bgColor"
          hint="Behind every page"
          value={values.bgColor}
          error={errors.bgColor}
          onChange={(bgColor) => update({ bgColor })}
        />
      </div>
      <ThemePreview values={values} storeName={storeName} />
      <ContrastNote text={values.textColor} background={values.bgColor} />
      <SaveRow label="Save Branding Settings" saving={saving} error={formError} />
    </form>
  );
}

function ColorField({
  label,
  name,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  name: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  // The picker shows the last valid colour while the code is being typed.
  const picked = (normalizeHexColor(value) ?? "#000000").toLowerCase();
  return (
    <div className="flex items-start gap-2">
      <input
        type="color"
        aria-label={`${label} picker`}
        value={picked}
        onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
        className="mt-[26px] h-11 w-12 shrink-0 cursor-pointer rounded-md border border-stone-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
      />
      <Field
        label={label}
        name={name}
        value={value}
        error={error}
        hint={hint}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="characters"
        placeholder="#D4AF37"
        onChange={(event) => onChange(event.currentTarget.value)}
        className="min-w-0 flex-1"
      />
    </div>
  );
}

/** How the storefront will look: text on the background, with the brand colour's accents. */
function ThemePreview({ values, storeName }: { values: BrandingValues; storeName: string }) {
  const brand = normalizeHexColor(values.primaryColor);
  const text = normalizeHexColor(values.textColor);
  const background = normalizeHexColor(values.bgColor);
  if (!brand || !text || !background) return null;
  return (
    <figure className="mt-6">
      <figcaption className="mb-1.5 text-sm font-medium text-stone-800">Preview</figcaption>
      <div
        aria-hidden
        className="rounded-lg border border-stone-200 px-5 py-4"
        style={{ backgroundColor: background, color: text }}
      >
        <p className="font-serif text-xl">{storeName}</p>
        <div className="mt-2 h-0.5 w-10" style={{ backgroundColor: brand }} />
        <p className="mt-3 text-sm">Handcrafted purses and bags made with love in Colorado.</p>
        <span
          className="mt-3 inline-block rounded-md px-3 py-1.5 text-sm font-medium"
          style={{ backgroundColor: brand, color: text }}
        >
          Shop Now
        </span>
      </div>
    </figure>
  );
}

/** The text colour's contrast with the background, live; below WCAG AA it warns but does not refuse. */
function ContrastNote({ text, background }: { text: string; background: string }) {
  const ratio = contrastRatio(text, background);
  const low = ratio !== null && ratio < MIN_TEXT_CONTRAST;
  return (
    <div role="status" aria-live="polite" className="mt-4">
      {ratio === null ? null : low ? (
        <p
          data-testid="contrast-note"
          className="flex gap-2.5 rounded-md border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
        >
          <TriangleAlert aria-hidden className="mt-px size-4 shrink-0" />
          <span>
            Low contrast: text on the background is {formatContrast(ratio)}, below the {MIN_TEXT_CONTRAST}:1 that WCAG
            AA asks for, so shoppers may find it hard to read. You can still save these colours.
          </span>
        </p>
      ) : (
        <p data-testid="contrast-note" className="flex gap-2 text-sm text-emerald-800">
          <CircleCheck aria-hidden className="mt-px size-4 shrink-0" />
          <span>
            Text on the background has a contrast of {formatContrast(ratio)}, which meets WCAG AA ({MIN_TEXT_CONTRAST}
            :1).
          </span>
        </p>
      )}
    </div>
  );
}
