import { z } from "zod";
import {
  IMAGE_UPLOAD_MAX_BYTES,
  notAnImageMessage,
  sanitizeFileName,
  sniffImageFormat,
  tooLargeMessage,
  UPLOAD_PURPOSES,
  uploadFailedMessage,
  type UploadedImage,
  type UploadPurpose,
} from "../../core/image-upload.ts";
import { LOGO_MAX_BYTES, logoTooLargeMessage } from "../../core/store-settings.ts";
import type { AppServices } from "../context.ts";
import { readForm } from "../http/request-body.ts";
import { ImageRejectedError, storeImage } from "../storage/image-processing.ts";
import { importImageFromUrl, UrlImportError } from "./url-import.ts";

// The one way a picture enters the shop (product pictures, fabric swatches, the logo):
// a file from the owner's computer or a URL the server fetches once. Either way the
// bytes must announce JPEG, PNG, GIF or WebP, decode completely within the pixel limit,
// and are stored re-encoded (storeImage): what was sent is never served as it was.
// A logo is held to the 2MB its hint promises, a file or a URL alike.

/** Where each kind of picture is kept under /uploads. */
const FOLDERS: Record<UploadPurpose, string> = { product: "products", fabric: "fabrics", logo: "store" };

const uploadSchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: "say what the picture is for (product, fabric or logo)" }),
});

type Services = Pick<AppServices, "config" | "log" | "storage">;

/** Names longer than this are shortened in messages and answers. */
const MAX_NAME_LENGTH = 120;

/** Answers the upload endpoint: `{ url, width, height, name }`, or `{ error }` with 400, 413 or 415. */
export async function uploadImage(services: Services, request: Request): Promise<Response> {
  const form = await readForm(request).catch(refusedBody);
  if (form instanceof Response) return form;

  const parsed = uploadSchema.safeParse({ purpose: form.get("purpose") ?? undefined });
  if (!parsed.success) return refuse(400, uploadFailedMessage(parsed.error.issues[0]!.message));
  const { purpose } = parsed.data;

  const file = form.get("file");
  const url = form.get("url");
  let bytes: Buffer;
  let name: string;
  if (file instanceof File && typeof url !== "string") {
    name = displayName(file.name || "image");
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return refuse(413, tooLargeMessage(name));
    if (purpose === "logo" && file.size > LOGO_MAX_BYTES) return refuse(413, logoTooLargeMessage(name));
    bytes = Buffer.from(await file.arrayBuffer());
  } else if (typeof url === "string" && url.trim() !== "" && file === null) {
    try {
      ({ bytes, name } = await importImageFromUrl(url.trim(), {
        allowPrivate: services.config.UPLOAD_ALLOW_PRIVATE_URLS,
      }));
    } catch (error) {
      if (!(error instanceof UrlImportError)) throw error;
      services.log.info({ err: error, url, purpose }, "image import refused");
      return refuse(error.failure === "too-large" ? 413 : 400, uploadFailedMessage(error.message));
    }
    name = displayName(name);
    if (purpose === "logo" && bytes.length > LOGO_MAX_BYTES) return refuse(413, logoTooLargeMessage(name));
  } else {
    return refuse(400, uploadFailedMessage("send one picture file or one URL"));
  }

  // Decided by the first bytes: SVG, HTML, PDF, or text named .png never reach the decoder.
  if (!sniffImageFormat(bytes)) return refuse(415, notAnImageMessage(name));
  try {
    const stored = await storeImage(services.storage, bytes, FOLDERS[purpose]);
    const answer: UploadedImage = { ...stored, name: sanitizeFileName(name) };
    return Response.json(answer);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    services.log.info({ reason: error.reason, purpose }, "image upload refused");
    if (error.reason === "not-an-image") return refuse(415, notAnImageMessage(name));
    return refuse(400, uploadFailedMessage(error.message));
  }
}

function refuse(status: 400 | 413 | 415, error: string): Response {
  return Response.json({ error }, { status });
}

/** The file name as the owner knows it, safe to show: no control characters, bounded. */
function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "image";
  return clean.length > MAX_NAME_LENGTH ? `${clean.slice(0, MAX_NAME_LENGTH - 1)}…` : clean;
}

/**
 * readForm's refusals (a thrown `data(message, { status })`: 413, 415, 400) as this
 * endpoint's JSON, so the browser reads every answer the same way.
 */
function refusedBody(thrown: unknown): Response {
  const status = (thrown as { init?: { status?: number } | null } | null)?.init?.status;
  if (status === 413) return refuse(413, uploadFailedMessage("the picture exceeds the 20MB size limit"));
  if (status === 415) return refuse(415, uploadFailedMessage("send the picture as multipart/form-data"));
  if (status === 400) return refuse(400, uploadFailedMessage("the upload arrived incomplete or malformed"));
  throw thrown;
}
