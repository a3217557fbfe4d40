import { describe, expect, it } from "vitest";
import { responsiveImage, storedImageName } from "./images.ts";

describe("responsiveImage", () => {
  it("lists every narrower variant of a stored image", () => {
    const url = "/uploads/products/tote/abc123-1000x800.webp";
    expect(responsiveImage(url)).toEqual({
      src: url,
      srcSet:
        "/uploads/products/tote/abc123-1000x800-200w.webp 200w, /uploads/products/tote/abc123-1000x800-320w.webp 320w, " +
        "/uploads/products/tote/abc123-1000x800-640w.webp 640w, /uploads/products/tote/abc123-1000x800-960w.webp 960w, " +
        "/uploads/products/tote/abc123-1000x800.webp 1000w",
      width: 1000,
      height: 800,
    });
  });

  it("passes foreign URLs through untouched", () => {
    expect(responsiveImage("https://example.com/bag.jpg")).toEqual({ src: "https://example.com/bag.jpg" });
  });

  it("agrees with the names the storage module writes", () => {
    expect(responsiveImage(`/uploads/x/${storedImageName("h", 300, 200)}`).srcSet).toBe(
      "/uploads/x/h-300x200-200w.webp 200w, /uploads/x/h-300x200.webp 300w",
    );
    expect(responsiveImage(`/uploads/x/${storedImageName("h", 180, 120)}`).srcSet).toBe(
      "/uploads/x/h-180x120.webp 180w",
    );
    expect(storedImageName("h", 1200, 900, 640)).toBe("h-1200x900-640w.webp");
  });
});
