import { createTurnGate, type TurnGate } from "../turn-gate.ts";
import { DatabaseUnavailableError } from "./availability.ts";

/**
 * One query at a time, first come first served, with a deadline for waiting. The
 * embedded engine runs one statement at a time anyway; queueing here instead of inside
 * it lets a request that has waited too long give up with a 503 instead of waiting
 * without end while a crowd piles up behind it.
 */
export function createQueryGate({ maxWaitMs }: { maxWaitMs: number }): TurnGate {
  return createTurnGate({
    slots: 1,
    maxWaitMs,
    tooLong: () => new DatabaseUnavailableError(`The database is busy: waited ${maxWaitMs} ms for a turn`),
  });
}
