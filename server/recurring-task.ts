export interface RecurringTask {
  /** Stops the task and waits for the pass in progress, if any. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` at once, then `intervalMs` after each pass ends, until stopped. A pass handles
 * its own failures (log, and try again next time): the task never stops on its own. The
 * timer alone never keeps the process alive.
 */
export function startRecurringTask(pass: () => Promise<void>, intervalMs: number): RecurringTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  let running = pass().finally(schedule);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
