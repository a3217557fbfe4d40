import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";

/** One JSON line per request, written when the response finishes. */
export function requestLogger(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      log[level]({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms) }, "request");
    });
    next();
  };
}
