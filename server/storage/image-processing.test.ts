import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { responsiveImage } from "../../core/images.ts";
import * as fixtures from "../../tests/support/image-fixtures.ts";
import { ImageRejectedError, MAX_INPUT_PIXELS, storeImage, storeMissingVariant } from "./image-processing.ts";
import { createLocalStorage } from "./local-storage.ts";

const newStorage = () => createLocalStorage(mkdtempSync(path.join(tmpdir(), "selvage-storage-")));
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#a33" } })
    .png()
    .toBuffer();

describe("storeImage", () => {
  it("re-encodes to WebP and writes every narrower variant", async () => {
    const storage = newStorage();
    const stored = await storeImage(storage, await png(1000, 500), "products/tote");
    expect(stored).toMatchObject({ width: 1000, height: 500 });
    expect(stored.url).toMatch(/^\/uploads\/products\/tote\/[0-9a-f]{20}-1000x500\.webp$/);
    const file = path.join(storage.root, stored.url.replace("/uploads/", ""));
    expect((await sharp(file).metadata()).format).toBe("webp");
    for (const entry of responsiveImage(stored.url).srcSet!.split(", ")) {
      const variantUrl = entry.split(" ")[0]!;
      expect(existsSync(path.join(storage.root, variantUrl.replace("/uploads/", "")))).toBe(true);
    }
  });

  it("caps very large images", async () => {
    const stored = await storeImage(newStorage(), await png(4000, 2000), "big");
    expect(stored).toMatchObject({ width: 2000, height: 1000 });
  });

  it("refuses files that are not images, whatever they are called", async () => {
    const storage = newStorage();
    await expect(storeImage(storage, Buffer.from("<html>not a picture</html>"), "x")).rejects.toThrow(
      ImageRejectedError,
    );
    await expect(storeImage(storage, Buffer.from("%PDF-1.4 fake"), "x")).rejects.toThrow("Please upload an image file");
  });

  const rejection = (input: Buffer) =>
    storeImage(newStorage(), input, "x").then(
      () => "stored",
      (error: unknown) => (error instanceof ImageRejectedError ? error.reason : error),
    );

  it("takes JPEG, PNG, GIF and WebP, and nothing else a decoder could read", async () => {
    for (const input of [fixtures.jpegWithExif(), fixtures.png(), fixtures.gif(), fixtures.webp()]) {
      expect(await rejection(await input)).toBe("stored");
    }
    expect(await rejection(await fixtures.avif())).toBe("not-an-image");
    expect(await rejection(fixtures.svgWithScript())).toBe("not-an-image");
    expect(await rejection(fixtures.gifHtmlPolyglot())).toBe("not-an-image");
  });

  it("drops EXIF and other metadata", async () => {
    const input = await fixtures.jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const storage = newStorage();
    const stored = await storeImage(storage, input, "photos");
    const file = path.join(storage.root, stored.url.replace("/uploads/", ""));
    const metadata = await sharp(file).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(readFileSync(file).includes("SecretCam")).toBe(false);
  });

  it("refuses pictures over the pixel limit from their header, before decoding", async () => {
    // Over sharp's own default limit, and under it but over ours.
    expect(await rejection(fixtures.pixelBombPng(30_000, 30_000))).toBe("too-many-pixels");
    expect(await rejection(fixtures.pixelBombPng(10_000, 6_000))).toBe("too-many-pixels");
    expect(10_000 * 6_000).toBeGreaterThan(MAX_INPUT_PIXELS);
  });

  it("refuses a truncated file instead of storing what it could read", async () => {
    const storage = newStorage();
    const error = await storeImage(storage, await fixtures.truncatedPng(), "cut").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe("damaged");
    expect((error as Error).message).toBe("the file is damaged or incomplete");
    expect(existsSync(path.join(storage.root, "cut"))).toBe(false);
  });
});

describe("storeMissingVariant", () => {
  it("makes a copy a picture stored before its width was made, from the stored picture", async () => {
    const storage = newStorage();
    const stored = await storeImage(storage, await png(1000, 500), "products/tote");
    const key = stored.url.replace("/uploads/", "").replace(".webp", "-200w.webp");
    // As stored before 200 was one of the widths.
    rmSync(path.join(storage.root, key));
    expect(await storeMissingVariant(storage, key)).toBe(true);
    expect(await sharp(path.join(storage.root, key)).metadata()).toMatchObject({
      format: "webp",
      width: 200,
      height: 100,
    });
  });

  it("makes nothing for a width the shop does not make, one not narrower, or a picture not stored", async () => {
    const storage = newStorage();
    const stored = await storeImage(storage, await png(300, 300), "fabrics/linen");
    const base = stored.url.replace("/uploads/", "").replace(".webp", "");
    for (const key of [
      `${base}-201w.webp`,
      `${base}-320w.webp`,
      `${base}-1280w.webp`,
      "fabrics/linen/0000-300x300-200w.webp",
      `../${base}-200w.webp`,
      `${base}-200w.png`,
      `${base}.webp`,
    ]) {
      expect(await storeMissingVariant(storage, key), key).toBe(false);
      expect(existsSync(path.join(storage.root, key)), key).toBe(key === `${base}.webp`);
    }
  });
});

describe("local storage", () => {
  it("never writes outside its root", async () => {
    const storage = newStorage();
    await expect(storage.put("../escape.txt", Buffer.from("x"))).rejects.toThrow(/unsafe/);
    await expect(storage.put("a/../../escape.txt", Buffer.from("x"))).rejects.toThrow(/unsafe/);
    await expect(storage.put("ok/file.txt", Buffer.from("x"))).resolves.toBe("/uploads/ok/file.txt");
  });
});
