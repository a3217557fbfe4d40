import {
  PICKUP_HOURS_MAX_LENGTH,
  PICKUP_LOCATION_MAX_LENGTH,
  pickupSchema,
  type GeneralSettingsValues,
} from "../../../../core/store-settings.ts";
import { Field, TextAreaField } from "../field.tsx";
import { SaveRow, useSettingsForm } from "./general-form.tsx";

type PickupValues = Pick<GeneralSettingsValues, "pickupLocation" | "pickupHours">;

const pickupValues = (settings: PickupValues): PickupValues => ({
  pickupLocation: settings.pickupLocation,
  pickupHours: settings.pickupHours,
});

/** Where and when customers collect their orders; the "ready for pickup" email tells them. */
export function PickupForm({ settings }: { settings: PickupValues }) {
  const { values, errors, formError, saving, update, formProps } = useSettingsForm(
    "general:pickup",
    pickupValues(settings),
    pickupSchema,
    pickupValues,
  );
  return (
    <form {...formProps}>
      <div className="grid gap-5">
        <TextAreaField
          label="Pickup place"
          name="pickupLocation"
          rows={4}
          maxLength={PICKUP_LOCATION_MAX_LENGTH}
          value={values.pickupLocation}
          error={errors.pickupLocation}
          placeholder={"Selvage Studio\n12 Loom Lane, Boulder, CO 80302\nRing the bell at the side door."}
          hint="The address, and directions if they help."
          onChange={(event) => update({ pickupLocation: event.currentTarget.value })}
        />
        <Field
          label="Pickup hours"
          name="pickupHours"
          value={values.pickupHours}
          error={errors.pickupHours}
          maxLength={PICKUP_HOURS_MAX_LENGTH}
          placeholder="Saturdays 10–2, or by arrangement"
          onChange={(event) => update({ pickupHours: event.currentTarget.value })}
        />
      </div>
      <SaveRow label="Save Pickup Details" saving={saving} error={formError} />
    </form>
  );
}
