import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { adminMeta, adminPath } from "../admin-pages.ts";
import { setFlash, takeFlash } from "../../../../server/auth/flash.ts";
import { crossOriginRefusal, isSameOriginWrite } from "../../../../server/auth/same-origin.ts";
import { takeReturnPath } from "../../../../server/auth/return-path.ts";
import { checkSession } from "../../../../server/auth/session.ts";
import { signIn } from "../../../../server/auth/sign-in.ts";
import { requestContext, servicesContext } from "../../../../server/context.ts";
import { AdminButton } from "../../../components/admin/admin-button.tsx";
import { Alert } from "../../../components/admin/alert.tsx";
import { AuthCard } from "../../../components/admin/auth-card.tsx";
import { Field } from "../../../components/admin/field.tsx";
import { useStoreName } from "../../../components/admin/use-store-name.ts";
import { loginSchema } from "../../../../core/account-forms.ts";
import { parseForm, type FormErrors } from "../../../../core/forms.ts";
import { readForm } from "../../../../server/http/request-body.ts";
import { useFlashNotice } from "../../../lib/notify.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const session = await checkSession(services, request, context.get(requestContext));
  // A signed-in owner has nothing to do here.
  if (session.status === "owner") {
    const back = takeReturnPath(request, services.config.secure);
    throw redirect(back.path ?? adminPath("dashboard"), { headers: { "Set-Cookie": back.clear } });
  }
  // "You have been logged out", "Your session has expired…": taken once, shown once.
  const flash = takeFlash(request, services.config.secure);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (flash) headers.append("Set-Cookie", flash.clear);
  return data({ notice: flash?.notice ?? null }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (!isSameOriginWrite(request, services.config.PUBLIC_URL)) throw crossOriginRefusal();
  const form = parseForm(loginSchema, await readForm(request));
  if (!form.ok) return data({ errors: form.errors }, { status: 400 });

  const result = await signIn(services, request, context.get(requestContext), form.value);
  if (!result.ok) return data({ errors: { form: result.message } as FormErrors }, { status: result.status });

  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", setFlash("signed-in", services.config.secure));
  // Back to the page the shop sent her here from, if any.
  const back = takeReturnPath(request, services.config.secure);
  headers.append("Set-Cookie", back.clear);
  return redirect(back.path ?? adminPath("dashboard"), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const storeName = useStoreName();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/admin/login";
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const errors = clientErrors ?? actionData?.errors ?? {};
  useFlashNotice(loaderData.notice);

  return (
    <AuthCard storeName={storeName} title="Sign In" description="Sign in to manage your store.">
      <Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const result = parseForm(loginSchema, new FormData(event.currentTarget));
          setClientErrors(result.ok ? null : result.errors);
          if (!result.ok) event.preventDefault();
        }}
      >
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <AdminButton type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </AdminButton>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to="/admin/reset-password" className="text-stone-700 underline underline-offset-4 hover:text-stone-900">
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("login");
