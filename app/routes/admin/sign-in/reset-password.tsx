import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { adminMeta } from "../admin-pages.ts";
import { requestPasswordReset } from "../../../../server/auth/password-reset.ts";
import { crossOriginRefusal, isSameOriginWrite } from "../../../../server/auth/same-origin.ts";
import { requestContext, servicesContext } from "../../../../server/context.ts";
import { AdminButton } from "../../../components/admin/admin-button.tsx";
import { Alert } from "../../../components/admin/alert.tsx";
import { AuthCard } from "../../../components/admin/auth-card.tsx";
import { Field } from "../../../components/admin/field.tsx";
import { useStoreName } from "../../../components/admin/use-store-name.ts";
import { resetRequestSchema } from "../../../../core/account-forms.ts";
import { parseForm, type FormErrors } from "../../../../core/forms.ts";
import { readForm } from "../../../../server/http/request-body.ts";
import { notify } from "../../../lib/notify.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (!isSameOriginWrite(request, services.config.PUBLIC_URL)) throw crossOriginRefusal();
  const form = parseForm(resetRequestSchema, await readForm(request));
  if (!form.ok) return data({ sent: false, errors: form.errors }, { status: 400 });
  const result = await requestPasswordReset(services, request, context.get(requestContext), form.value.email);
  if (!result.ok)
    return data({ sent: false, errors: { form: result.message } as FormErrors }, { status: result.status });
  return { sent: true, errors: {} as FormErrors };
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const storeName = useStoreName();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  // "Try again" returns to the form without forgetting what the server said last.
  const [dismissedResult, setDismissedResult] = useState<typeof actionData>(undefined);
  const result = actionData !== dismissedResult ? actionData : undefined;
  const errors = clientErrors ?? result?.errors ?? {};

  useEffect(() => {
    if (result?.sent) notify("Password reset instructions sent to your email");
  }, [result]);

  if (result?.sent) {
    return (
      <AuthCard storeName={storeName} title="Reset email sent">
        <div className="space-y-5">
          <Alert tone="success">
            If an account exists for that address, we've sent a link to reset its password. The link works once and
            expires in one hour.
          </Alert>
          <AdminButton variant="secondary" className="w-full" onClick={() => setDismissedResult(actionData)}>
            Try again
          </AdminButton>
          <p className="text-center text-sm">
            <Link to="/admin/login" className="text-stone-700 underline underline-offset-4 hover:text-stone-900">
              Back to sign in
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      storeName={storeName}
      title="Reset your password"
      description="Enter your email address and we'll send you a link to choose a new password."
    >
      <Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const parsed = parseForm(resetRequestSchema, new FormData(event.currentTarget));
          setClientErrors(parsed.ok ? null : parsed.errors);
          if (!parsed.ok) event.preventDefault();
        }}
      >
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field label="Email" name="email" type="email" autoComplete="username" required error={errors.email} />
        <AdminButton type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Send reset instructions"}
        </AdminButton>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to="/admin/login" className="text-stone-700 underline underline-offset-4 hover:text-stone-900">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("reset-password");
