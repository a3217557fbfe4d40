import { data, type RouterContextProvider } from "react-router";
import { parseForm, type FormErrors } from "../../../../core/forms.ts";
import {
  brandingSchema,
  descriptionTemplateSchema,
  isGeneralSettingsIntent,
  logoSchema,
  pickupSchema,
  storeDetailsSchema,
  type GeneralSettingsAnswer,
  type GeneralSettingsIntent,
  type GeneralSettingsValues,
} from "../../../../core/store-settings.ts";
import {
  getStoreSettings,
  saveBranding,
  saveDescriptionTemplate,
  saveLogo,
  savePickup,
  saveStoreDetails,
  type StoreSettings,
} from "../../../../server/catalog/store-settings.ts";
import { servicesContext, storeContext } from "../../../../server/context.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../../../../server/db/availability.ts";
import type { StoreScope } from "../../../../server/db/store-scope.ts";

// Settings › General: store branding, store details, the description template and pickup. Each
// card posts its own intent; a refusal answers 400 with its field messages and writes
// nothing, a save writes one row in one statement and answers the settings as stored.

const generalValues = (settings: StoreSettings): GeneralSettingsValues => ({
  storeName: settings.storeName,
  contactEmail: settings.contactEmail,
  contactPhone: settings.contactPhone,
  logoUrl: settings.logoUrl,
  primaryColor: settings.primaryColor,
  textColor: settings.textColor,
  bgColor: settings.bgColor,
  defaultProductDescription: settings.defaultProductDescription,
  pickupLocation: settings.pickupLocation,
  pickupHours: settings.pickupHours,
});

export async function loadGeneralSettings(scope: StoreScope) {
  return generalValues(await getStoreSettings(scope));
}

export type GeneralSettingsData = Awaited<ReturnType<typeof loadGeneralSettings>>;

const refuse = (intent: string, status: number, error: string, fieldErrors: FormErrors = {}) =>
  data<GeneralSettingsAnswer>({ intent, ok: false, error, fieldErrors }, { status });

/** Checks a card's form with its schema and writes it: the settings as stored, or the field messages. */
async function saveCard(
  scope: StoreScope,
  intent: GeneralSettingsIntent,
  form: FormData,
): Promise<{ ok: true; saved: StoreSettings } | { ok: false; errors: FormErrors }> {
  switch (intent) {
    case "general:branding": {
      const parsed = parseForm(brandingSchema, form);
      return parsed.ok ? { ok: true, saved: await saveBranding(scope, parsed.value) } : parsed;
    }
    case "general:details": {
      const parsed = parseForm(storeDetailsSchema, form);
      return parsed.ok ? { ok: true, saved: await saveStoreDetails(scope, parsed.value) } : parsed;
    }
    case "general:template": {
      const parsed = parseForm(descriptionTemplateSchema, form);
      return parsed.ok
        ? { ok: true, saved: await saveDescriptionTemplate(scope, parsed.value.defaultProductDescription) }
        : parsed;
    }
    case "general:pickup": {
      const parsed = parseForm(pickupSchema, form);
      return parsed.ok ? { ok: true, saved: await savePickup(scope, parsed.value) } : parsed;
    }
    case "general:logo": {
      const parsed = parseForm(logoSchema, form);
      return parsed.ok ? { ok: true, saved: await saveLogo(scope, parsed.value.logoUrl) } : parsed;
    }
  }
}

export async function generalSettingsAction(context: Readonly<RouterContextProvider>, intent: string, form: FormData) {
  if (!isGeneralSettingsIntent(intent)) return refuse(intent, 400, "Unknown form");
  try {
    const result = await saveCard(context.get(storeContext), intent, form);
    if (!result.ok) return refuse(intent, 400, Object.values(result.errors)[0] ?? "Unknown form", result.errors);
    return data<GeneralSettingsAnswer>({ intent, ok: true, settings: generalValues(result.saved) });
  } catch (error) {
    // An outage is told on the form, which keeps what the owner typed.
    if (isDatabaseUnavailable(error)) return refuse(intent, 503, SHOP_UNAVAILABLE_MESSAGE);
    context.get(servicesContext).log.error({ err: error, intent }, "store settings save failed");
    return refuse(intent, 500, "Unknown error");
  }
}
