import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";

// Keyset paging on (created_at desc, id desc), the order of the tenant's list indexes:
// a page starts next to a row instead of after an OFFSET, so the thousandth page costs
// what the first does. created_at travels as PostgreSQL's own text with microseconds (a
// JS Date would round them away, and rows written in the same millisecond would then be
// skipped or repeated across pages).

/** The (created_at, id) of the row a page starts next to. */
export interface KeysetCursor {
  createdAt: string;
  id: string;
}

export type KeysetDirection = "older" | "newer";

/**
 * The time as cursorTime() writes it. PostgreSQL has no year 0: "0000-…" would pass as ISO
 * text and then fail the query ("out of range"); every other four-digit year fits a timestamptz.
 */
const createdAtSchema = z.iso.datetime({ offset: false, precision: 6 }).refine((text) => !text.startsWith("0000"));
const cursorSchema = z.tuple([createdAtSchema, z.uuid()]);

/** A cursor as a page link carries it. */
export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor in a page link, or null when the text is not one this server made. */
export function decodeKeysetCursor(text: string): KeysetCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const parsed = cursorSchema.safeParse(Buffer.from(text, "base64url").toString("utf8").split("|"));
  return parsed.success ? { createdAt: parsed.data[0], id: parsed.data[1] } : null;
}

/** A timestamp column as "2026-11-23T16:05:00.123456Z", exact to the microsecond: select it for the cursor. */
export function cursorTime(createdAt: AnyColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The condition (rows past the cursor, none without one) and the order of one page, nearest row first. */
export function keysetPage(
  columns: { createdAt: AnyColumn; id: AnyColumn },
  cursor: KeysetCursor | undefined,
  direction: KeysetDirection,
): { position: SQL | undefined; orderBy: SQL[] } {
  const { createdAt, id } = columns;
  const position = !cursor
    ? undefined
    : direction === "older"
      ? sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${createdAt}, ${id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
  // In the null order the indexes are declared with (drizzle's .desc() is DESC NULLS LAST): the
  // columns hold no nulls, but PostgreSQL reads an index for an ORDER BY only when its null
  // order matches, and would otherwise sort every row of the store for each page.
  const orderBy =
    direction === "older"
      ? [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`]
      : [sql`${createdAt} asc nulls first`, sql`${id} asc nulls first`];
  return { position, orderBy };
}

/** A page request: `after` a page's last row (older rows), or `before` a page's first row (newer ones). */
export interface KeysetRequest {
  after?: KeysetCursor | undefined;
  before?: KeysetCursor | undefined;
}

/**
 * The page a list's query string asks for (`after`, `before`; empty means absent), or null
 * when a cursor in it is not one this server made: a broken link, the client's mistake.
 */
export function keysetRequestOf(params: URLSearchParams): KeysetRequest | null {
  const request: KeysetRequest = {};
  for (const name of ["after", "before"] as const) {
    const text = params.get(name);
    if (text === null || text === "") continue;
    const cursor = decodeKeysetCursor(text);
    if (!cursor) return null;
    request[name] = cursor;
  }
  return request;
}

/** Which way a request reads, from which cursor: back to newer rows only when it names `before` alone. */
export function keysetRead(page: KeysetRequest): { direction: KeysetDirection; cursor: KeysetCursor | undefined } {
  return page.before && !page.after
    ? { direction: "newer", cursor: page.before }
    : { direction: "older", cursor: page.after };
}

/**
 * A page from rows read one past its size in `keysetRead(page)`'s direction: the rows newest
 * first, and the cursors of the pages on either side (null where there is none).
 */
export function keysetPageOf<Row extends { id: string; cursorTime: string }>(
  rows: Row[],
  pageSize: number,
  page: KeysetRequest,
): { rows: Row[]; olderCursor: string | null; newerCursor: string | null } {
  const { direction } = keysetRead(page);
  const more = rows.length > pageSize;
  const shown = rows.slice(0, pageSize);
  if (direction === "newer") shown.reverse();
  const cursorOf = (row: Row) => encodeKeysetCursor({ createdAt: row.cursorTime, id: row.id });
  const first = shown[0];
  const last = shown.at(-1);
  return {
    rows: shown,
    // Going newer from a cursor means older rows exist (at least the cursor's own), and the reverse.
    olderCursor: last && (direction === "older" ? more : true) ? cursorOf(last) : null,
    newerCursor: first && (direction === "newer" ? more : page.after !== undefined) ? cursorOf(first) : null,
  };
}
