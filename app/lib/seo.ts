import type { MetaDescriptor } from "react-router";

export interface PageSeo {
  /** The shop's public origin, e.g. https://shop.example.com (root loader). */
  origin: string;
  storeName: string;
  /** Path of the page's canonical URL, e.g. /product/market-tote (no query unless meaningful). */
  path: string;
  /** The page's own title; the store name is appended. Omit for the home page. */
  title?: string;
  description: string;
  /** A site-relative or absolute image URL for link previews. */
  image?: string | null;
  type?: "website" | "product";
  /** Pages such as the cart and search results stay out of search engines' indexes. */
  noIndex?: boolean;
}

export const absoluteUrl = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).toString();

/** Title, description, canonical URL and Open Graph / Twitter tags of a page. */
export function seoMeta(page: PageSeo): MetaDescriptor[] {
  const title = page.title ? `${page.title} | ${page.storeName}` : `${page.storeName} — Handcrafted Bags & Purses`;
  const url = absoluteUrl(page.origin, page.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: page.storeName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title ?? title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.image) tags.push({ property: "og:image", content: absoluteUrl(page.origin, page.image) });
  if (page.noIndex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

/** A description of at most ~160 characters, cut at a word boundary. */
export function summarize(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
