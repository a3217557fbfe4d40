import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../logger.ts";
import { StorefrontChanges } from "./storefront-changes.ts";
import { readNotice, watchStorefront, type StorefrontWatch } from "./storefront-watch.ts";

// The watcher over a stand-in database: notices are delivered by hand, and the version its
// poll reads is whatever the test last wrote.

const STORE = "selvage";
const quiet = { warn() {}, debug() {} } as unknown as Logger;

describe("readNotice", () => {
  it("reads the store and the version a change raised it to", () => {
    expect(readNotice("selvage:42")).toEqual({ tenantId: "selvage", version: 42 });
    expect(readNotice("a:b:7")).toEqual({ tenantId: "a:b", version: 7 });
  });

  it("reads a notice without a version as the store alone, and an empty one as every store", () => {
    expect(readNotice("selvage")).toEqual({ tenantId: "selvage", version: null });
    expect(readNotice("")).toEqual({ tenantId: null, version: null });
  });
});

describe("watchStorefront", () => {
  let changes: StorefrontChanges;
  let watch: StorefrontWatch;
  let notify: (payload: string) => void;
  let version: number;
  let drops: (string | null)[];

  beforeEach(async () => {
    vi.useFakeTimers();
    changes = new StorefrontChanges();
    version = 3;
    const databases = {
      listen: async (_channel: string, onNotice: (payload: string) => void) => {
        notify = onNotice;
        return async () => {};
      },
      forTenant: () => ({ execute: async () => ({ rows: [{ version }] }) }),
    };
    watch = watchStorefront({ databases: databases as never, changes, log: quiet });
    await vi.advanceTimersByTimeAsync(0);
    // A fill asks for the store; the first poll reads its version and starts watching it.
    changes.mayKeep(STORE, changes.ticket());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(changes.mayKeep(STORE, changes.ticket())).toBe(true);
    drops = [];
    changes.subscribe((tenantId) => drops.push(tenantId));
  });
  afterEach(async () => {
    await watch.stop();
    vi.useRealTimers();
  });

  it("drops a store once for a change it heard of, not again when the poll reads the same version", async () => {
    version = 4;
    notify(`${STORE}:4`);
    expect(drops).toEqual([STORE]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(drops).toEqual([STORE]);
  });

  it("drops a store when the poll reads a version no notice named", async () => {
    version = 5;
    notify(`${STORE}:4`);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drops).toEqual([STORE, STORE]);
  });

  it("drops a store for a notice without a version, and again when the poll sees the new version", async () => {
    version = 4;
    notify(STORE);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drops).toEqual([STORE, STORE]);
  });
});
