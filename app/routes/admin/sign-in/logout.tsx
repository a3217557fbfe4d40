import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { adminPath } from "../admin-pages.ts";
import { clearSessionCookie } from "../../../../server/auth/admin-guard.ts";
import { setFlash } from "../../../../server/auth/flash.ts";
import { crossOriginRefusal, isSameOriginWrite } from "../../../../server/auth/same-origin.ts";
import { authHeaders, hasSessionCookie } from "../../../../server/auth/session.ts";
import { requestContext, servicesContext } from "../../../../server/context.ts";
import { readForm } from "../../../../server/http/request-body.ts";

// Signing out changes state, so only a same-site POST does it; a link or an image
// pointing here from another site cannot sign the owner out.
export function loader() {
  return redirect(adminPath("dashboard"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, config, log } = context.get(servicesContext);
  if (!isSameOriginWrite(request, config.PUBLIC_URL)) throw crossOriginRefusal();
  // The sign-out button posts an empty form; anything else is refused like at every other action.
  await readForm(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (hasSessionCookie(request)) {
    try {
      // Deletes the session in the database: the cookie is worthless from now on.
      await auth.api.signOut({ headers: authHeaders(request, context.get(requestContext)) });
    } catch (error) {
      log.warn({ err: error }, "Error during logout");
    }
  }
  headers.append("Set-Cookie", clearSessionCookie(config.secure));
  headers.append("Set-Cookie", setFlash("logged-out", config.secure));
  return redirect(adminPath("login"), { headers });
}
