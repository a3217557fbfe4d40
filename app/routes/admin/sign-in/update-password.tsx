import { useEffect, useState, useSyncExternalStore } from "react";
import { data, Form, Link, useFetcher, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/update-password";
import { adminMeta } from "../admin-pages.ts";
import { isResetTokenValid, resetPassword } from "../../../../server/auth/password-reset.ts";
import { crossOriginRefusal, isSameOriginWrite } from "../../../../server/auth/same-origin.ts";
import { servicesContext } from "../../../../server/context.ts";
import { AdminButton } from "../../../components/admin/admin-button.tsx";
import { Alert } from "../../../components/admin/alert.tsx";
import { AuthCard } from "../../../components/admin/auth-card.tsx";
import { Field } from "../../../components/admin/field.tsx";
import { useStoreName } from "../../../components/admin/use-store-name.ts";
import { INVALID_RESET_LINK, newPasswordSchema } from "../../../../core/account-forms.ts";
import { parseForm, type FormErrors } from "../../../../core/forms.ts";
import { isCleanText } from "../../../../core/text.ts";
import { readForm } from "../../../../server/http/request-body.ts";
import { notify } from "../../../lib/notify.ts";

/** After an invalid link, the page says so and then goes to the sign-in page (spec: 3 s). */
const INVALID_LINK_REDIRECT_MS = 3000;

// The reset token arrives in the URL fragment (#token=…), which never reaches the
// server's logs; the page reads it in the browser and posts it back with the form.
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (!isSameOriginWrite(request, services.config.PUBLIC_URL)) throw crossOriginRefusal();
  const formData = await readForm(request);
  // Tokens we send are URL-safe text: one holding control characters is no link of ours,
  // and is never looked up (PostgreSQL refuses a NUL outright).
  const token = String(formData.get("token") ?? "");
  if (formData.get("intent") === "check") {
    const valid = isCleanText(token) && (await isResetTokenValid(services, token));
    return { intent: "check" as const, valid, errors: {} as FormErrors };
  }
  const form = isCleanText(token)
    ? parseForm(newPasswordSchema, formData)
    : { ok: false as const, errors: { token: INVALID_RESET_LINK } as FormErrors };
  if (!form.ok) {
    const invalidLink = form.errors.token !== undefined;
    return data(
      {
        intent: "update" as const,
        valid: !invalidLink,
        updated: false,
        errors: invalidLink ? { form: INVALID_RESET_LINK } : form.errors,
      },
      { status: 400 },
    );
  }
  const result = await resetPassword(services, form.value.token, form.value.password);
  if (!result.ok) {
    return data(
      {
        intent: "update" as const,
        valid: result.message !== INVALID_RESET_LINK,
        updated: false,
        errors: { form: result.message } as FormErrors,
      },
      { status: result.status },
    );
  }
  return { intent: "update" as const, valid: true, updated: true, errors: {} as FormErrors };
}

type LinkState = "checking" | "valid" | "invalid";

// The token is read from the fragment once per page load and kept here, so it can be
// taken out of the address bar (and the history) right away.
let capturedToken: string | null | undefined;
function readResetToken(): string | null {
  if (capturedToken === undefined) {
    capturedToken = new URLSearchParams(window.location.hash.slice(1)).get("token");
  }
  return capturedToken;
}
const noSubscription = () => () => {};

export default function UpdatePassword({ actionData }: Route.ComponentProps) {
  const storeName = useStoreName();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const check = useFetcher<typeof action>();
  // undefined while rendering on the server and hydrating: the fragment is browser-only.
  const token = useSyncExternalStore(noSubscription, readResetToken, () => undefined);
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const busy = navigation.state === "submitting";
  const updated = actionData && "updated" in actionData && actionData.updated;
  const errors = clientErrors ?? actionData?.errors ?? {};

  let linkState: LinkState = "checking";
  if (token === null || (actionData && !actionData.valid)) linkState = "invalid";
  else if (check.data) linkState = check.data.valid ? "valid" : "invalid";

  const { submit, state: checkState, data: checked } = check;
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname);
    if (token && checkState === "idle" && !checked) void submit({ intent: "check", token }, { method: "post" });
  }, [token, submit, checkState, checked]);

  useEffect(() => {
    if (updated) notify("Your password has been updated successfully");
  }, [updated]);

  useEffect(() => {
    if (linkState !== "invalid") return;
    const timer = setTimeout(() => void navigate("/admin/login"), INVALID_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [linkState, navigate]);

  if (updated) {
    return (
      <AuthCard storeName={storeName} title="Password updated">
        <div className="space-y-5">
          <Alert tone="success">Your password has been updated successfully</Alert>
          <p className="text-sm text-stone-600">
            For your safety, every device that was signed in has been signed out.
          </p>
          <Link
            to="/admin/login"
            className="flex h-10 w-full items-center justify-center rounded-md bg-stone-900 text-sm font-medium text-white hover:bg-stone-800"
          >
            Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (linkState === "invalid") {
    return (
      <AuthCard storeName={storeName} title="Choose a new password">
        <Alert tone="error">{INVALID_RESET_LINK}</Alert>
        <p className="mt-4 text-sm text-stone-600">Taking you to the sign-in page…</p>
      </AuthCard>
    );
  }

  if (linkState === "checking") {
    return (
      <AuthCard storeName={storeName} title="Choose a new password">
        <p role="status" className="text-sm text-stone-600">
          Checking your reset link...
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard storeName={storeName} title="Choose a new password" description="Use at least 8 characters.">
      <Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const parsed = parseForm(newPasswordSchema, new FormData(event.currentTarget));
          setClientErrors(parsed.ok ? null : parsed.errors);
          if (!parsed.ok) event.preventDefault();
        }}
      >
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="token" value={token ?? ""} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <AdminButton type="submit" className="w-full" disabled={busy}>
          {busy ? "Updating password..." : "Update Password"}
        </AdminButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("update-password");
