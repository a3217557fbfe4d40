// Rules of a picture upload that the browser (instant messages) and the server (the truth)
// share: what counts as a picture, how large it may be, and the words the owner reads.

/** Largest picture an owner may upload or import (SPEC §9). */
export const IMAGE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** What a picture is for decides where it is kept. */
export const UPLOAD_PURPOSES = ["product", "fabric", "logo"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The formats an owner may upload, told apart by their first bytes. */
export type ImageFormat = "jpeg" | "png" | "gif" | "webp";

/** For the file chooser only; what a file is, is decided by its content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

/** How many leading bytes sniffImageFormat needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/**
 * The format a file's first bytes announce, or null for anything else (SVG, HTML, PDF,
 * AVIF, text with a picture's name). Only the start is read: whether the rest really
 * is that picture is for the decoder to find out.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/** A file name as the shop keeps it: letters, digits, underscore, slash, hyphen and dot (SPEC §5). */
export function sanitizeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9_/\-.]/g, "_");
}

export const notAnImageMessage = (name: string) => `File ${name} is not an image.`;
export const tooLargeMessage = (name: string) => `File ${name} exceeds 20MB size limit.`;
export const uploadFailedMessage = (reason: string) => `Failed to upload image: ${reason}`;

/** The toast after a picture was stored. */
export function uploadSucceededMessage(purpose: UploadPurpose): string {
  return purpose === "fabric" ? "Fabric swatch uploaded successfully" : "Image uploaded successfully";
}

/** What the upload endpoint answers for a stored picture. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  name: string;
}
