import { describe, expect, it } from "vitest";
import { customerSchema } from "./checkout.ts";

const valid = {
  customerName: "Ada Lovelace",
  customerEmail: "ada@example.com",
  customerPhone: "",
  streetAddress: "1550 Blake St",
  city: "Denver",
  state: "CO",
  zipCode: "80202",
};

const message = (input: object) => customerSchema.safeParse(input).error?.issues[0]?.message;

describe("checkout customer details", () => {
  it("accepts a complete address and fills the defaults", () => {
    expect(customerSchema.parse(valid)).toEqual({ ...valid, apartment: "", country: "United States", orderNotes: "" });
  });

  it("accepts an empty phone, ten digits, or 123-456-7890", () => {
    for (const customerPhone of ["", "3035550142", "303-555-0142"]) expect(message({ ...valid, customerPhone })).toBeUndefined();
    for (const customerPhone of ["555-0142", "(303) 555-0142", "30355501421", "303 555 0142"]) {
      expect(message({ ...valid, customerPhone })).toBe("Please enter a valid phone number");
    }
  });

  it("wants a real-looking email without spaces", () => {
    for (const customerEmail of ["ada", "ada@example", "ada @example.com", ""]) {
      expect(message({ ...valid, customerEmail })).toBe("Please enter a valid email address");
    }
  });

  it("names each missing required field", () => {
    expect(message({ ...valid, customerName: "   " })).toBe("Full name is required");
    expect(message({ ...valid, city: undefined })).toBe("City is required");
    expect(message({ ...valid, country: "" })).toBe("Country is required");
  });

  it("refuses line breaks that could reach an email header", () => {
    expect(message({ ...valid, customerName: "Ada\r\nBcc: victim@example.com" })).toBe(
      "Please remove line breaks and control characters",
    );
  });
});

describe("multi-line fields", () => {
  it("keep line breaks but refuse NUL and other control characters", () => {
    expect(message({ ...valid, orderNotes: "Leave at the door.\nThanks!\tA" })).toBeUndefined();
    expect(message({ ...valid, orderNotes: "bad\u0000byte" })).toBe("Please remove control characters");
  });
});
