import { data, type RouterContextProvider } from "react-router";
import type { StoreScope } from "../../../../server/db/store-scope.ts";

// Settings › Categories: edit, delete with a replacement, add while fewer than four.

export async function loadCategorySettings(_scope: StoreScope) {
  return [];
}

export type CategorySettingsData = Awaited<ReturnType<typeof loadCategorySettings>>;

export async function categorySettingsAction(
  _context: Readonly<RouterContextProvider>,
  _intent: string,
  _form: FormData,
) {
  return data({ ok: false as const }, { status: 400 });
}
