import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { AdminButton } from "./admin-button.tsx";
import { Alert } from "./alert.tsx";
import { Field } from "./field.tsx";

export type ChangePasswordErrors = Partial<
  Record<"currentPassword" | "newPassword" | "confirmPassword" | "form", string>
>;

/**
 * Settings › Account: the owner's password. `validate` is the same schema check the
 * server runs; the mismatch message shows while typing and keeps the button disabled.
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
  const [clientErrors, setClientErrors] = useState<ChangePasswordErrors | null>(null);
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const mismatch = confirmPassword !== "" && newPassword !== confirmPassword;
  const errors = clientErrors ?? serverErrors ?? {};

  return (
    <Form
      method="post"
      noValidate
      className="max-w-md space-y-4"
      onSubmit={(event) => {
        const found = validate(new FormData(event.currentTarget));
        setClientErrors(found);
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
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? "New passwords don't match" : errors.confirmPassword}
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <AdminButton type="submit" disabled={busy || mismatch}>
        {busy ? "Updating password..." : "Update Password"}
      </AdminButton>
    </Form>
  );
}
