import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { png } from "../../tests/support/image-fixtures.ts";
import { isPublicAddress } from "./public-address.ts";
import { importImageFromUrl, UrlImportError, type UrlImportOptions } from "./url-import.ts";

// Two local servers stand for the internet and the inside of the server's network:
// "outside" on 127.0.0.2, which these tests treat as a public address, and "inside" on
// 127.0.0.1, which stays what it is: loopback, refused. Host names resolve through a
// table, so what a name points to is up to each test.

interface Site {
  server: Server;
  port: number;
  requests: { path: string; host: string }[];
}

async function startSite(host: string, handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const site: Site = { server: createServer(), port: 0, requests: [] };
  site.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    site.requests.push({ path: request.url ?? "", host: request.headers.host ?? "" });
    handle(request, response);
  });
  await new Promise<void>((resolve) => site.server.listen(0, host, resolve));
  site.port = (site.server.address() as AddressInfo).port;
  return site;
}

describe("importImageFromUrl", () => {
  let picture: Buffer;
  let outside: Site;
  let inside: Site;
  let names: Record<string, string[] | (() => string[])>;

  const serve = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://x");
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const left = Number(hop[1]);
      response.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : "/photo.png" }).end();
      return;
    }
    switch (url.pathname) {
      case "/photo.png":
        response.writeHead(200, { "content-type": "image/png", "content-length": picture.length }).end(picture);
        return;
      case "/relative":
        response.writeHead(301, { location: "photos/../photo.png" }).end();
        return;
      case "/redirect":
        response.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
        return;
      case "/never":
        return; // accepts the connection, never answers
      case "/large":
        response.writeHead(200, { "content-length": 5000 }).end(Buffer.alloc(5000, 1));
        return;
      case "/large-chunked":
        response.writeHead(200);
        for (let chunk = 0; chunk < 10; chunk++) response.write(Buffer.alloc(500, 1));
        response.end();
        return;
      default:
        response.writeHead(404).end("not here");
    }
  };

  beforeAll(async () => {
    picture = await png(40, 30);
    outside = await startSite("127.0.0.2", serve);
    inside = await startSite("127.0.0.1", serve);
  });
  afterAll(async () => {
    for (const site of [outside, inside]) {
      site.server.closeAllConnections();
      await new Promise((resolve) => site.server.close(resolve));
    }
  });
  beforeEach(() => {
    outside.requests.length = 0;
    inside.requests.length = 0;
    names = {
      "cdn.example": ["127.0.0.2"],
      "inside.example": ["127.0.0.1"],
      "mixed.example": ["127.0.0.2", "10.0.0.5"],
    };
  });

  const options = (extra: Partial<UrlImportOptions> = {}): UrlImportOptions => ({
    allowPrivate: false,
    resolve: async (hostname) => {
      const entry = names[hostname];
      if (!entry) throw new Error(`ENOTFOUND ${hostname}`);
      return typeof entry === "function" ? entry() : entry;
    },
    isAllowedAddress: (address) => address === "127.0.0.2" || isPublicAddress(address),
    ...extra,
  });
  const outsideUrl = (path: string, host = "cdn.example") => `http://${host}:${outside.port}${path}`;
  const insideUrl = (path: string, host = "127.0.0.1") => `http://${host}:${inside.port}${path}`;
  const failure = (url: string, extra?: Partial<UrlImportOptions>) =>
    importImageFromUrl(url, options(extra)).then(
      () => ({ failure: "none", message: "" }),
      (error: unknown) => {
        if (!(error instanceof UrlImportError)) throw error;
        return { failure: error.failure, message: error.message };
      },
    );
  const PRIVATE = { failure: "refused", message: "URLs of private or local network addresses are not allowed" };

  it("fetches a picture from a public address, named by the URL's last segment", async () => {
    const file = await importImageFromUrl(outsideUrl("/photo.png"), options());
    expect(file.bytes.equals(picture)).toBe(true);
    expect(file.name).toBe("photo.png");
    expect(outside.requests).toEqual([{ path: "/photo.png", host: `cdn.example:${outside.port}` }]);
  });

  it("connects to the address it checked, not to a second lookup's answer", async () => {
    // DNS rebinding: the name answers a public address for the check, then loopback.
    let lookups = 0;
    names["rebind.example"] = () => (lookups++ === 0 ? ["127.0.0.2"] : ["127.0.0.1"]);
    const file = await importImageFromUrl(outsideUrl("/photo.png", "rebind.example"), options());
    expect(file.bytes.equals(picture)).toBe(true);
    expect(lookups).toBe(1);
    expect(inside.requests).toEqual([]);
  });

  it("refuses a name when any of its addresses is private", async () => {
    expect(await failure(outsideUrl("/photo.png", "mixed.example"))).toEqual(PRIVATE);
    expect(outside.requests).toEqual([]);
  });

  it("checks every redirect: to a loopback address, name or IPv4-mapped form, or to the metadata service", async () => {
    for (const target of [
      insideUrl("/photo.png"),
      insideUrl("/photo.png", "inside.example"),
      insideUrl("/photo.png", "[::ffff:127.0.0.1]"),
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      const result = await failure(outsideUrl(`/redirect?to=${encodeURIComponent(target)}`));
      expect(result, target).toEqual(PRIVATE);
    }
    expect(inside.requests).toEqual([]);
  });

  it("follows up to three redirects, relative ones too, and refuses a fourth", async () => {
    expect((await importImageFromUrl(outsideUrl("/relative"), options())).bytes.equals(picture)).toBe(true);
    expect((await importImageFromUrl(outsideUrl("/hop/3"), options())).bytes.equals(picture)).toBe(true);
    outside.requests.length = 0;
    expect(await failure(outsideUrl("/hop/4"))).toEqual({
      failure: "refused",
      message: "the address redirected more than 3 times",
    });
    // The fourth redirect is not followed.
    expect(outside.requests.map((request) => request.path)).toEqual(["/hop/4", "/hop/3", "/hop/2", "/hop/1"]);
  });

  it("gives up on an address that never answers when the time is up", async () => {
    const started = performance.now();
    expect(await failure(outsideUrl("/never"), { timeoutMs: 300 })).toEqual({
      failure: "timeout",
      message: "the address did not answer within 300 ms",
    });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("stops reading at the size limit, declared or not", async () => {
    const tooLarge = { failure: "too-large", message: expect.stringContaining("exceeds") as unknown };
    expect(await failure(outsideUrl("/large"), { maxBytes: 1000 })).toEqual(tooLarge);
    expect(await failure(outsideUrl("/large-chunked"), { maxBytes: 1000 })).toEqual(tooLarge);
    expect((await importImageFromUrl(outsideUrl("/large"), options({ maxBytes: 5000 }))).bytes.length).toBe(5000);
  });

  it("takes http and https URLs only, without credentials", async () => {
    for (const url of [
      "ftp://cdn.example/photo.png",
      "file:///etc/passwd",
      "data:image/png;base64,AAAA",
      "javascript:1",
    ]) {
      expect(await failure(url), url).toEqual({
        failure: "refused",
        message: "only http and https URLs can be imported",
      });
    }
    expect((await failure("not a url")).message).toBe("the URL is not valid");
    expect((await failure(outsideUrl("/photo.png").replace("//", "//user:secret@"))).message).toBe(
      "URLs with a user name or password are not accepted",
    );
    expect(outside.requests).toEqual([]);
  });

  it("says what went wrong with an address that does not serve a picture", async () => {
    expect(await failure(outsideUrl("/missing.png"))).toEqual({
      failure: "unreachable",
      message: "the address answered 404",
    });
    expect(await failure(outsideUrl("/photo.png", "nowhere.example"))).toEqual({
      failure: "unreachable",
      message: "could not find nowhere.example",
    });
  });

  it("refuses local addresses with the real resolver and policy, and reaches them only when allowed", async () => {
    const real = { allowPrivate: false };
    for (const url of [
      insideUrl("/photo.png"),
      insideUrl("/photo.png", "localhost"),
      insideUrl("/photo.png", "[::1]"),
    ]) {
      await expect(importImageFromUrl(url, real), url).rejects.toThrow(PRIVATE.message);
    }
    expect(inside.requests).toEqual([]);
    const file = await importImageFromUrl(insideUrl("/photo.png", "localhost"), { allowPrivate: true });
    expect(file.bytes.equals(picture)).toBe(true);
  });
});
