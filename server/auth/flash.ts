// A one-time notice carried across a redirect ("You have been logged out"). The cookie
// holds only a key from this list, so a forged cookie can show nothing but these texts.
//
// To redirect with a notice:
//   throw redirect(adminPath("products"), { headers: { "Set-Cookie": setFlash("product-deleted", config.secure) } });
// The admin layout's loader (and the sign-in page's) takes it and the page shows it once
// as a toast (useFlashNotice in app/lib/notify.ts).

import {
  FABRIC_ADDED_MESSAGE,
  FABRIC_DELETED_MESSAGE,
  FABRIC_NOT_FOUND_MESSAGE,
  FABRIC_UPDATED_MESSAGE,
} from "../../core/fabric.ts";

export const FLASH_NOTICES = {
  "signed-in": { message: "Successfully logged in", tone: "success" },
  "logged-out": { message: "You have been logged out", tone: "success" },
  expired: { message: "Your session has expired. Please log in again.", tone: "error" },
  "no-access": { message: "You don't have access to this application", tone: "error" },
  "password-updated": { message: "Your password has been updated successfully", tone: "success" },
  "product-created": { message: "Product created successfully", tone: "success" },
  "product-updated": { message: "Product updated successfully", tone: "success" },
  "product-deleted": { message: "Product deleted successfully", tone: "success" },
  "product-not-found": { message: "Product not found", tone: "error" },
  "fabric-added": { message: FABRIC_ADDED_MESSAGE, tone: "success" },
  "fabric-updated": { message: FABRIC_UPDATED_MESSAGE, tone: "success" },
  "fabric-deleted": { message: FABRIC_DELETED_MESSAGE, tone: "success" },
  "fabric-not-found": { message: FABRIC_NOT_FOUND_MESSAGE, tone: "error" },
} as const satisfies Record<string, { message: string; tone: "success" | "error" }>;

export type FlashKind = keyof typeof FLASH_NOTICES;

/** What a loader hands its page; app/lib/notify.ts (FlashNotice) shows it. */
export interface TakenFlash {
  kind: FlashKind;
  /** New for every take, so the page can tell this notice from one it already showed. */
  id: string;
  message: string;
  tone: "success" | "error";
}

const NAME = "selvage.flash";

// Path=/ because React Router's data requests for /admin go to /admin.data, which a
// cookie scoped to /admin would not be sent to.
function attributes(secure: boolean, maxAge: number) {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that carries a notice to the next page. */
export function setFlash(kind: FlashKind, secure: boolean): string {
  return `${NAME}=${kind}; ${attributes(secure, 60)}`;
}

/** The notice waiting for this request, and the Set-Cookie value that removes it once taken. */
export function takeFlash(request: Request, secure: boolean): { notice: TakenFlash; clear: string } | null {
  const cookie = request.headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === NAME && value && Object.hasOwn(FLASH_NOTICES, value)) {
      const kind = value as FlashKind;
      return {
        notice: { kind, id: crypto.randomUUID(), ...FLASH_NOTICES[kind] },
        clear: `${NAME}=; ${attributes(secure, 0)}`,
      };
    }
  }
  return null;
}
