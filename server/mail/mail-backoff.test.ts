import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./sender.ts";

describe("retryDelayMs", () => {
  it("doubles after each failed attempt and stops at the cap", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 12].map((attempts) => retryDelayMs(attempts, 30_000, 3_600_000));
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
  });
});
