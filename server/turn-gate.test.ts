import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "./db/availability.ts";
import { createQueryGate } from "./db/query-gate.ts";
import { createTurnGate } from "./turn-gate.ts";

describe("query gate", () => {
  it("runs one piece of work at a time, in arrival order", async () => {
    const gate = createQueryGate({ maxWaitMs: 1_000 });
    const order: string[] = [];
    let active = 0;
    const work = (name: string) =>
      gate.run(async () => {
        active++;
        expect(active).toBe(1);
        order.push(name);
        await Promise.resolve();
        active--;
      });
    await Promise.all(["a", "b", "c", "d"].map(work));
    expect(order).toEqual(["a", "b", "c", "d"]);
  });

  it("fails a waiter as unavailable past the deadline, and keeps serving the others", async () => {
    const gate = createQueryGate({ maxWaitMs: 20 });
    let release = () => {};
    const holder = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiter = gate.run(async () => "never");
    await expect(waiter).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(gate.waiting).toBe(0);
    release();
    await holder;
    await expect(gate.run(async () => "next")).resolves.toBe("next");
  });

  it("lets the event loop run between turns", async () => {
    const gate = createQueryGate({ maxWaitMs: 1_000 });
    const events: string[] = [];
    const work = (name: string) =>
      gate.run(async () => {
        events.push(name);
        if (name === "a") setImmediate(() => events.push("event loop"));
      });
    await Promise.all(["a", "b"].map(work));
    expect(events).toEqual(["a", "event loop", "b"]);
  });

  it("frees its turn when the work fails", async () => {
    const gate = createQueryGate({ maxWaitMs: 1_000 });
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(gate.run(async () => 1)).resolves.toBe(1);
  });
});

describe("turn gate with several slots", () => {
  it("runs at most that many at once, and lets the others in in arrival order as turns end", async () => {
    const gate = createTurnGate({ slots: 3, maxWaitMs: 1_000, tooLong: () => new Error("too long") });
    let active = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        gate.run(async () => {
          started.push(index);
          most = Math.max(most, ++active);
          await new Promise((resolve) => setTimeout(resolve, 5));
          active--;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("fails a waiter with its own error past the deadline, while the slots stay taken", async () => {
    const gate = createTurnGate({ slots: 2, maxWaitMs: 20, tooLong: () => new RangeError("busy") });
    const releases: (() => void)[] = [];
    const holders = [0, 1].map(() => gate.run(() => new Promise<void>((resolve) => releases.push(resolve))));
    await expect(gate.run(async () => "never")).rejects.toBeInstanceOf(RangeError);
    expect(gate.waiting).toBe(0);
    for (const release of releases) release();
    await Promise.all(holders);
    await expect(gate.run(async () => "next")).resolves.toBe("next");
  });

  it("starts no more turns in one pass of the event loop than it has slots, when asked to, though each work finishes at once", async () => {
    // Requests read in one pass arrive as separate callbacks of the same phase; these immediates do the same.
    const startPasses = async (startFromEventLoop: boolean) => {
      const gate = createTurnGate({
        slots: 2,
        maxWaitMs: 1_000,
        tooLong: () => new Error("too long"),
        startFromEventLoop,
      });
      let pass = 0;
      let counting = true;
      const count = () => {
        pass++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const passes = await Promise.all(
        Array.from(
          { length: 6 },
          () =>
            new Promise<number>((resolve, reject) =>
              setImmediate(() => void gate.run(async () => pass).then(resolve, reject)),
            ),
        ),
      );
      counting = false;
      return passes;
    };
    // Without it, each callback finds the slot the one before it freed: all six in the first pass.
    expect(await startPasses(false)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await startPasses(true)).toEqual([2, 2, 3, 3, 4, 4]);
  });
});
