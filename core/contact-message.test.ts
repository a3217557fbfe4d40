import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "./contact-message.ts";

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
