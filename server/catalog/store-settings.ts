import { eq } from "drizzle-orm";
import type { StoreScope } from "../db/store-scope.ts";
import { storeSettings } from "../db/schema.ts";

export type StoreSettings = typeof storeSettings.$inferSelect;

/** The store's branding and contact details; every visitor sees the owner's choices. */
export async function getStoreSettings({ db, tenantId }: StoreScope): Promise<StoreSettings> {
  const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId));
  if (!settings) throw new Error(`Store ${tenantId} has no settings`);
  return settings;
}
