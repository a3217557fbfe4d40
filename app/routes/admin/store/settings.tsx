import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/settings";
import { adminMeta } from "../admin-pages.ts";
import { AdminErrorBoundary } from "../../../components/admin/admin-error-boundary.tsx";
import { changePassword } from "../../../../server/auth/change-password.ts";
import { adminContext, requestContext, servicesContext, storeContext } from "../../../../server/context.ts";
import { ChangePasswordForm, type ChangePasswordErrors } from "../../../components/admin/change-password-form.tsx";
import { changePasswordSchema } from "../../../../core/account-forms.ts";
import { parseForm } from "../../../../core/forms.ts";
import { readForm } from "../../../../server/http/request-body.ts";
import { notify } from "../../../lib/notify.ts";
import { GeneralSettings } from "../../../components/admin/settings/general-settings.tsx";
import { CategorySettings } from "../../../components/admin/settings/category-settings.tsx";
import { UnsavedFormsGuard } from "../../../components/admin/leave-guard.tsx";
import { generalSettingsAction, loadGeneralSettings } from "./settings-general.server.ts";
import { categorySettingsAction, loadCategorySettings } from "./settings-categories.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);
  const [general, categories] = await Promise.all([loadGeneralSettings(scope), loadCategorySettings(scope)]);
  return { general, categories };
}

// One action for the page's forms, told apart by their intent: "general:…" forms belong to
// the General tab (settings-general.server.ts), "category:…" to the Categories tab
// (settings-categories.server.ts). The tabs post with their own fetchers, so each reads
// only its own answers.
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent.startsWith("general:")) return generalSettingsAction(context, intent, formData);
  if (intent.startsWith("category:")) return categorySettingsAction(context, intent, formData);
  if (intent !== "change-password") {
    throw data("Unknown form", { status: 400 });
  }
  const form = parseForm(changePasswordSchema, formData);
  if (!form.ok) return data({ updated: false, errors: form.errors as ChangePasswordErrors }, { status: 400 });

  const result = await changePassword(
    context.get(servicesContext),
    request,
    context.get(requestContext),
    context.get(adminContext),
    form.value,
  );
  if (!result.ok) {
    return data(
      { updated: false, errors: { [result.field]: result.message } as ChangePasswordErrors },
      { status: result.status },
    );
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  // updatedAt gives the form a fresh key, so its fields empty after each change.
  return data({ updated: true, updatedAt: Date.now(), errors: {} as ChangePasswordErrors }, { headers });
}

function validateChangePassword(formData: FormData): ChangePasswordErrors | null {
  const result = parseForm(changePasswordSchema, formData);
  return result.ok ? null : (result.errors as ChangePasswordErrors);
}

const TABS = ["general", "categories", "account"] as const;

export default function SettingsPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  // The page's own action answer is the password form's; the other tabs read their fetchers'.
  const actionData = answer && "updated" in answer ? answer : undefined;
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const [tab, setTab] = useState<string>(TABS.find((name) => name === requested) ?? "general");

  useEffect(() => {
    if (actionData?.updated) notify("Your password has been updated successfully");
  }, [actionData]);

  return (
    <div>
      <h1 className="text-2xl font-semibold text-stone-900">Settings</h1>
      {/* One question for the page's forms, whichever tab they are on. */}
      <UnsavedFormsGuard message="Your changes to these settings have not been saved and will be lost.">
        <Tabs.Root value={tab} onValueChange={setTab} className="mt-6">
          <Tabs.List
            aria-label="Settings sections"
            className="inline-flex rounded-lg border border-stone-200 bg-white p-1 shadow-xs"
          >
            {[
              ["general", "General"],
              ["categories", "Categories"],
              ["account", "Account"],
            ].map(([value, label]) => (
              <Tabs.Trigger
                key={value}
                value={value!}
                className="rounded-md px-4 py-1.5 text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900 data-[state=active]:bg-stone-900 data-[state=active]:text-white"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* These two are kept while another tab shows, so what was typed there and not saved stays. */}
          <Tabs.Content value="general" forceMount className="mt-6 data-[state=inactive]:hidden">
            <GeneralSettings settings={loaderData.general} />
          </Tabs.Content>
          <Tabs.Content value="categories" forceMount className="mt-6 data-[state=inactive]:hidden">
            <CategorySettings categories={loaderData.categories} />
          </Tabs.Content>
          <Tabs.Content value="account" className="mt-6">
            <section className="rounded-xl border border-stone-200 bg-white p-6 shadow-xs">
              <h2 className="text-base font-semibold text-stone-900">Change password</h2>
              <p className="mt-1 mb-6 text-sm text-stone-600">Changing your password signs you out everywhere else.</p>
              <ChangePasswordForm
                key={actionData && "updatedAt" in actionData ? String(actionData.updatedAt) : "form"}
                errors={actionData?.updated ? undefined : actionData?.errors}
                validate={validateChangePassword}
              />
            </section>
          </Tabs.Content>
        </Tabs.Root>
      </UnsavedFormsGuard>
    </div>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("settings");

// Errors show inside the admin shell, with the sidebar still there.
export const ErrorBoundary = AdminErrorBoundary;
