import { isUtf8 } from "node:buffer";
import { data } from "react-router";
import { PayloadTooLargeError } from "./request-limits.ts";

// The one way actions read a body: the wrong kind of body is a 415, a malformed one a
// 400, and neither reaches the action's logic (so nothing is written). Text that is
// not UTF-8 is malformed: it is refused rather than silently replaced with U+FFFD.

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

function unsupported(expected: string) {
  return data(`Unsupported content type: send ${expected}`, { status: 415 });
}

function malformed(error: unknown) {
  if (
    error instanceof PayloadTooLargeError ||
    (error instanceof Error && error.cause instanceof PayloadTooLargeError)
  ) {
    return data("Request too large", { status: 413 });
  }
  return data("Malformed request body", { status: 400 });
}

const decodeUtf8 = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

/** A submitted form (URL-encoded or multipart). */
export async function readForm(request: Request): Promise<FormData> {
  const type = mediaType(request);
  if (!FORM_TYPES.includes(type)) throw unsupported("a form");
  try {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (type === "application/x-www-form-urlencoded") return urlEncodedForm(bytes);
    const form = await new Response(bytes, {
      headers: { "content-type": request.headers.get("content-type")! },
    }).formData();
    if (!multipartTextIsUtf8(bytes, request.headers.get("content-type")!)) throw new Error("Form text is not UTF-8");
    return form;
  } catch (error) {
    throw malformed(error);
  }
}

/**
 * What URLSearchParams reads, except that bytes which are not UTF-8, sent as they are or
 * percent-encoded, make the whole form malformed.
 */
function urlEncodedForm(bytes: Uint8Array): FormData {
  const text = decodeUtf8(bytes);
  // decodeURIComponent throws for escapes that are not UTF-8; a "%" without two hex
  // digits is kept as it is, as URLSearchParams keeps it.
  for (const piece of text.split(/[&=]/)) decodeURIComponent(piece.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"));
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return form;
}

/** Whether every part of a multipart body but its files (names and values) is UTF-8. */
function multipartTextIsUtf8(bytes: Uint8Array, contentType: string): boolean {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return false;
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  for (let start = body.indexOf(delimiter); start >= 0;) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    const part = body.subarray(start + delimiter.length, next < 0 ? body.length : next);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd);
      if (!isUtf8(headers)) return false;
      if (!/;\s*filename\*?=/i.test(headers.toString("utf8")) && !isUtf8(part.subarray(headerEnd + 4))) return false;
    }
    start = next;
  }
  return true;
}

/** A JSON body's exact text, for an action that checks a signature over it before parsing. */
export async function readJsonText(request: Request): Promise<string> {
  if (mediaType(request) !== "application/json") throw unsupported("application/json");
  try {
    return decodeUtf8(new Uint8Array(await request.arrayBuffer()));
  } catch (error) {
    throw malformed(error);
  }
}

/** A JSON body; what it holds is for the action's schema to judge. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await readJsonText(request);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw malformed(error);
  }
}
