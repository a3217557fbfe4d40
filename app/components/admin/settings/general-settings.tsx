import type { GeneralSettingsData } from "../../../routes/admin/store/settings-general.server.ts";

/** Settings › General. Posts to the settings route with intents "general:…" through its own fetcher. */
export function GeneralSettings(_props: { settings: GeneralSettingsData }) {
  return null;
}
