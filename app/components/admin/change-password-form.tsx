import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { withoutErrorsFor } from "../../../core/forms.ts";
import { AdminButton } from "./admin-button.tsx";
import { Alert } from "./alert.tsx";
import { Field } from "./field.tsx";

export type ChangePasswordErrors = Partial<
  Record<"currentPassword" | "newPassword" | "confirmPassword" | "form", string>
>;

/**
 * Settings › Account: the owner's password. `validate` is the same schema check the
 * server runs; the mismatch message shows while typing and keeps the button disabled.
 * A field's message goes once that field is edited, and so does the form's.
 */
export function ChangePasswordForm({
  errors: serverErrors,
  validate,
}: {
  errors: ChangePasswordErrors | undefined;
  validate: (form: FormData) => ChangePasswordErrors | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  // Server-rendered with the answer too, for a browser without JavaScript.
  const [errors, setErrors] = useState<ChangePasswordErrors>(serverErrors ?? {});
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const mismatch = confirmPassword !== "" && newPassword !== confirmPassword;

  // Each later answer replaces the messages shown.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- acting on the action's answer
    if (serverErrors) setErrors(serverErrors);
  }, [serverErrors]);
  const edited = (field: keyof ChangePasswordErrors) =>
    setErrors((current) => withoutErrorsFor(current, [field, "form"]));

  return (
    <Form
      method="post"
      noValidate
      className="max-w-md space-y-4"
      onSubmit={(event) => {
        const found = validate(new FormData(event.currentTarget));
        setErrors(found ?? {});
        if (found) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="change-password" />
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <Field
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
        onChange={() => edited("currentPassword")}
      />
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        error={errors.newPassword}
        value={newPassword}
        onChange={(event) => {
          setNewPassword(event.target.value);
          edited("newPassword");
        }}
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? "New passwords don't match" : errors.confirmPassword}
        value={confirmPassword}
        onChange={(event) => {
          setConfirmPassword(event.target.value);
          edited("confirmPassword");
        }}
      />
      <AdminButton type="submit" disabled={busy || mismatch}>
        {busy ? "Updating password..." : "Update Password"}
      </AdminButton>
    </Form>
  );
}
