import { describe, expect, it } from "vitest";
import { decodeKeysetCursor, encodeKeysetCursor, keysetRequestOf } from "./keyset-cursor.ts";

const ID = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";
/** A page link's cursor holding exactly this text. */
const linkOf = (text: string) => Buffer.from(text, "utf8").toString("base64url");

describe("decodeKeysetCursor", () => {
  it("reads back every cursor the server writes, from year 0001 to 9999", () => {
    for (const createdAt of [
      "2026-03-01T17:00:00.000123Z",
      "0001-01-01T00:00:00.000000Z",
      "9999-12-31T23:59:59.999999Z",
    ]) {
      const cursor = { createdAt, id: ID };
      expect(decodeKeysetCursor(encodeKeysetCursor(cursor)), createdAt).toEqual(cursor);
    }
  });

  it("refuses a time PostgreSQL cannot hold or the server never writes", () => {
    for (const createdAt of [
      // PostgreSQL has no year 0.
      "0000-01-01T00:00:00.000000Z",
      "0000-02-29T12:00:00.000000Z",
      "2026-02-30T00:00:00.000000Z",
      "2026-03-01T24:00:00.000000Z",
      "2026-03-01T17:00:60.000000Z",
      "+010000-01-01T00:00:00.000000Z",
      "-000001-01-01T00:00:00.000000Z",
      "2026-03-01T17:00:00.000123+01:00",
      "2026-03-01T17:00:00.000123",
      // Not to the microsecond, as cursorTime() writes it.
      "2026-03-01T17:00:00Z",
      "2026-03-01T17:00:00.1234567Z",
      "yesterday",
      "",
    ])
      expect(decodeKeysetCursor(linkOf(`${createdAt}|${ID}`)), createdAt).toBeNull();
  });

  it("refuses an id that is not a uuid, and text that is not a cursor at all", () => {
    for (const text of [
      linkOf("2026-03-01T17:00:00.000123Z|not-a-uuid"),
      linkOf("2026-03-01T17:00:00.000123Z|0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b1g"),
      linkOf(`2026-03-01T17:00:00.000123Z|${ID}|extra`),
      linkOf("2026-03-01T17:00:00.000123Z"),
      linkOf(`2026-03-01T17:00:00.000123Z|${ID}\u0000`),
      "garbage!",
      "%00",
      "A".repeat(500),
      "",
    ])
      expect(decodeKeysetCursor(text), text).toBeNull();
  });
});

describe("keysetRequestOf", () => {
  it("reads after and before, skips empty ones, and refuses the whole request for one broken cursor", () => {
    const cursor = { createdAt: "2026-03-01T17:00:00.000123Z", id: ID };
    const link = encodeKeysetCursor(cursor);
    expect(keysetRequestOf(new URLSearchParams({ after: link }))).toEqual({ after: cursor });
    expect(keysetRequestOf(new URLSearchParams({ after: "", before: link }))).toEqual({ before: cursor });
    expect(
      keysetRequestOf(new URLSearchParams({ after: link, before: linkOf(`0000-01-01T00:00:00.000000Z|${ID}`) })),
    ).toBeNull();
  });
});
