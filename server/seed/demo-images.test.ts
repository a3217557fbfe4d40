import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { storeImage } from "../storage/image-processing.ts";
import { createLocalStorage } from "../storage/local-storage.ts";
import {
  FABRIC_PATTERNS,
  ITEM_SHAPES,
  ITEM_VIEWS,
  renderContactImage,
  renderLogo,
  renderPlaceholder,
  renderProductPicture,
  renderSwatch,
  type FabricLook,
} from "./demo-images.ts";

const gingham: FabricLook = { pattern: "gingham", base: "#FAF7F0", accent: "#24365E" };
const floral: FabricLook = { pattern: "floral", base: "#F8F0E6", accent: "#D9687A", accent2: "#6E8B5B" };

async function expectPng(buf: Buffer, width: number, height: number) {
  const meta = await sharp(buf).metadata();
  expect(meta.format).toBe("png");
  expect([meta.width, meta.height]).toEqual([width, height]);
}

async function pixels(buf: Buffer): Promise<Buffer> {
  return sharp(buf).raw().toBuffer();
}

describe("renderSwatch", () => {
  it("renders a square PNG of the requested size", async () => {
    await expectPng(await renderSwatch(gingham), 600, 600);
    await expectPng(await renderSwatch(floral, 120), 120, 120);
  });

  it("draws every pattern differently", async () => {
    const patterns = FABRIC_PATTERNS;
    const renders = await Promise.all(
      patterns.map((pattern) => renderSwatch({ pattern, base: "#F4EEE2", accent: "#3D7A78", accent2: "#C9643E" }, 160)),
    );
    const raw = await Promise.all(renders.map(pixels));
    for (let i = 0; i < raw.length; i++) {
      for (let j = i + 1; j < raw.length; j++)
        expect(raw[i]!.equals(raw[j]!), `${patterns[i]} vs ${patterns[j]}`).toBe(false);
    }
  });

  it("is deterministic", async () => {
    const [a, b] = await Promise.all([renderSwatch(floral, 200), renderSwatch(floral, 200)]);
    expect(a.equals(b)).toBe(true);
  });

  it("rejects a colour that is not hex", async () => {
    await expect(renderSwatch({ ...gingham, accent: "navy" })).rejects.toThrow(/hex/);
  });
});

describe("renderProductPicture", () => {
  it("renders every shape in every view at the requested size", async () => {
    const jobs = ITEM_SHAPES.flatMap((shape) =>
      ITEM_VIEWS.map(async (view) => {
        await expectPng(await renderProductPicture(shape, gingham, view, 200), 200, 200);
      }),
    );
    await Promise.all(jobs);
  });

  it("defaults to 1200 px", async () => {
    await expectPng(await renderProductPicture("tote", floral, "main"), 1200, 1200);
  });

  it("differs by fabric, view and shape", async () => {
    const [a, b, c, d] = await Promise.all([
      renderProductPicture("purse", gingham, "main", 240).then(pixels),
      renderProductPicture("purse", floral, "main", 240).then(pixels),
      renderProductPicture("purse", gingham, "inside", 240).then(pixels),
      renderProductPicture("wallet", gingham, "main", 240).then(pixels),
    ]);
    expect(a.equals(b)).toBe(false);
    expect(a.equals(c)).toBe(false);
    expect(a.equals(d)).toBe(false);
  });

  it("draws the detail view as a close-up of a corner against the backdrop, not a crop of the bag", async () => {
    for (const shape of ["purse", "wallet"] as const) {
      const { data, info } = await sharp(await renderProductPicture(shape, gingham, "detail", 300))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * 300 + x) * info.channels, (y * 300 + x) * info.channels + 3),
      ];
      // Above the panel's top edge: the warm, even studio sweep; below it, the fabric's print.
      for (const x of [20, 150]) {
        const [r, g, b] = at(x, 40);
        expect(r, `${shape} backdrop at ${x}`).toBeGreaterThan(200);
        expect(r! - b!, `${shape} backdrop tone`).toBeGreaterThanOrEqual(0);
        expect(Math.abs(r! - g!)).toBeLessThan(16);
      }
      const fabric = [at(20, 260), at(60, 260), at(100, 260), at(140, 260)].map(([r, g, b]) => r! + g! + b!);
      expect(Math.max(...fabric) - Math.min(...fabric), `${shape} print below the edge`).toBeGreaterThan(60);
    }
  });

  it("keeps a product card picture small at phone width", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "demo-images-"));
    try {
      const stored = await storeImage(
        createLocalStorage(root),
        await renderProductPicture("purse", gingham, "main"),
        "p",
      );
      expect(stored.width).toBe(1200);
      const folder = path.join(root, "p");
      const variant = (await readdir(folder)).find((name) => name.endsWith("-640w.webp"));
      expect(variant).toBeDefined();
      const { size } = await stat(path.join(folder, variant!));
      expect(size).toBeLessThanOrEqual(25 * 1024);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("is deterministic", async () => {
    const [a, b] = await Promise.all([
      renderProductPicture("backpack", floral, "detail", 300),
      renderProductPicture("backpack", floral, "detail", 300),
    ]);
    expect(a.equals(b)).toBe(true);
  });
});

describe("other demo images", () => {
  it("renders the placeholder, logo and contact image at their sizes", async () => {
    await expectPng(await renderPlaceholder(), 800, 800);
    await expectPng(await renderPlaceholder(300), 300, 300);
    await expectPng(await renderContactImage(floral), 1200, 800);
    const logo = await renderLogo();
    await expectPng(logo, 500, 200);
    const meta = await sharp(logo).metadata();
    expect(meta.hasAlpha).toBe(true);
  });

  it("leaves the logo background transparent and draws ink in the middle", async () => {
    const { data, info } = await sharp(await renderLogo())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
    expect(alphaAt(2, 2)).toBe(0);
    expect(alphaAt(497, 197)).toBe(0);
    let inked = 0;
    for (let x = 150; x < 460; x++) if (alphaAt(x, 95) > 128) inked++;
    expect(inked).toBeGreaterThan(20);
  });

  it("is deterministic and depends on the fabric", async () => {
    const [a, b, c] = await Promise.all([
      renderContactImage(floral),
      renderContactImage(floral),
      renderContactImage(gingham),
    ]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });
});
