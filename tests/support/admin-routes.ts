import type { RouteConfigEntry } from "@react-router/dev/routes";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PROTECTED_LAYOUT_ID } from "../../app/routes/admin/admin-pages.ts";
import { adminRoutes } from "../../app/routes/admin/routes.ts";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

export interface AdminPage {
  /** A concrete URL path (parameters filled in). */
  path: string;
  /** The route file, for messages. */
  file: string;
  /** Inside the protected layout. */
  protected: boolean;
  /** A resource route (no page: an endpoint such as uploads). */
  resource: boolean;
  /** The path names a record (":productId"), filled in with an id that exists nowhere. */
  sampleRecord: boolean;
  /** The catch-all ("*") that answers paths naming no page, with a 404. */
  notFound: boolean;
}

const SAMPLE_ID = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";
/** What the walk puts where a route has "*": a path no page has. */
const SAMPLE_UNKNOWN_PATH = "no-such-page";

/** Every page of the admin route table, walked from the config itself so new pages are included. */
export function adminPages(entries: RouteConfigEntry[] = adminRoutes, base = "", inProtected = false): AdminPage[] {
  const pages: AdminPage[] = [];
  for (const entry of entries) {
    const joined = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
    const isProtected = inProtected || entry.id === PROTECTED_LAYOUT_ID;
    if (entry.children?.length) pages.push(...adminPages(entry.children, joined, isProtected));
    else
      pages.push({
        path: joined.replace(/:[A-Za-z]+\??/g, SAMPLE_ID).replace(/\*$/, SAMPLE_UNKNOWN_PATH) || "/",
        file: entry.file,
        protected: isProtected,
        resource: !/export\s+default\b/.test(readFileSync(path.join(APP_DIR, entry.file), "utf8")),
        sampleRecord: /:[A-Za-z]+/.test(joined),
        notFound: entry.path?.endsWith("*") ?? false,
      });
  }
  return pages;
}

/** The single-fetch data URL React Router uses for client navigations to `path`. */
export function dataUrl(path: string): string {
  return path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`;
}
