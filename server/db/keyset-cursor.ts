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

const cursorSchema = z.tuple([z.iso.datetime({ offset: false }), z.uuid()]);

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
