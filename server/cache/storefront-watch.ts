import { sql } from "drizzle-orm";
import { rowsOf, type DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { StorefrontChanges } from "./storefront-changes.ts";

/** The channel drizzle/0005's triggers notify with a store's id. */
export const STOREFRONT_CHANNEL = "storefront_changed";
/** How often the stores' versions are read, in case a notice went missing. */
const POLL_MS = 1_000;
/** How long to wait before listening again after the connection dropped. */
const RELISTEN_MS = 1_000;

export interface StorefrontWatch {
  stop(): Promise<void>;
}

/**
 * A notice's store and, when it names one, the version the change raised it to
 * ("<store>:<version>", drizzle/0008); an empty store means every store.
 */
export function readNotice(payload: string): { tenantId: string | null; version: number | null } {
  const match = /^(.*):(\d+)$/.exec(payload);
  const tenantId = match ? match[1]! : payload;
  return { tenantId: tenantId || null, version: match ? Number(match[2]) : null };
}

/**
 * Tells `changes` about every change to what shoppers see, from any app process: a notice
 * on STOREFRONT_CHANNEL at each commit, and, as a safety net, a poll of the stores' version
 * rows. While the listener is down nothing is kept (see StorefrontChanges.setLive).
 */
export function watchStorefront(options: {
  databases: Pick<DatabaseHandle, "listen" | "forTenant">;
  changes: StorefrontChanges;
  log: Logger;
}): StorefrontWatch {
  const { databases, changes, log } = options;
  const versions = new Map<string, number>();
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;
  let relisten: NodeJS.Timeout | undefined;
  let polling = false;

  const goLive = (live: boolean) => {
    versions.clear();
    changes.setLive(live);
  };

  const listen = async () => {
    if (stopped) return;
    try {
      const stop = await databases.listen(
        STOREFRONT_CHANNEL,
        (payload) => {
          const { tenantId, version } = readNotice(payload);
          // The poll that reads this version then has nothing new to tell.
          if (tenantId && version !== null) versions.set(tenantId, Math.max(versions.get(tenantId) ?? 0, version));
          changes.changed(tenantId);
        },
        () => {
          unlisten = null;
          goLive(false);
          log.warn("lost the storefront change listener; cached pages dropped until it is back");
          relisten = setTimeout(() => void listen(), RELISTEN_MS);
        },
      );
      if (stopped) return void (await stop());
      unlisten = stop;
      goLive(true);
    } catch (error) {
      log.warn({ err: error }, "cannot listen for storefront changes; pages are not cached until it can");
      relisten = setTimeout(() => void listen(), RELISTEN_MS);
    }
  };

  const poll = async () => {
    if (polling || !unlisten) return;
    polling = true;
    try {
      for (const tenantId of changes.storesToWatch()) {
        const [row] = await rowsOf<{ version: string | number }>(
          databases.forTenant(tenantId),
          sql`select version from storefront_versions`,
        );
        const version = Number(row?.version ?? -1);
        // The first reading counts as a change too: a fill begun before it may have read older data.
        if (versions.get(tenantId) !== version) {
          versions.set(tenantId, version);
          changes.changed(tenantId);
        }
        changes.markWatched(tenantId);
      }
    } catch (error) {
      // Kept pages stay served through a database outage; the listener's loss drops them if need be.
      log.debug({ err: error }, "storefront version poll failed");
    } finally {
      polling = false;
    }
  };

  void listen();
  const timer = setInterval(() => void poll(), POLL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(relisten);
      goLive(false);
      await unlisten?.();
    },
  };
}
