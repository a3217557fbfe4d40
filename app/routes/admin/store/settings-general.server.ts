import { data, type RouterContextProvider } from "react-router";
import type { StoreScope } from "../../../../server/db/store-scope.ts";

// Settings › General: store branding, store details and the description template.

export async function loadGeneralSettings(_scope: StoreScope) {
  return {};
}

export type GeneralSettingsData = Awaited<ReturnType<typeof loadGeneralSettings>>;

export async function generalSettingsAction(
  _context: Readonly<RouterContextProvider>,
  _intent: string,
  _form: FormData,
) {
  return data({ ok: false as const }, { status: 400 });
}
