import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { png } from "../../../tests/support/image-fixtures.ts";
import { checkImageFile, ImageInput, readUploadAnswer, sendImage, UPLOAD_ENDPOINT } from "./image-input.tsx";

const MB = 1024 * 1024;

describe("ImageInput", () => {
  const render = (value: string) =>
    renderToStaticMarkup(
      <ImageInput purpose="product" value={value} onChange={() => {}} label="Product image 1" name="image1" />,
    );

  it("offers the tabs 'Upload File' and 'Use URL', and a real button to choose a file", () => {
    const html = render("");
    expect(html).toMatch(/role="tablist"[^>]*aria-label="How to add Product image 1"/);
    expect(html).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>.*Upload File<\/button>/);
    expect(html).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="false"[^>]*>.*Use URL<\/button>/);
    // A focusable button opens the chooser; the file input itself is out of the way.
    expect(html).toMatch(/<button type="button"[^>]*aria-describedby="[^"]+-hint"[^>]*>.*Choose a picture/);
    expect(html).toMatch(/<input type="file" accept="image\/jpeg,image\/png,image\/gif,image\/webp" hidden=""/);
    expect(html).toContain("Supports: JPG, PNG, GIF, WebP (max 20MB)");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('role="progressbar"');
    expect(html).toContain('<input type="hidden" name="image1" value=""/>');
  });

  it("shows the current picture with a way to remove it, and submits its URL with the form", () => {
    const html = render("/uploads/products/abc-800x600.webp");
    expect(html).toContain('<img src="/uploads/products/abc-800x600.webp" alt="Product image 1 preview"');
    expect(html).toMatch(/<button type="button" aria-label="Remove Product image 1"/);
    expect(html).toContain('<input type="hidden" name="image1" value="/uploads/products/abc-800x600.webp"/>');
  });

  it("takes another hint, such as the fabric form's", () => {
    const html = renderToStaticMarkup(
      <ImageInput
        purpose="fabric"
        value=""
        onChange={() => {}}
        label="Fabric Swatch Image"
        hint="Supports: JPG, PNG, GIF (max 20MB)"
      />,
    );
    expect(html).toContain("Supports: JPG, PNG, GIF (max 20MB)");
  });
});

describe("checkImageFile", () => {
  it("refuses by content a file that is not a picture, whatever its name and type", async () => {
    const text = new File(["just words"], "notes.png", { type: "image/png" });
    expect(await checkImageFile(text)).toBe("File notes.png is not an image.");
    const svg = new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "logo.svg", { type: "image/svg+xml" });
    expect(await checkImageFile(svg)).toBe("File logo.svg is not an image.");
  });

  it("refuses a picture over 20 MB and passes one within", async () => {
    const picture = await png(20, 20);
    expect(await checkImageFile(new File([picture], "tote.png"))).toBeNull();
    const padding = new Uint8Array(20 * MB + 1 - picture.length);
    expect(await checkImageFile(new File([picture, padding], "huge.png"))).toBe(
      "File huge.png exceeds 20MB size limit.",
    );
    expect(await checkImageFile(new File([picture, padding.subarray(1)], "exact.png"))).toBeNull();
  });
});

describe("readUploadAnswer", () => {
  const answer = (status: number, body: string, responseUrl = `http://shop.test${UPLOAD_ENDPOINT}`) => ({
    status,
    body,
    responseUrl,
  });

  it("reads a stored picture", () => {
    const stored = { url: "/uploads/products/abc-10x10.webp", width: 10, height: 10, name: "My_Tote.png" };
    expect(readUploadAnswer(answer(200, JSON.stringify(stored)), "My Tote.png")).toEqual({ ok: true, image: stored });
  });

  it("shows the server's message, and the size message for the body cap's plain 413", () => {
    const refused = JSON.stringify({ error: "File x.png is not an image." });
    expect(readUploadAnswer(answer(415, refused), "x.png")).toEqual({
      ok: false,
      error: "File x.png is not an image.",
    });
    expect(readUploadAnswer(answer(413, "Request too large: at most 20 MB"), "big.jpg")).toEqual({
      ok: false,
      error: "File big.jpg exceeds 20MB size limit.",
    });
  });

  it("explains an expired session (the guard redirects to sign-in) and lost connections", () => {
    expect(readUploadAnswer(answer(200, "<!doctype html>", "http://shop.test/admin/login"), "x.png")).toEqual({
      ok: false,
      error: "Failed to upload image: Your session has expired. Please log in again.",
    });
    expect(readUploadAnswer(answer(0, "", ""), "x.png")).toEqual({
      ok: false,
      error: "Failed to upload image: the connection was lost",
    });
    expect(readUploadAnswer(answer(403, "Cross-origin request refused"), "x.png")).toEqual({
      ok: false,
      error: "Failed to upload image: Unknown error",
    });
  });
});

/** Enough of XMLHttpRequest to drive sendImage the way a browser does. */
class FakeRequest {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  responseText = "";
  responseURL = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.responseURL = `http://shop.test${this.url}`;
    this.onload?.();
  }
}

describe("sendImage", () => {
  it("posts the form to the endpoint and reports real upload progress up to 90 %", async () => {
    const request = new FakeRequest();
    const progress: number[] = [];
    const body = new FormData();
    body.set("purpose", "product");
    const result = sendImage(body, {
      fileName: "tote.png",
      onProgress: (percent) => progress.push(percent),
      createRequest: () => request as unknown as XMLHttpRequest,
    });
    expect(request).toMatchObject({ method: "POST", url: "/admin/uploads", body });
    request.progress(0, 1000);
    request.progress(500, 1000);
    request.progress(1000, 1000);
    request.answer(200, JSON.stringify({ url: "/uploads/products/a-1x1.webp", width: 1, height: 1, name: "tote.png" }));
    expect(await result).toMatchObject({ ok: true, image: { url: "/uploads/products/a-1x1.webp" } });
    expect(progress).toEqual([0, 45, 90]);
  });

  it("cancels the request when its signal aborts", async () => {
    const request = new FakeRequest();
    const controller = new AbortController();
    const result = sendImage(new FormData(), {
      fileName: "tote.png",
      signal: controller.signal,
      createRequest: () => request as unknown as XMLHttpRequest,
    });
    controller.abort();
    expect(request.aborted).toBe(true);
    expect(await result).toEqual({ ok: false, error: "Failed to upload image: the upload was cancelled" });
  });
});
