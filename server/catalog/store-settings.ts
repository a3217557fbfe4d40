import { eq, sql } from "drizzle-orm";
import type { GeneralSettingsValues } from "../../core/store-settings.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { storeSettings } from "../db/schema.ts";

export type StoreSettings = typeof storeSettings.$inferSelect;

/**
 * The store's branding and contact details; every visitor sees the owner's choices. Read
 * on every page, so a storefront request takes them from the scope's memo when it has one.
 */
export async function getStoreSettings(scope: StoreScope): Promise<StoreSettings> {
  const { db, tenantId, memo } = scope;
  const read = async () => {
    const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId));
    if (!settings) throw new Error(`Store ${tenantId} has no settings`);
    return settings;
  };
  return memo ? memo.get(tenantId, "settings", read) : read();
}

/** What the General settings tab may change: values already checked by core/store-settings.ts. */
export type StoreSettingsChanges = Partial<Omit<GeneralSettingsValues, "logoUrl">> & { logoUrl?: string | null };

/**
 * Writes some of the store's settings in one statement, with a fresh updated_at, and
 * answers the whole row as stored.
 */
export async function updateStoreSettings(
  { db, tenantId }: StoreScope,
  changes: StoreSettingsChanges,
): Promise<StoreSettings> {
  const [settings] = await db
    .update(storeSettings)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(storeSettings.tenantId, tenantId))
    .returning();
  if (!settings) throw new Error(`Store ${tenantId} has no settings`);
  return settings;
}

/** Store Branding's colours. */
export const saveBranding = (
  scope: StoreScope,
  colors: Pick<GeneralSettingsValues, "primaryColor" | "textColor" | "bgColor">,
) => updateStoreSettings(scope, colors);

/** The store's name and contact details (the contact page, the footer, emails' sender and owner notices). */
export const saveStoreDetails = (
  scope: StoreScope,
  details: Pick<GeneralSettingsValues, "storeName" | "contactEmail" | "contactPhone">,
) => updateStoreSettings(scope, details);

/** The description new products start from. */
export const saveDescriptionTemplate = (scope: StoreScope, defaultProductDescription: string) =>
  updateStoreSettings(scope, { defaultProductDescription });

/** The header's logo, or none ("" or null): the store name shows instead. */
export const saveLogo = (scope: StoreScope, logoUrl: string | null) =>
  updateStoreSettings(scope, { logoUrl: logoUrl || null });

/** Where and when customers collect their orders (the "ready for pickup" email says so). */
export const savePickup = (scope: StoreScope, pickup: Pick<GeneralSettingsValues, "pickupLocation" | "pickupHours">) =>
  updateStoreSettings(scope, pickup);
