import { DatabaseUnavailableError } from "./availability.ts";

/**
 * One query at a time, first come first served, with a deadline for waiting. The
 * embedded engine runs one statement at a time anyway; queueing here instead of inside
 * it lets a request that has waited too long give up with a 503 instead of waiting
 * without end while a crowd piles up behind it.
 */
export interface QueryGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Requests waiting now (for logs and tests). */
  readonly waiting: number;
}

export function createQueryGate({ maxWaitMs }: { maxWaitMs: number }): QueryGate {
  let busy = false;
  const queue: { resolve: () => void; timer: NodeJS.Timeout }[] = [];

  const acquire = (): Promise<void> => {
    if (!busy) {
      busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(new DatabaseUnavailableError(`The database is busy: waited ${maxWaitMs} ms for a turn`));
        }, maxWaitMs),
      };
      queue.push(waiter);
    });
  };

  const release = () => {
    const next = queue.shift();
    if (!next) {
      busy = false;
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
