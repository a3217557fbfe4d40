// What an app process keeps of each store's storefront (rendered pages, settings,
// categories) and when it must let go: every write to what shoppers see raises the
// store's version and sends its id on the storefront_changed channel (drizzle/0005).

/** Where a fill started: a value may be kept only if its store did not change since. */
export type FillTicket = number;

/**
 * The invalidation clock of one process. Each change of a store (or of all of them) takes
 * the next tick; a value computed from the database is kept only if no change of its store
 * happened between the start of its computation and now, so a render that raced a write is
 * never kept. Nothing is kept while the process cannot hear about changes.
 */
export class StorefrontChanges {
  private clock = 0;
  private allChangedAt = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly subscribers = new Set<(tenantId: string | null) => void>();
  /** Stores whose version the watcher has read since it began hearing notices. */
  private readonly watched = new Set<string>();
  private readonly wanted = new Set<string>();
  private live = false;

  /** Taken before reading what will be kept. */
  ticket(): FillTicket {
    return this.clock;
  }

  /** Whether a value read since `ticket` may be kept for the store. */
  mayKeep(tenantId: string, ticket: FillTicket): boolean {
    if (!this.live) return false;
    if (!this.watched.has(tenantId)) {
      this.wanted.add(tenantId);
      return false;
    }
    return this.allChangedAt <= ticket && (this.changedAt.get(tenantId) ?? 0) <= ticket;
  }

  /** A store changed (null: any store may have, e.g. notices were missed). */
  changed(tenantId: string | null): void {
    this.clock += 1;
    if (tenantId === null) this.allChangedAt = this.clock;
    else this.changedAt.set(tenantId, this.clock);
    for (const subscriber of this.subscribers) subscriber(tenantId);
  }

  /** Called with the store that changed (null: every store). */
  subscribe(subscriber: (tenantId: string | null) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** The watcher hears notices (or stopped hearing them: everything kept is dropped). */
  setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    this.watched.clear();
    this.changed(null);
  }

  /** Stores the watcher should read the version of: those watched and those a fill asked for. */
  storesToWatch(): string[] {
    return [...new Set([...this.watched, ...this.wanted])];
  }

  /** The watcher read the store's version; changes from here on reach it. */
  markWatched(tenantId: string): void {
    this.wanted.delete(tenantId);
    this.watched.add(tenantId);
  }

  /** Values of one store kept in memory, each dropped when the store changes. */
  memo(limit?: number): StoreMemo {
    return new StoreMemo(this, limit);
  }
}

/** Values one store may keep at once: the least recently used goes first beyond it. */
export const MEMO_ENTRIES_PER_STORE = 500;

/**
 * Per-store values read by storefront requests (settings, categories, products and short
 * product lists), kept until the store changes. Each store keeps at most
 * MEMO_ENTRIES_PER_STORE, least recently used first out, so a catalogue of any size cannot
 * fill memory. Callers must treat what they get as read-only: it is shared between requests.
 */
export class StoreMemo {
  private readonly values = new Map<string, Map<string, unknown>>();
  private readonly changes: StorefrontChanges;
  private readonly limit: number;

  constructor(changes: StorefrontChanges, limit = MEMO_ENTRIES_PER_STORE) {
    this.changes = changes;
    this.limit = limit;
    changes.subscribe((tenantId) => (tenantId === null ? this.values.clear() : this.values.delete(tenantId)));
  }

  async get<T>(tenantId: string, key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.values.get(tenantId);
    if (kept?.has(key)) {
      const value = kept.get(key) as T;
      // A Map iterates in insertion order: moving a hit to the end keeps the oldest first.
      kept.delete(key);
      kept.set(key, value);
      return value;
    }
    const ticket = this.changes.ticket();
    const value = await load();
    if (this.changes.mayKeep(tenantId, ticket)) {
      let store = this.values.get(tenantId);
      if (!store) this.values.set(tenantId, (store = new Map()));
      store.set(key, value);
      if (store.size > this.limit) store.delete(store.keys().next().value!);
    }
    return value;
  }
}
