// What the shop says, and how it tells, when the database cannot answer: the server
// stays up, pages answer 503 with Retry-After, and service resumes by itself when the
// database is back.

export { SHOP_UNAVAILABLE_MESSAGE } from "../../core/constants.ts";

/** Seconds a client is asked to wait before trying again (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 10;

/**
 * The database could not be reached, dropped the connection, refused it, or could not
 * take the query in time. Nothing the client sent is wrong: the answer is a 503.
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

// SQLSTATE classes and codes that mean "the server is not there for us right now".
// 08: connection exceptions; 53: insufficient resources (disk full, out of memory, too
// many connections); 58: system errors (I/O); 57P01-57P03 shutdown, crash or cannot
// connect now; 55000 database not accepting connections (ALLOW_CONNECTIONS false);
// 3D000 database gone.
const UNAVAILABLE_SQLSTATES = /^(08...|53...|58...|57P0[123]|55000|3D000)$/;
// Errors raised by the drivers themselves, before or instead of a server answer.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|Query read timeout/i;

/** Whether an error (or anything in its cause chain) means the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 10; depth++) {
    if (typeof current !== "object") return false;
    // By name too: the test harness and the server bundle each hold their own copy of the class.
    const { name, code, message } = current as { name?: unknown; code?: unknown; message?: unknown };
    if (current instanceof DatabaseUnavailableError || name === "DatabaseUnavailableError") return true;
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
