import type { CategorySettingsData } from "../../../routes/admin/store/settings-categories.server.ts";

/** Settings › Categories. Posts to the settings route with intents "category:…" through its own fetcher. */
export function CategorySettings(_props: { categories: CategorySettingsData }) {
  return null;
}
