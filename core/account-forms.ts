import { z } from "zod";
import { emailAddress, normalizeEmailAddress } from "./email.ts";
import { hasControlCharacters, hasLoneSurrogates } from "./text.ts";

// One schema per form, used by the browser for instant messages and by the action
// for the truth. Messages are the spec's (§5).

/** Said by the reset page to a link that is unknown, used or expired. */
export const INVALID_RESET_LINK = "Invalid or expired password reset link";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const loginSchema = z
  // Sign-in only normalises the address: whether it is valid is for the account lookup to say.
  .object({
    email: z.string().overwrite(normalizeEmailAddress).max(254),
    password: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.email !== "" && value.password !== "", {
    message: "Please enter both email and password",
  })
  // No account's address holds a control character; the answer is the one for a wrong address.
  .refine((value) => !hasControlCharacters(value.email) && !hasLoneSurrogates(value.email), {
    message: "Invalid email or password",
  });

export const resetRequestSchema = z.object({
  email: emailAddress("Please enter a valid email address", { empty: "Please enter your email address" }),
});

// A password may hold any character a keyboard types, but no control character or broken
// UTF-16: those cannot be typed again at sign-in, so such a password would lock its owner out.
const PASSWORD_UNTYPEABLE = "Password must not contain control characters";
const typeable = (value: string) => !hasControlCharacters(value) && !hasLoneSurrogates(value);

export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters long")
      .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters long")
      .refine(typeable, PASSWORD_UNTYPEABLE),
    confirmPassword: z.string(),
    token: z.string().min(1, "Invalid or expired password reset link").max(200),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH),
    newPassword: z.string().max(PASSWORD_MAX_LENGTH, "New password must be at most 128 characters long"),
    confirmPassword: z.string(),
  })
  .check((ctx) => {
    const { currentPassword, newPassword, confirmPassword } = ctx.value;
    if (!currentPassword || !newPassword || !confirmPassword) {
      ctx.issues.push({ code: "custom", message: "Please fill in all password fields", input: ctx.value });
      return;
    }
    if (!typeable(newPassword)) {
      ctx.issues.push({ code: "custom", message: PASSWORD_UNTYPEABLE, path: ["newPassword"], input: ctx.value });
    } else if (newPassword.length < PASSWORD_MIN_LENGTH) {
      ctx.issues.push({
        code: "custom",
        message: "New password must be at least 8 characters long",
        path: ["newPassword"],
        input: ctx.value,
      });
    }
    if (newPassword !== confirmPassword) {
      ctx.issues.push({
        code: "custom",
        message: "New passwords don't match",
        path: ["confirmPassword"],
        input: ctx.value,
      });
    }
  });
