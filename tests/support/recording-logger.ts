import pino from "pino";

/** A log entry as pino writes it: level, message, and the fields a test looks at (`Fields`). */
export type LogEntry<Fields> = { level: number; msg: string } & Partial<Fields>;

/** A logger whose entries the test can read, and wait for. */
export function recordingLogger<Fields = Record<string, unknown>>() {
  const entries: LogEntry<Fields>[] = [];
  const waiters: { matches: () => boolean; resolve: () => void }[] = [];
  const log = pino(
    { level: "info" },
    {
      write(line: string) {
        entries.push(JSON.parse(line) as LogEntry<Fields>);
        for (const waiter of waiters.filter((candidate) => candidate.matches())) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      },
    },
  );
  const until = (matches: () => boolean) =>
    matches() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ matches, resolve }));
  return { log, entries, until };
}
