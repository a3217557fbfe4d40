import { describe, expect, it } from "vitest";
import {
  contactMessageSchema,
  judgeContactSubmission,
  messageActionSchema,
  replyMailto,
  replySubject,
  SPAM_HONEYPOT,
  SPAM_NO_TOKEN,
} from "./contact-message.ts";

const valid = {
  name: "Grace Hopper",
  email: "grace@example.com",
  phone: "",
  message: "Could you make a tote?\nIn navy.",
};
const issue = (input: object) => contactMessageSchema.safeParse(input).error?.issues[0];

describe("contact message", () => {
  it("accepts internationalised addresses and keeps line breaks in the message", () => {
    expect(contactMessageSchema.parse({ ...valid, email: "ü@exämple.com" })).toEqual({
      ...valid,
      email: "ü@exämple.com",
    });
    expect(contactMessageSchema.parse({ ...valid, email: "josé@example.com" }).email).toBe("josé@example.com");
  });

  it("takes an optional phone in any usual US writing, stored as 303-555-0142", () => {
    expect(contactMessageSchema.parse({ ...valid, phone: "(303) 555-0142" }).phone).toBe("303-555-0142");
    expect(contactMessageSchema.parse({ ...valid, phone: "+1 303.555.0142" }).phone).toBe("303-555-0142");
    for (const phone of ["555-0142", "call me after 5", "+44 20 7946 0958"]) {
      expect(issue({ ...valid, phone })).toMatchObject({
        path: ["phone"],
        message: "Please enter a valid phone number",
      });
    }
  });

  it("refuses NUL and lone surrogates with each field's own message", () => {
    expect(issue({ ...valid, name: "Gr\u0000ace" })).toMatchObject({
      path: ["name"],
      message: "Please remove line breaks and control characters",
    });
    expect(issue({ ...valid, name: "Gr\ud800ace" })).toMatchObject({ path: ["name"] });
    expect(issue({ ...valid, email: "grace\u0000@example.com" })).toMatchObject({
      path: ["email"],
      message: "Please enter a valid email address",
    });
    expect(issue({ ...valid, phone: "303\u0000" })).toMatchObject({
      path: ["phone"],
      message: "Please enter a valid phone number",
    });
    expect(issue({ ...valid, message: "hello\udc00" })).toMatchObject({
      path: ["message"],
      message: "Please remove control characters",
    });
  });

  it("normalises before counting", () => {
    const message = "e\u0301".repeat(5000);
    expect(contactMessageSchema.parse({ ...valid, message }).message).toBe("\u00e9".repeat(5000));
    expect(issue({ ...valid, message: "x".repeat(5001) })).toMatchObject({
      message: "Message must be at most 5000 characters",
    });
  });
});

describe("contact spam rules", () => {
  const sentAt = new Date("2026-03-01T17:00:10.000Z");
  const shownSecondsBefore = (seconds: number) => new Date(sentAt.getTime() - seconds * 1000);
  const judge = (overrides: Partial<Parameters<typeof judgeContactSubmission>[0]>) =>
    judgeContactSubmission({ honeypot: "", shownAt: shownSecondsBefore(20), sentAt, minFillSeconds: 3, ...overrides });

  it("lets a person through: an empty honeypot and a form shown long enough ago, up to a day", () => {
    expect(judge({})).toEqual({ spam: false });
    expect(judge({ shownAt: shownSecondsBefore(3) })).toEqual({ spam: false });
    expect(judge({ shownAt: shownSecondsBefore(24 * 60 * 60) })).toEqual({ spam: false });
    // Spaces a browser might leave are not a bot's answer.
    expect(judge({ honeypot: "  " })).toEqual({ spam: false });
  });

  it("catches a filled honeypot before anything else", () => {
    expect(judge({ honeypot: "https://cheap-pills.example" })).toEqual({ spam: true, reason: SPAM_HONEYPOT });
    expect(judge({ honeypot: "x", shownAt: null })).toEqual({ spam: true, reason: SPAM_HONEYPOT });
  });

  it("catches a message sent sooner than a person could, saying how soon", () => {
    expect(judge({ shownAt: shownSecondsBefore(0.4) })).toEqual({
      spam: true,
      reason: "sent 0.4 s after the form was shown",
    });
    expect(judge({ shownAt: shownSecondsBefore(2.95) })).toMatchObject({ spam: true });
    // The minimum is the configured one: browser tests may lower it to nothing.
    expect(judge({ shownAt: shownSecondsBefore(0), minFillSeconds: 0 })).toEqual({ spam: false });
  });

  it("catches a missing or forged token, a form from the future and one older than a day", () => {
    expect(judge({ shownAt: null })).toEqual({ spam: true, reason: SPAM_NO_TOKEN });
    expect(judge({ shownAt: shownSecondsBefore(-120) })).toEqual({ spam: true, reason: SPAM_NO_TOKEN });
    // A little clock difference between servers is no reason to doubt a person.
    expect(judge({ shownAt: shownSecondsBefore(-30), minFillSeconds: 0 })).toEqual({ spam: false });
    expect(judge({ shownAt: shownSecondsBefore(26 * 60 * 60) })).toEqual({
      spam: true,
      reason: "sent 26 h after the form was shown (over a day)",
    });
  });
});

describe("the owner's inbox requests", () => {
  const id = "0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11";

  it("takes the four intents with a message id, and nothing else", () => {
    for (const intent of ["read", "unread", "not-spam", "spam", "delete"]) {
      expect(messageActionSchema.parse({ intent, messageId: id })).toEqual({ intent, messageId: id });
    }
    expect(messageActionSchema.safeParse({ intent: "archive", messageId: id }).success).toBe(false);
    expect(messageActionSchema.safeParse({ intent: "read", messageId: "42" }).success).toBe(false);
    expect(messageActionSchema.safeParse({ intent: "delete" }).success).toBe(false);
  });

  it("replies by email with the subject filled in, escaped so nothing can add a header", () => {
    expect(replyMailto("grace@example.com", replySubject("Selvage & Co"))).toBe(
      "mailto:grace@example.com?subject=Re%3A%20Your%20message%20to%20Selvage%20%26%20Co",
    );
    expect(replyMailto("jo?cc=x@example.com", "Hi")).toBe("mailto:jo%3Fcc%3Dx@example.com?subject=Hi");
    expect(replyMailto("josé@example.com", "Hi")).toBe("mailto:jos%C3%A9@example.com?subject=Hi");
  });
});
