import type { Route } from "./+types/uploads";
import { servicesContext } from "../../../server/context.ts";
import { uploadImage } from "../../../server/uploads/upload-image.ts";

// POST /admin/uploads: a picture file or URL in, `{ url, width, height, name }` out.
// Inside the protected admin layout, so the owner's session, store membership and the
// request's origin are checked before this runs; the HTTP layer caps the body at 20 MB.

export async function action({ request, context }: Route.ActionArgs) {
  return uploadImage(context.get(servicesContext), request);
}
