import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs on stdout, one line per event. */
export function createLogger(level: string = "info"): Logger {
  return pino({ level, base: { service: "selvage" } });
}
