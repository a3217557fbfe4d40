import { describe, expect, it } from "vitest";
import { changePasswordSchema, loginSchema, newPasswordSchema, resetRequestSchema } from "./account-forms.ts";
import { parseForm } from "./forms.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("admin auth form schemas (spec §5 messages)", () => {
  it("sign-in needs both fields", () => {
    expect(parseForm(loginSchema, form({ email: " ", password: "x" }))).toEqual({
      ok: false,
      errors: { form: "Please enter both email and password" },
    });
    // Only normalised: trimmed, NFC, domain lower-cased; the local part keeps its case.
    expect(parseForm(loginSchema, form({ email: " Owner@Example.com ", password: "secret" }))).toEqual({
      ok: true,
      value: { email: "Owner@example.com", password: "secret" },
    });
  });

  it("reset request needs an email address", () => {
    expect(parseForm(resetRequestSchema, form({ email: "" }))).toEqual({
      ok: false,
      errors: { email: "Please enter your email address" },
    });
    expect(parseForm(resetRequestSchema, form({ email: "nope" }))).toEqual({
      ok: false,
      errors: { email: "Please enter a valid email address" },
    });
  });

  it("reset request takes any address the shop's one rule accepts, normalised", () => {
    expect(parseForm(resetRequestSchema, form({ email: " Jose\u0301@EXÄMPLE.com " }))).toEqual({
      ok: true,
      value: { email: "Jos\u00e9@exämple.com" },
    });
    expect(parseForm(resetRequestSchema, form({ email: "owner@example.com\u0000" })).ok).toBe(false);
  });

  it("new password: at least 8 characters, confirmed", () => {
    expect(parseForm(newPasswordSchema, form({ password: "short", confirmPassword: "short", token: "t" }))).toEqual({
      ok: false,
      errors: { password: "Password must be at least 8 characters long" },
    });
    expect(
      parseForm(newPasswordSchema, form({ password: "long-enough", confirmPassword: "different", token: "t" })),
    ).toEqual({
      ok: false,
      errors: { confirmPassword: "Passwords don't match" },
    });
    expect(
      parseForm(newPasswordSchema, form({ password: "long-enough", confirmPassword: "long-enough", token: "t" })).ok,
    ).toBe(true);
  });

  it("change password: all fields, 8 characters, matching", () => {
    const check = (fields: Record<string, string>) => parseForm(changePasswordSchema, form(fields));
    expect(check({ currentPassword: "", newPassword: "new-password", confirmPassword: "new-password" })).toEqual({
      ok: false,
      errors: { form: "Please fill in all password fields" },
    });
    expect(check({ currentPassword: "old", newPassword: "short", confirmPassword: "short" })).toEqual({
      ok: false,
      errors: { newPassword: "New password must be at least 8 characters long" },
    });
    expect(check({ currentPassword: "old", newPassword: "new-password", confirmPassword: "new-passwort" })).toEqual({
      ok: false,
      errors: { confirmPassword: "New passwords don't match" },
    });
    expect(check({ currentPassword: "old", newPassword: "new-password", confirmPassword: "new-password" }).ok).toBe(
      true,
    );
  });
});

describe("login schema and hostile input", () => {
  it("answers an address with control characters like a wrong one, without asking the database", () => {
    const result = loginSchema.safeParse({ email: "owner\u0000@example.com", password: "whatever1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Invalid email or password");
    const surrogate = loginSchema.safeParse({ email: "owner\ud800@example.com", password: "whatever1" });
    expect(surrogate.error?.issues[0]?.message).toBe("Invalid email or password");
  });
});

describe("new passwords hold only characters that can be typed again", () => {
  // (A lone surrogate cannot reach these schemas: form data turns it into U+FFFD.)
  for (const bad of ["\u0000", "\u0001", "\u001b", "\u007f", "\u0085", "\r\n"]) {
    it(`refuses ${JSON.stringify(bad)} in a reset or changed password`, () => {
      const password = `stitch${bad}seam2026`;
      expect(parseForm(newPasswordSchema, form({ password, confirmPassword: password, token: "t" }))).toEqual({
        ok: false,
        errors: { password: "Password must not contain control characters" },
      });
      expect(
        parseForm(
          changePasswordSchema,
          form({ currentPassword: "old-password", newPassword: password, confirmPassword: password }),
        ),
      ).toEqual({ ok: false, errors: { newPassword: "Password must not contain control characters" } });
    });
  }

  it("keeps accepting any typed character, spaces and other scripts included", () => {
    const password = "Zürich Näht 2026 ✂️";
    expect(parseForm(newPasswordSchema, form({ password, confirmPassword: password, token: "t" })).ok).toBe(true);
  });
});
