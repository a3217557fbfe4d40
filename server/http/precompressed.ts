import { readdirSync } from "node:fs";
import type { RequestHandler } from "express";

/** Sibling files the build writes (vite.config.ts), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * Serves a built file's precompressed sibling (`x.js.br`, `x.js.gz`) to a browser that takes
 * that encoding, with the original's type; any other request goes on to the static files.
 * The directory is read once: the build's files never change while the server runs, and a
 * request costs no disk lookup to find out whether a sibling exists.
 */
export function precompressedFiles(dir: string, options: { maxAgeMs: number; immutable: boolean }): RequestHandler {
  const names = new Set(readdirSync(dir));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const offered = ENCODINGS.filter(({ suffix }) => names.has(name + suffix));
    if (name.includes("/") || offered.length === 0) return next();
    // A cache in between keeps one answer per encoding, the plain one included.
    res.vary("Accept-Encoding");
    // Ours is the smallest first: browsers list their encodings in no order of preference.
    const encoding = offered.find((candidate) => req.acceptsEncodings(candidate.name) === candidate.name);
    if (!encoding) return next();
    res.type(name);
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(name + encoding.suffix, { root: dir, maxAge: options.maxAgeMs, immutable: options.immutable }, () => {
      // The sibling could not be sent (gone since start): the plain file still can be.
      if (!res.headersSent) {
        res.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}
