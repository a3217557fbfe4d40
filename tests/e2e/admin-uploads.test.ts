import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { noisyPicture, signInOnPage } from "./support/owner.ts";

interface UploadInPage {
  status: number;
  body: { url?: string; width?: number; height?: number; name?: string; error?: string };
  progress: { loaded: number; total: number; lengthComputable: boolean }[];
}

describe("picture upload from the owner's browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("sends a picture with XMLHttpRequest, reports upload progress, and the stored picture loads", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await signInOnPage(page);

    const { buffer: picture } = await noisyPicture(1200, 900);
    expect(picture.length).toBeGreaterThan(2 * 1024 * 1024);
    const result = await page.evaluate(
      async ({ base64, name }): Promise<UploadInPage> => {
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const form = new FormData();
        form.set("purpose", "product");
        form.set("file", new File([bytes], name, { type: "image/png" }));
        const progress: UploadInPage["progress"] = [];
        return new Promise((resolve, reject) => {
          const request = new XMLHttpRequest();
          request.open("POST", "/admin/uploads");
          request.upload.onprogress = (event) =>
            progress.push({ loaded: event.loaded, total: event.total, lengthComputable: event.lengthComputable });
          request.onload = () =>
            resolve({
              status: request.status,
              body: JSON.parse(request.responseText) as UploadInPage["body"],
              progress,
            });
          request.onerror = () => reject(new Error("upload failed"));
          request.send(form);
        });
      },
      { base64: picture.toString("base64"), name: "Noisy Tote.png" },
    );

    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({
      url: expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{20}-1200x900\.webp$/),
      width: 1200,
      height: 900,
      name: "Noisy_Tote.png",
    });
    // Real progress from the browser: measurable, growing, and complete at the end.
    expect(result.progress.length).toBeGreaterThan(0);
    expect(result.progress.every((event) => event.lengthComputable)).toBe(true);
    const loaded = result.progress.map((event) => event.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    const last = result.progress.at(-1)!;
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(picture.length);

    // The stored picture loads in the page at its intrinsic size.
    const size = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return { width: image.naturalWidth, height: image.naturalHeight };
    }, result.body.url!);
    expect(size).toEqual({ width: 1200, height: 900 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses a file that is not a picture with the spec's message", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signInOnPage(page);
    const result = await page.evaluate(async () => {
      const form = new FormData();
      form.set("purpose", "product");
      form.set(
        "file",
        new File(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], "logo.png"),
      );
      const response = await fetch("/admin/uploads", { method: "POST", body: form });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(result).toEqual({ status: 415, body: { error: "File logo.png is not an image." } });
    await context.close();
  });
});
