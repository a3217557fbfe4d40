import { describe, expect, it } from "vitest";
import {
  notAnImageMessage,
  sanitizeFileName,
  sniffImageFormat,
  tooLargeMessage,
  uploadFailedMessage,
  uploadSucceededMessage,
} from "./image-upload.ts";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("sniffImageFormat", () => {
  it("knows the four formats by their first bytes", () => {
    expect(sniffImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageFormat(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffImageFormat(bytes("GIF87a"))).toBe("gif");
    expect(sniffImageFormat(bytes("GIF89a"))).toBe("gif");
    expect(sniffImageFormat(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("webp");
  });

  it("refuses everything else, whatever it is called", () => {
    for (const text of [
      "",
      "<svg xmlns='http://www.w3.org/2000/svg'>",
      "<!doctype html><script>",
      "%PDF-1.7",
      "GIF90a",
      "RIFF\u0000\u0000\u0000\u0000WAVEfmt ",
      "hello.png",
    ]) {
      expect(sniffImageFormat(bytes(text)), text).toBeNull();
    }
    // AVIF/HEIF: a real picture format, but not one the shop takes.
    expect(sniffImageFormat(bytes([0, 0, 0, 0x1c], "ftypavif"))).toBeNull();
    // Too short to be sure.
    expect(sniffImageFormat(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageFormat(bytes([0x89], "PNG"))).toBeNull();
  });
});

describe("sanitizeFileName", () => {
  it("keeps letters, digits, underscore, slash, hyphen and dot, and replaces the rest", () => {
    expect(sanitizeFileName("Tote_bag-2/front.v2.JPG")).toBe("Tote_bag-2/front.v2.JPG");
    expect(sanitizeFileName("My Photo (1).jpg")).toBe("My_Photo__1_.jpg");
    expect(sanitizeFileName("floral<script>.png")).toBe("floral_script_.png");
    expect(sanitizeFileName("café.png")).toBe("caf_.png");
  });
});

describe("upload messages", () => {
  it("say what SPEC §5 and §8 say", () => {
    expect(notAnImageMessage("notes.png")).toBe("File notes.png is not an image.");
    expect(tooLargeMessage("big.jpg")).toBe("File big.jpg exceeds 20MB size limit.");
    expect(uploadFailedMessage("could not reach example.com")).toBe(
      "Failed to upload image: could not reach example.com",
    );
    expect(uploadSucceededMessage("product")).toBe("Image uploaded successfully");
    expect(uploadSucceededMessage("logo")).toBe("Image uploaded successfully");
    expect(uploadSucceededMessage("fabric")).toBe("Fabric swatch uploaded successfully");
  });
});
