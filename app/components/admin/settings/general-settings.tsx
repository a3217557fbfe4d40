import type { GeneralSettingsData } from "../../../routes/admin/store/settings-general.server.ts";
import { BrandingForm } from "./general-branding.tsx";
import { DescriptionTemplateForm, StoreDetailsForm } from "./general-details.tsx";
import { SettingsCard } from "./general-form.tsx";
import { LogoSetting } from "./general-logo.tsx";
import { PickupForm } from "./general-pickup.tsx";

/** Settings › General. Posts to the settings route with intents "general:…" through its own fetcher. */
export function GeneralSettings({ settings }: { settings: GeneralSettingsData }) {
  return (
    <div className="space-y-6">
      <SettingsCard title="Store Branding" description="Your logo and colours, as every shopper sees them.">
        <LogoSetting logoUrl={settings.logoUrl} storeName={settings.storeName} />
        <hr className="my-6 border-stone-200" />
        <BrandingForm settings={settings} storeName={settings.storeName} />
      </SettingsCard>
      <SettingsCard
        title="Store Details"
        description="Your store's name and how shoppers reach you: the contact page, the footer and emails."
      >
        <StoreDetailsForm settings={settings} />
      </SettingsCard>
      <SettingsCard
        title="Pickup"
        description="Where and when customers collect their orders. Both are sent to the customer in the email saying an order is ready for pickup."
      >
        <PickupForm settings={settings} />
      </SettingsCard>
      <SettingsCard title="Product Description Template">
        <DescriptionTemplateForm settings={settings} />
      </SettingsCard>
    </div>
  );
}
