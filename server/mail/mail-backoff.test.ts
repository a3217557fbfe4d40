import { describe, expect, it } from "vitest";
import { isPermanentFailure, retryDelayMs, UndeliverableEmailError } from "./sender.ts";

describe("retryDelayMs", () => {
  it("doubles after each failed attempt and stops at the cap", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 12].map((attempts) => retryDelayMs(attempts, 30_000, 3_600_000));
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
  });
});

/** An error shaped like nodemailer's for an SMTP answer. */
const smtpError = (responseCode: number, command: string, code = "EENVELOPE") =>
  Object.assign(new Error(`${responseCode} refused`), { responseCode, command, code });

describe("isPermanentFailure", () => {
  it("gives up at once on a 5xx answer to the message itself", () => {
    expect(isPermanentFailure(smtpError(553, "RCPT TO"))).toBe(true);
    expect(isPermanentFailure(smtpError(550, "MAIL FROM"))).toBe(true);
    expect(isPermanentFailure(smtpError(554, "DATA", "EMESSAGE"))).toBe(true);
    expect(isPermanentFailure(new UndeliverableEmailError("Not an address email can be sent to"))).toBe(true);
  });

  it("keeps retrying what may pass later: 4xx, connection trouble, sign-in refusals, sequence errors", () => {
    expect(isPermanentFailure(smtpError(451, "RCPT TO"))).toBe(false);
    expect(isPermanentFailure(smtpError(421, "CONN", "ECONNECTION"))).toBe(false);
    expect(isPermanentFailure(smtpError(535, "AUTH PLAIN", "EAUTH"))).toBe(false);
    expect(isPermanentFailure(smtpError(503, "RCPT TO"))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(false);
    expect(isPermanentFailure("weird")).toBe(false);
  });
});
