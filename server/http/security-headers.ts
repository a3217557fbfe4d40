import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityHeaderOptions {
  /** Sends HSTS; only meaningful when the shop is served over https. */
  hsts: boolean;
  /** Vite's dev server injects scripts and a websocket; production never sets this. */
  dev?: boolean;
}

/**
 * Sets the security headers on every response. Inline scripts rendered by React
 * Router carry a per-request nonce (res.locals.cspNonce), so no 'unsafe-inline'
 * is needed for scripts.
 */
export function securityHeaders({ hsts, dev = false }: SecurityHeaderOptions): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const directives = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
      // Theme colours and a few component styles are set inline.
      "style-src 'self' 'unsafe-inline'",
      // Owners may link product images hosted elsewhere ("Use URL").
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      `connect-src 'self'${dev ? " ws: wss:" : ""}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ];
    res.setHeader("Content-Security-Policy", directives.join("; "));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
