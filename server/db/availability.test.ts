import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./availability.ts";

describe("isDatabaseUnavailable", () => {
  it("recognises outages by class, SQLSTATE, socket error or driver message, anywhere in the cause chain", () => {
    const cases: unknown[] = [
      new DatabaseUnavailableError("busy"),
      Object.assign(new Error("database is not accepting connections"), { code: "55000" }),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Failed query: select 1", { cause: Object.assign(new Error("x"), { code: "08006" }) }),
    ];
    for (const error of cases) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it("leaves a query's own errors alone (they are bugs or bad input, not outages)", () => {
    const cases: unknown[] = [
      Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }),
      Object.assign(new Error("invalid input syntax for type uuid"), { code: "22P02" }),
      new Error("Order vanished"),
      "a string",
      null,
    ];
    for (const error of cases) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
