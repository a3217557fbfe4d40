/**
 * The shop's slug rule (spec §9): lowercase, trimmed, "&" becomes "-and-", spaces and
 * underscores become hyphens, other non-word characters are dropped, runs of hyphens
 * collapse and none lead or trail.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/&/g, "-and-")
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Whether a value could be a stored slug; anything else names nothing and needs no query. */
export function isSlug(value: string): boolean {
  return value.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}
