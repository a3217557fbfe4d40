import {
  DESCRIPTION_TEMPLATE_MAX_LENGTH,
  descriptionTemplateSchema,
  PHONE_MAX_LENGTH,
  STORE_NAME_MAX_LENGTH,
  storeDetailsSchema,
  type GeneralSettingsValues,
} from "../../../../core/store-settings.ts";
import { Field, TextAreaField } from "../field.tsx";
import { SaveRow, useSettingsForm } from "./general-form.tsx";

type DetailsValues = Pick<GeneralSettingsValues, "storeName" | "contactEmail" | "contactPhone">;
type TemplateValues = Pick<GeneralSettingsValues, "defaultProductDescription">;

const detailsValues = (settings: DetailsValues): DetailsValues => ({
  storeName: settings.storeName,
  contactEmail: settings.contactEmail,
  contactPhone: settings.contactPhone,
});
const templateValues = (settings: TemplateValues): TemplateValues => ({
  defaultProductDescription: settings.defaultProductDescription,
});

/** The store's name and how shoppers reach the owner; order and message notices go to this address too. */
export function StoreDetailsForm({ settings }: { settings: DetailsValues }) {
  const { values, errors, formError, saving, update, formProps } = useSettingsForm(
    "general:details",
    detailsValues(settings),
    storeDetailsSchema,
    detailsValues,
  );
  return (
    <form {...formProps}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Store Name *"
          name="storeName"
          value={values.storeName}
          error={errors.storeName}
          maxLength={STORE_NAME_MAX_LENGTH}
          autoComplete="organization"
          hint="Shown in the header when there is no logo, in the footer and in emails."
          onChange={(event) => update({ storeName: event.currentTarget.value })}
          className="sm:col-span-2"
        />
        <Field
          label="Contact Email *"
          name="contactEmail"
          type="email"
          value={values.contactEmail}
          error={errors.contactEmail}
          maxLength={254}
          autoComplete="email"
          hint="Shown to shoppers; contact messages and new orders are sent here."
          onChange={(event) => update({ contactEmail: event.currentTarget.value })}
        />
        <Field
          label="Phone"
          name="contactPhone"
          type="tel"
          value={values.contactPhone}
          error={errors.contactPhone}
          maxLength={PHONE_MAX_LENGTH}
          autoComplete="tel"
          placeholder="(303) 555-0142"
          hint="Optional. Shown on the contact page and in the footer."
          onChange={(event) => update({ contactPhone: event.currentTarget.value })}
        />
      </div>
      <SaveRow label="Save Store Details" saving={saving} error={formError} />
    </form>
  );
}

/** The description every new product starts from (SPEC §4 Wizard). */
export function DescriptionTemplateForm({ settings }: { settings: TemplateValues }) {
  const { values, errors, formError, saving, update, formProps } = useSettingsForm(
    "general:template",
    templateValues(settings),
    descriptionTemplateSchema,
    templateValues,
  );
  const length = values.defaultProductDescription.length;
  return (
    <form {...formProps}>
      <TextAreaField
        label="Default Product Description"
        name="defaultProductDescription"
        rows={8}
        maxLength={DESCRIPTION_TEMPLATE_MAX_LENGTH}
        value={values.defaultProductDescription}
        error={errors.defaultProductDescription}
        hint={`New products start with this text; leave it empty for the built-in description. ${length} of ${DESCRIPTION_TEMPLATE_MAX_LENGTH} characters.`}
        onChange={(event) => update({ defaultProductDescription: event.currentTarget.value })}
      />
      <SaveRow label="Save Description Template" saving={saving} error={formError} />
    </form>
  );
}
