import { describe, expect, it } from "vitest";
import { cartLineRequestSchema, customerSchema } from "./checkout-form.ts";

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

  it("accepts an empty phone or any usual writing of a US number, stored as 303-555-0142", () => {
    expect(customerSchema.parse(valid).customerPhone).toBe("");
    for (const customerPhone of ["3035550142", "303-555-0142", "(303) 555-0142", "303.555.0142", "+1 303 555 0142"])
      expect(customerSchema.parse({ ...valid, customerPhone }).customerPhone).toBe("303-555-0142");
    for (const customerPhone of ["555-0142", "303555014", "30355501421", "303-555-CALL", "+44 20 7946 0958"]) {
      expect(message({ ...valid, customerPhone })).toBe("Please enter a valid phone number");
    }
  });

  it("wants a real-looking email without spaces", () => {
    for (const customerEmail of [
      "ada",
      "ada@example",
      "ada @example.com",
      "",
      "ada@example.com\u0000",
      "ad\ud800a@example.com",
    ]) {
      expect(message({ ...valid, customerEmail })).toBe("Please enter a valid email address");
    }
  });

  it("takes internationalised addresses, normalised", () => {
    for (const customerEmail of ["josé@example.com", "ü@exämple.com"]) {
      expect(customerSchema.parse({ ...valid, customerEmail }).customerEmail).toBe(customerEmail);
    }
    expect(customerSchema.parse({ ...valid, customerEmail: " Jose\u0301@Example.COM " }).customerEmail).toBe(
      "Jos\u00e9@example.com",
    );
  });

  it("normalises every text field to NFC before checking its length", () => {
    const parsed = customerSchema.parse({ ...valid, customerName: " Rene\u0301e ", city: "Ce\u0301ze\u0301 " });
    expect(parsed.customerName).toBe("Ren\u00e9e");
    expect(parsed.city).toBe("C\u00e9z\u00e9");
    expect(message({ ...valid, zipCode: "8".repeat(21) })).toBe("ZIP code must be at most 20 characters");
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

  it("refuses NUL and lone surrogates in every field, with that field's message", () => {
    const fields = ["customerName", "streetAddress", "apartment", "city", "state", "zipCode", "country"] as const;
    for (const field of fields) {
      for (const bad of ["A\u0000B", "A\ud800B"]) {
        const result = customerSchema.safeParse({ ...valid, [field]: bad });
        expect(result.error?.issues[0], `${field} ${JSON.stringify(bad)}`).toMatchObject({
          path: [field],
          message: "Please remove line breaks and control characters",
        });
      }
    }
    expect(message({ ...valid, customerPhone: "303555014\u0000" })).toBe("Please enter a valid phone number");
  });
});

describe("multi-line fields", () => {
  it("keep line breaks but refuse NUL and other control characters", () => {
    expect(message({ ...valid, orderNotes: "Leave at the door.\nThanks!\tA" })).toBeUndefined();
    expect(message({ ...valid, orderNotes: "bad\u0000byte" })).toBe("Please remove control characters");
    expect(message({ ...valid, orderNotes: "half \udc00 a pair" })).toBe("Please remove control characters");
  });
});

describe("cart lines", () => {
  it("refuse a fabric code holding NUL or a lone surrogate", () => {
    const line = { productId: "6f1c2a9e-8d1b-4c7e-9a51-0b2f3c4d5e6f", quantity: 1 };
    expect(cartLineRequestSchema.parse({ ...line, fabricCode: " navy-gingham " }).fabricCode).toBe("navy-gingham");
    for (const fabricCode of ["navy\u0000", "navy\ud800", ""]) {
      expect(cartLineRequestSchema.safeParse({ ...line, fabricCode }).error?.issues[0]?.message).toBe(
        "Please select a fabric option",
      );
    }
  });
});
