import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { rateLimits } from "../../server/db/schema.ts";
import {
  countAttempt,
  FORGET_COUNTS_AFTER_MS,
  KNOWN_CLIENT_SECONDS,
  startAttemptSweeper,
} from "../../server/http/throttle.ts";
import { CONTACT_PER_CLIENT } from "../../server/contact/send-contact-message.ts";
import { recordingLogger } from "../support/recording-logger.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database.ts";

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
const HOUR_MS = 60 * 60 * 1000;

describe.each(ENGINES)("forgetting throttle counts on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.dispose());

  /** A rate_limits row last touched `ageMs` ago. */
  async function row(key: string, ageMs: number): Promise<string> {
    await database.db.insert(rateLimits).values({ id: randomUUID(), key, count: 3, lastRequest: Date.now() - ageMs });
    return key;
  }

  const keys = async () => (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);

  it("deletes at start the counts no rule can use and the marks of clients gone too long, and keeps the rest", async () => {
    const stale = [
      await row("selvage:contact:t1:203.0.113.7", FORGET_COUNTS_AFTER_MS + HOUR_MS),
      await row("selvage:sign-in:client:203.0.113.8", 3 * FORGET_COUNTS_AFTER_MS),
      // better-auth's own counts, under its own keys.
      await row("203.0.113.9/sign-in/email", FORGET_COUNTS_AFTER_MS + HOUR_MS),
      await row("selvage:known-client:t1:owner@example.com:203.0.113.10", KNOWN_CLIENT_SECONDS * 1000 + HOUR_MS),
    ];
    const kept = [
      await row("selvage:contact:t1:203.0.113.11", FORGET_COUNTS_AFTER_MS - HOUR_MS),
      // Where the owner signed in a month ago, she is still known.
      await row("selvage:known-client:t1:owner@example.com:203.0.113.12", 30 * 24 * HOUR_MS),
    ];
    const { log, entries } = recordingLogger<{ count: number }>();
    const sweeper = startAttemptSweeper({ db: database.app.db, log });
    await sweeper.stop();

    const left = await keys();
    for (const key of stale) expect(left, key).not.toContain(key);
    for (const key of kept) expect(left, key).toContain(key);
    expect(entries.find((entry) => entry.msg === "forgot stale throttle counts")?.count).toBe(stale.length);
  });

  it("leaves a count that still limits a client untouched, mid-window", async () => {
    const key = "contact:t1:203.0.113.20";
    for (let i = 0; i < CONTACT_PER_CLIENT.max; i++) await countAttempt(database.app.db, key, CONTACT_PER_CLIENT);
    await startAttemptSweeper({ db: database.app.db, log: recordingLogger().log }).stop();
    expect((await countAttempt(database.app.db, key, CONTACT_PER_CLIENT)).allowed).toBe(false);
  });

  it("keeps sweeping through a database outage, logging each failed pass", async () => {
    // A closed handle fails every query, as a database that is down does.
    const down = await openDatabase({ databaseUrl: database.url, migrationsFolder });
    await down.close();
    const { log, entries, until } = recordingLogger();
    const sweeper = startAttemptSweeper({ db: down.db, log }, 10);
    try {
      await until(
        () => entries.filter((entry) => entry.msg === "throttle count sweep failed, will try again").length >= 3,
      );
    } finally {
      await sweeper.stop();
    }
  });
});
