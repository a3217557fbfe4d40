import { readdirSync } from "node:fs";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as fixtures from "../support/image-fixtures.ts";
import { AdminClient, startAdminApp, type AdminApp } from "../support/admin-app.ts";
import { ENGINES } from "../support/test-database.ts";

const ENDPOINT = "/admin/uploads";
const MB = 1024 * 1024;
/** What the site streams for a picture of no declared length: many times the 20 MB limit. */
const HUGE_STREAM_MB = 100;

interface FilePart {
  data: Uint8Array;
  name: string;
  type?: string;
}

/** A local web server for "Use URL": pictures, redirects, one that never answers, huge files. */
async function startPictureSite() {
  const requests: string[] = [];
  const picture = await fixtures.jpegWithExif(320, 240);
  let hugeChunkedCutOff = false;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://site");
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const left = Number(hop[1]);
      response.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : "/photo.jpg" }).end();
      return;
    }
    switch (url.pathname) {
      case "/photo.jpg":
        response.writeHead(200, { "content-type": "image/jpeg" }).end(picture);
        return;
      case "/notes.png":
        response.writeHead(200, { "content-type": "image/png" }).end(fixtures.textFile());
        return;
      case "/":
        response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>A shop</title>");
        return;
      case "/never":
        return; // keeps the connection open and says nothing
      case "/huge.jpg":
        response.writeHead(200, { "content-type": "image/jpeg", "content-length": 25 * MB }).end(Buffer.alloc(25 * MB));
        return;
      case "/huge-chunked.jpg": {
        // No declared length: 100 MB streamed, as fast as the reader takes it. Far more than
        // the limit and the kernel's socket buffers together, so only a reader that stops
        // reading leaves it unfinished.
        response.writeHead(200, { "content-type": "image/jpeg" });
        response.once("close", () => (hugeChunkedCutOff = !response.writableFinished));
        const chunk = Buffer.concat([picture, Buffer.alloc(MB - picture.length)]);
        let sent = 0;
        const pump = () => {
          while (sent < HUGE_STREAM_MB) {
            sent++;
            if (sent === HUGE_STREAM_MB) return void response.end(chunk);
            if (!response.write(chunk)) return void response.once("drain", pump);
          }
        };
        pump();
        return;
      }
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    url: (pathname: string, host = "127.0.0.1") => `http://${host}:${port}${pathname}`,
    wasHugeChunkedCutOff: () => hugeChunkedCutOff,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(ENGINES)("picture uploads on %s", (engine) => {
  let app: AdminApp;
  let owner: AdminClient;
  let site: Awaited<ReturnType<typeof startPictureSite>>;

  beforeAll(async () => {
    app = await startAdminApp(engine);
    owner = new AdminClient(app.url);
    expect((await owner.signIn()).status).toBe(302);
    site = await startPictureSite();
  });
  afterAll(async () => {
    await site?.stop();
    await app?.stop();
  });
  beforeEach(() => {
    site.requests.length = 0;
  });
  afterEach(() => {
    app.services.config.UPLOAD_ALLOW_PRIVATE_URLS = false;
  });

  const cookieOf = (client: AdminClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

  const upload = (
    fields: Record<string, string | FilePart>,
    { client = owner, headers = {} }: { client?: AdminClient; headers?: Record<string, string> } = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === "string") form.set(name, value);
      else
        form.set(
          name,
          new Blob([new Uint8Array(value.data)], { type: value.type ?? "application/octet-stream" }),
          value.name,
        );
    }
    return fetch(`${app.url}${ENDPOINT}`, {
      method: "POST",
      body: form,
      headers: { origin: app.url, cookie: cookieOf(client), ...headers },
      redirect: "manual",
    });
  };
  const answer = async (response: Response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  });

  /** Every file in the uploads directory. */
  const storedFiles = (): string[] => {
    try {
      return readdirSync(app.services.storage.root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort();
    } catch {
      return [];
    }
  };

  /** Fetches a stored picture as a browser would and answers its metadata. */
  const served = async (url: string) => {
    const response = await fetch(`${app.url}${url}`);
    expect(response.status, url).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, metadata: await sharp(bytes).metadata() };
  };

  it("stores JPEG, PNG, GIF and WebP as WebP with their size, without metadata", async () => {
    const inputs = [
      { name: "tote-front.jpg", data: await fixtures.jpegWithExif(640, 480), width: 640, height: 480 },
      { name: "tote-side.png", data: await fixtures.png(400, 300), width: 400, height: 300 },
      { name: "tote-spin.gif", data: await fixtures.gif(200, 150), width: 200, height: 150 },
      { name: "tote-back.webp", data: await fixtures.webp(500, 250), width: 500, height: 250 },
    ];
    expect((await sharp(inputs[0]!.data).metadata()).exif).toBeDefined();
    for (const input of inputs) {
      const { status, body } = await answer(await upload({ purpose: "product", file: input }));
      expect(status, input.name).toBe(200);
      expect(body).toEqual({
        url: expect.stringMatching(
          new RegExp(`^/uploads/products/[0-9a-f]{20}-${input.width}x${input.height}\\.webp$`),
        ),
        width: input.width,
        height: input.height,
        name: input.name,
      });
      const { bytes, metadata } = await served(body.url as string);
      expect(metadata).toMatchObject({ format: "webp", width: input.width, height: input.height });
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes("SecretCam")).toBe(false);
      expect(bytes.includes("Owner Private Name")).toBe(false);
    }
  });

  it("keeps each purpose in its own folder and answers the sanitised file name", async () => {
    const swatch = await upload({
      purpose: "fabric",
      file: { name: "Blue Floral (v2).png", data: await fixtures.png(64, 64) },
    });
    expect(await answer(swatch)).toMatchObject({
      status: 200,
      body: {
        url: expect.stringMatching(/^\/uploads\/fabrics\/[0-9a-f]{20}-64x64\.webp$/),
        name: "Blue_Floral__v2_.png",
      },
    });
    const logo = await upload({ purpose: "logo", file: { name: "logo.png", data: await fixtures.png(250, 100) } });
    const { body } = await answer(logo);
    expect(body.url).toMatch(/^\/uploads\/store\/[0-9a-f]{20}-250x100\.webp$/);
    await served(body.url as string);
  });

  it("refuses what is not a picture, whatever its name or declared type, and stores nothing", async () => {
    const before = storedFiles();
    const cases: [FilePart, number, string][] = [
      [{ name: "x.png", type: "image/png", data: fixtures.textFile() }, 415, "File x.png is not an image."],
      [
        { name: "logo.svg", type: "image/svg+xml", data: fixtures.svgWithScript() },
        415,
        "File logo.svg is not an image.",
      ],
      [{ name: "logo.png", type: "image/png", data: fixtures.svgWithScript() }, 415, "File logo.png is not an image."],
      [{ name: "page.jpg", type: "image/jpeg", data: fixtures.htmlPage() }, 415, "File page.jpg is not an image."],
      [
        { name: "funny.gif", type: "image/gif", data: fixtures.gifHtmlPolyglot() },
        415,
        "File funny.gif is not an image.",
      ],
      [
        { name: "photo.avif", type: "image/avif", data: await fixtures.avif() },
        415,
        "File photo.avif is not an image.",
      ],
      [
        { name: "cut.png", type: "image/png", data: await fixtures.truncatedPng() },
        400,
        "Failed to upload image: the file is damaged or incomplete",
      ],
      [
        { name: "bomb.png", type: "image/png", data: fixtures.pixelBombPng(30_000, 30_000) },
        400,
        "Failed to upload image: the picture is larger than 50 megapixels",
      ],
    ];
    for (const [file, status, error] of cases) {
      expect(await answer(await upload({ purpose: "product", file })), file.name).toEqual({ status, body: { error } });
    }
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a file over 20 MB: in the handler, and at the body cap before reading it", async () => {
    const picture = await fixtures.png(20, 20);
    const big = Buffer.concat([picture, Buffer.alloc(20 * MB + 1 - picture.length)]);
    expect(await answer(await upload({ purpose: "product", file: { name: "big.png", data: big } }))).toEqual({
      status: 413,
      body: { error: "File big.png exceeds 20MB size limit." },
    });

    // A 21 MB body: the answer comes after the first 64 KB, and the rest is never sent.
    const target = new URL(app.url);
    const refusal = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest({
        host: target.hostname,
        port: target.port,
        method: "POST",
        path: ENDPOINT,
        headers: {
          origin: app.url,
          cookie: cookieOf(owner),
          "content-type": "multipart/form-data; boundary=b0undary",
          "content-length": 21 * MB,
        },
      });
      request.once("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.once("end", () => {
          resolve({ status: response.statusCode ?? 0, text });
          request.destroy();
        });
      });
      request.once("error", reject);
      request.write(Buffer.alloc(64 * 1024));
    });
    expect(refusal).toEqual({ status: 413, text: "Request too large: at most 20 MB" });
    expect(storedFiles().some((file) => file.includes("big"))).toBe(false);
  });

  it("needs a purpose and exactly one file or URL, sent as a form", async () => {
    const file = { name: "a.png", data: await fixtures.png(10, 10) };
    const purpose = "Failed to upload image: say what the picture is for (product, fabric or logo)";
    expect(await answer(await upload({ file }))).toEqual({ status: 400, body: { error: purpose } });
    expect(await answer(await upload({ purpose: "avatar", file }))).toEqual({ status: 400, body: { error: purpose } });
    const one = { status: 400, body: { error: "Failed to upload image: send one picture file or one URL" } };
    expect(await answer(await upload({ purpose: "product" }))).toEqual(one);
    expect(await answer(await upload({ purpose: "product", file, url: site.url("/photo.jpg") }))).toEqual(one);
    const json = await fetch(`${app.url}${ENDPOINT}`, {
      method: "POST",
      headers: { origin: app.url, cookie: cookieOf(owner), "content-type": "application/json" },
      body: JSON.stringify({ purpose: "product", url: site.url("/photo.jpg") }),
    });
    expect(await answer(json)).toEqual({
      status: 415,
      body: { error: "Failed to upload image: send the picture as multipart/form-data" },
    });
    expect(site.requests).toEqual([]);
  });

  it("refuses anonymous and cross-origin uploads before storing anything", async () => {
    const before = storedFiles();
    const file = { name: "a.png", data: await fixtures.png(12, 12) };
    const anonymous = await upload({ purpose: "product", file }, { client: new AdminClient(app.url) });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login");
    for (const origin of ["https://evil.example", "null"]) {
      const crossOrigin = await upload({ purpose: "product", file }, { headers: { origin } });
      expect(crossOrigin.status, origin).toBe(403);
    }
    expect(storedFiles()).toEqual(before);
  });

  describe("from a URL", () => {
    const importing = async (url: string) => answer(await upload({ purpose: "product", url }));
    const allowPrivate = () => (app.services.config.UPLOAD_ALLOW_PRIVATE_URLS = true);

    it("imports and stores a picture once, like an upload", async () => {
      allowPrivate();
      const { status, body } = await importing(site.url("/photo.jpg"));
      expect(status).toBe(200);
      expect(body).toEqual({
        url: expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{20}-320x240\.webp$/),
        width: 320,
        height: 240,
        name: "photo.jpg",
      });
      expect(site.requests).toEqual(["/photo.jpg"]);
      const { metadata } = await served(body.url as string);
      expect(metadata.exif).toBeUndefined();
    });

    it("applies the upload's checks to what the URL serves", async () => {
      allowPrivate();
      expect(await importing(site.url("/notes.png"))).toEqual({
        status: 415,
        body: { error: "File notes.png is not an image." },
      });
      // An address without a file name is named by its host.
      expect(await importing(site.url("/"))).toEqual({
        status: 415,
        body: { error: `File ${new URL(site.url("/")).hostname} is not an image.` },
      });
      expect(await importing(site.url("/missing.jpg"))).toEqual({
        status: 400,
        body: { error: "Failed to upload image: the address answered 404" },
      });
      expect(await importing("ftp://127.0.0.1/photo.jpg")).toEqual({
        status: 400,
        body: { error: "Failed to upload image: only http and https URLs can be imported" },
      });
    });

    it("refuses loopback, private, link-local and metadata addresses unless the test switch allows them", async () => {
      const before = storedFiles();
      for (const url of [
        site.url("/photo.jpg"),
        site.url("/photo.jpg", "localhost"),
        site.url("/photo.jpg", "2130706433"),
        site.url("/photo.jpg", "0.0.0.0"),
        site.url("/photo.jpg", "[::1]"),
        site.url("/photo.jpg", "[::ffff:127.0.0.1]"),
        "http://10.0.0.1/photo.jpg",
        "http://192.168.1.10/photo.jpg",
        "http://100.64.0.1/photo.jpg",
        "http://169.254.169.254/latest/meta-data/",
        "http://[fd00::1]/photo.jpg",
      ]) {
        expect(await importing(url), url).toEqual({
          status: 400,
          body: { error: "Failed to upload image: URLs of private or local network addresses are not allowed" },
        });
      }
      // Nothing was fetched and nothing stored.
      expect(site.requests).toEqual([]);
      expect(storedFiles()).toEqual(before);
    });

    it("follows three redirects and refuses a fourth", async () => {
      allowPrivate();
      expect((await importing(site.url("/hop/3"))).status).toBe(200);
      site.requests.length = 0;
      expect(await importing(site.url("/hop/4"))).toEqual({
        status: 400,
        body: { error: "Failed to upload image: the address redirected more than 3 times" },
      });
      expect(site.requests).toEqual(["/hop/4", "/hop/3", "/hop/2", "/hop/1"]);
    });

    it("refuses a picture over 20 MB, declared or streamed, without reading past the limit", async () => {
      allowPrivate();
      const tooLarge = {
        status: 413,
        body: { error: "Failed to upload image: the picture at that address exceeds the 20MB size limit" },
      };
      expect(await importing(site.url("/huge.jpg"))).toEqual(tooLarge);
      expect(await importing(site.url("/huge-chunked.jpg"))).toEqual(tooLarge);
      // The socket closes once the importer lets go of it, which a busy machine may take a while to do.
      await expect.poll(() => site.wasHugeChunkedCutOff(), { timeout: 10_000 }).toBe(true);
    });

    it("gives up on an address that never answers after 10 seconds", async () => {
      allowPrivate();
      const started = performance.now();
      expect(await importing(site.url("/never"))).toEqual({
        status: 400,
        body: { error: "Failed to upload image: the address did not answer within 10 seconds" },
      });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(9_500);
      expect(elapsed).toBeLessThan(14_000);
    });
  });
});
