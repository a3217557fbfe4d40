// A one-time notice carried across a redirect ("You have been logged out"). The cookie
// holds only a key from this list, so a forged cookie can show nothing but these texts.

export const FLASH_MESSAGES = {
  "signed-in": "Successfully logged in",
  "logged-out": "You have been logged out",
  expired: "Your session has expired. Please log in again.",
  "no-access": "You don't have access to this application",
  "password-updated": "Your password has been updated successfully",
  "product-created": "Product created successfully",
  "product-updated": "Product updated successfully",
  "product-deleted": "Product deleted successfully",
  "product-not-found": "Product not found",
} as const;

export type FlashKind = keyof typeof FLASH_MESSAGES;

const NAME = "selvage.flash";

// Path=/ because React Router's data requests for /admin go to /admin.data, which a
// cookie scoped to /admin would not be sent to.
function attributes(secure: boolean, maxAge: number) {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function setFlash(kind: FlashKind, secure: boolean): string {
  return `${NAME}=${kind}; ${attributes(secure, 60)}`;
}

/** The notice waiting for this request, and the header that removes it once shown. */
export function takeFlash(
  request: Request,
  secure: boolean,
): { kind: FlashKind; message: string; clear: string } | null {
  const cookie = request.headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === NAME && value && value in FLASH_MESSAGES) {
      const kind = value as FlashKind;
      return { kind, message: FLASH_MESSAGES[kind], clear: `${NAME}=; ${attributes(secure, 0)}` };
    }
  }
  return null;
}
