import { existsSync, readFileSync, rmSync } from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR, startAppServer, type AppServer } from "../support/app-server.ts";
import { createServerDatabase, dropServerDatabase, ENGINES, withAdminClient } from "../support/test-database.ts";

/** A GET whose body is left as sent (fetch would decode it). */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });

// The production build, started the way `npm start` starts it, on each database engine.
describe.each(ENGINES)("production server on %s", (engine) => {
  let server: AppServer;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    databaseUrl = engine === "postgres" ? await createServerDatabase() : undefined;
    server = await startAppServer({ env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  });
  afterAll(async () => {
    await server?.stop();
    if (databaseUrl) await dropServerDatabase(databaseUrl);
  });

  it("answers /healthz after checking the database", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("sets the security headers on every response", async () => {
    for (const path of ["/", "/healthz", "/no-such-page"]) {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // PUBLIC_URL is http here, so no HSTS.
      expect(response.headers.get("strict-transport-security")).toBeNull();
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("renders the home page on the server with products from the database", async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Featured Products");
    const links = [...html.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map((match) => match[1]);
    expect(new Set(links).size).toBe(4);
    expect(html).toMatch(/\$\d+\.\d{2}/);
    // Every inline script carries the nonce that the header allows.
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("compresses pages and caches hashed assets forever", async () => {
    const page = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${server.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("sends built scripts compressed once by the build, in the encoding the browser takes", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/framework-[\w-]+\.js/.exec(html)![0];
    const built = path.join(BUILD_DIR, "client", asset);
    for (const [accept, encoding, file] of [
      ["gzip, deflate, br", "br", `${built}.br`],
      ["gzip", "gzip", `${built}.gz`],
      ["identity", null, built],
    ] as const) {
      const response = await rawGet(`${server.url}${asset}`, { "accept-encoding": accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers["content-encoding"], accept).toBe(encoding ?? undefined);
      expect(response.headers["content-type"], accept).toMatch(/^text\/javascript/);
      expect(response.headers.vary, accept).toBe("Accept-Encoding");
      expect(response.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      expect(response.body.equals(readFileSync(file)), accept).toBe(true);
    }
    // The strongest settings: smaller than the same script compressed per request (brotli 4).
    expect(readFileSync(`${built}.br`).length).toBeLessThan(
      brotliCompressSync(readFileSync(built), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    );
  });

  it("serves the public files: the favicon and the placeholder picture, kept an hour", async () => {
    for (const [file, type] of [
      ["/favicon.svg", "image/svg+xml"],
      ["/images/placeholder.jpg", "image/jpeg"],
    ] as const) {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toBe(type);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=3600");
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(BUILD_DIR, "client", file)))).toBe(
        true,
      );
    }
    expect((await fetch(`${server.url}/images/nothing-here.jpg`)).status).toBe(404);
  });

  it("serves uploaded images with long caching", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const image = /src="(\/uploads\/[^"]+\.webp)"/.exec(html)?.[1];
    expect(image).toBeDefined();
    const response = await fetch(`${server.url}${image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`${server.url}/uploads/products/nothing-here.webp`)).status).toBe(404);
  });

  it("makes a narrow copy a picture stored before that width lacks, for every request asking at once", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const picture = /src="\/uploads\/([^"]+-(\d+)x\d+)\.webp"/.exec(html);
    expect(picture).not.toBeNull();
    const key = `${picture![1]}-200w.webp`;
    const file = path.join(server.dataDir, "uploads", key);
    rmSync(file, { force: true });
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${server.url}/uploads/${key}`)));
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(200);
    }
    expect(existsSync(file)).toBe(true);
    // Only widths the shop makes, narrower than the picture, of a picture it holds.
    for (const other of [
      `${picture![1]}-201w.webp`,
      `${picture![1]}-${picture![2]}w.webp`,
      "products/nothing-here-1200x1200-200w.webp",
    ]) {
      expect((await fetch(`${server.url}/uploads/${other}`)).status, other).toBe(404);
      expect(existsSync(path.join(server.dataDir, "uploads", other)), other).toBe(false);
    }
  });

  it("answers hostile paths and queries without a server error", async () => {
    for (const [path, status] of [
      ["/search?q=%00", 200],
      ["/category/%00", 404],
      ["/product/%00", 404],
      ["/product/..%2F..%2Fetc", 404],
      ["/uploads/%2e%2e%2fauth-secret", 404],
    ] as const) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(status);
    }
  });

  it("answers unknown paths with a 404 and the not-found page", async () => {
    const response = await fetch(`${server.url}/definitely/not/here`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain('href="/"');
    expect(html).toContain('href="/contact"');
  });

  it("names a client's error by its status on the error page, with a title", async () => {
    const post = (contentType: string, body: string | Uint8Array<ArrayBuffer>) =>
      fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { origin: server.url, "content-type": contentType },
        body,
      });
    const answers: [name: string, response: Response, status: number, heading: string][] = [
      ["an unknown payment session", await fetch(`${server.url}/pay/test/no-such-session`), 404, "Page Not Found"],
      ["a JSON body to a form", await post("application/json", "{}"), 415, "Unsupported Content Type"],
      [
        "a form that is not UTF-8",
        // "name=" and two bytes that UTF-8 never uses.
        await post("application/x-www-form-urlencoded", new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe])),
        400,
        "Bad Request",
      ],
    ];
    for (const [name, response, status, heading] of answers) {
      expect(response.status, name).toBe(status);
      const html = await response.text();
      expect(html, name).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // With the store's name when the page got that far (no loader runs after an action fails).
      expect(html, name).toMatch(new RegExp(`<title>${heading}( \\| Selvage Handmade)?</title>`));
      expect(html, name).toContain(`Error ${status}`);
      // What the page shows; the data for hydration keeps React Router's own status text.
      expect(html.replace(/<script[\s\S]*?<\/script>/g, ""), name).not.toContain("Internal Server Error");
    }
  });

  it("keeps every row across a restart and never seeds twice", async () => {
    const before = await (await fetch(`${server.url}/`)).text();
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain("Owner account created");
    server = await startAppServer({ dataDir: server.dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    const after = await (await fetch(`${server.url}/`)).text();
    const names = (html: string) => [...html.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((match) => match[1]);
    expect(names(after)).toEqual(names(before));
    // The generated owner password is printed once, at first start only.
    expect(server.output()).not.toContain("Owner account created");
  });

  // Only a database server can be taken away from under a running shop.
  if (engine === "postgres")
    it("answers 503 while the database is unreachable", async () => {
      const name = new URL(databaseUrl!).pathname.slice(1);
      const block = async (allow: boolean) =>
        withAdminClient(async (client) => {
          await client.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${allow}`);
          if (!allow)
            await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
        });
      await block(false);
      try {
        const response = await fetch(`${server.url}/healthz`);
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: "unavailable", database: "down" });
      } finally {
        await block(true);
      }
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
});
