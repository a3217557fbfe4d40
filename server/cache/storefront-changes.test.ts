import { describe, expect, it } from "vitest";
import { StorefrontChanges } from "./storefront-changes.ts";

/** A process that hears notices and has read the version of these stores. */
function listening(...stores: string[]) {
  const changes = new StorefrontChanges();
  changes.setLive(true);
  for (const store of stores) changes.markWatched(store);
  return changes;
}

/** A load that counts how often the database would be asked. */
function counting<T>(value: () => T) {
  const load = async () => {
    load.calls += 1;
    return value();
  };
  load.calls = 0;
  return load;
}

describe("StoreMemo", () => {
  it("keeps a value until its store changes, and only that store's values", async () => {
    const changes = listening("shop", "other");
    const memo = changes.memo();
    let price = 6400;
    const product = counting(() => price);
    const theirs = counting(() => 100);
    expect(await memo.get("shop", "product:tote", product)).toBe(6400);
    expect(await memo.get("other", "product:tote", theirs)).toBe(100);
    price = 7000;
    expect(await memo.get("shop", "product:tote", product)).toBe(6400);
    expect(product.calls).toBe(1);
    changes.changed("shop");
    expect(await memo.get("shop", "product:tote", product)).toBe(7000);
    expect(await memo.get("other", "product:tote", theirs)).toBe(100);
    expect([product.calls, theirs.calls]).toEqual([2, 1]);
    changes.changed(null);
    await memo.get("other", "product:tote", theirs);
    expect(theirs.calls).toBe(2);
  });

  it("keeps nothing read while its store changed, nor while the process cannot hear changes", async () => {
    const changes = listening("shop");
    const memo = changes.memo();
    const raced = counting(() => 1);
    await memo.get("shop", "k", async () => {
      changes.changed("shop");
      return raced();
    });
    await memo.get("shop", "k", raced);
    expect(raced.calls).toBe(2);

    const deaf = new StorefrontChanges();
    const unheard = counting(() => 1);
    await deaf.memo().get("shop", "k", unheard);
    const memo2 = deaf.memo();
    await memo2.get("shop", "k", unheard);
    await memo2.get("shop", "k", unheard);
    expect(unheard.calls).toBe(3);
  });

  it("holds at most its limit per store, dropping the least recently used first", async () => {
    const memo = listening("shop").memo(3);
    const loads = Object.fromEntries(["a", "b", "c", "d"].map((key) => [key, counting(() => key)]));
    for (const key of ["a", "b", "c"]) await memo.get("shop", key, loads[key]!);
    await memo.get("shop", "a", loads.a!); // a is now the most recently used
    await memo.get("shop", "d", loads.d!); // drops b
    for (const key of ["a", "c", "d"]) await memo.get("shop", key, loads[key]!);
    await memo.get("shop", "b", loads.b!);
    expect(Object.fromEntries(Object.entries(loads).map(([key, load]) => [key, load.calls]))).toEqual({
      a: 1,
      b: 2,
      c: 1,
      d: 1,
    });
  });
});
