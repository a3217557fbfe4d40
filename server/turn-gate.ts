/**
 * At most `slots` pieces of work at a time, first come first served, with a deadline for
 * waiting: past it, a waiter fails with `tooLong()` instead of waiting without end while a
 * crowd piles up behind it.
 */
export interface TurnGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Work waiting for a turn now (for logs and tests). */
  readonly waiting: number;
}

export function createTurnGate({
  slots,
  maxWaitMs,
  tooLong,
  startFromEventLoop = false,
}: {
  slots: number;
  maxWaitMs: number;
  tooLong: () => Error;
  /**
   * Every turn starts from the event loop, even when a slot is free: at most `slots` turns
   * start in one pass. For work that can finish without waiting (a page rendered from memory):
   * otherwise each request read in a pass takes the slot the one before it has just freed, the
   * pass renders for every open connection, and new connections, accepted between passes, wait
   * seconds for their first page.
   */
  startFromEventLoop?: boolean;
}): TurnGate {
  let active = 0;
  const queue: { resolve: () => void; timer: NodeJS.Timeout }[] = [];

  const acquire = (): Promise<void> => {
    if (active < slots) {
      active++;
      return startFromEventLoop ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(tooLong());
        }, maxWaitMs),
      };
      queue.push(waiter);
    });
  };

  const release = () => {
    const next = queue.shift();
    if (!next) {
      active--;
      return;
    }
    clearTimeout(next.timer);
    // The next turn starts on the event loop's next pass. Handing it over at once would
    // run the whole queue inside one microtask chain: no connection accepted, no request
    // read and no deadline timer fired until the crowd has gone.
    setImmediate(next.resolve);
  };

  return {
    async run(work) {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get waiting() {
      return queue.length;
    },
  };
}
