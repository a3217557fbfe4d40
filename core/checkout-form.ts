import { z } from "zod";
import { MAX_LINE_QUANTITY } from "./constants.ts";
import { emailAddress } from "./email.ts";
import { optionalPhoneField } from "./phone.ts";
import { isCleanText, multiLineText, normalizeText, singleLineText } from "./text.ts";

// One schema for the checkout form: the browser uses it for instant messages,
// the server for the truth. Prices never come from here: the server looks them up.

export const DEFAULT_COUNTRY = "United States";
export const MAX_CART_LINES = 50;

// Every text field is normalised and refuses control characters and lone surrogates
// (core/text.ts): they have no place in a name or address and would let a value break
// out of an email header. Only the notes may hold line breaks.
export const customerSchema = z.object({
  customerName: singleLineText("Full name", 100),
  customerEmail: emailAddress(),
  // Any usual writing of a US number, stored as 303-555-0142 (core/phone.ts).
  customerPhone: optionalPhoneField().default(""),
  streetAddress: singleLineText("Street address", 200),
  apartment: singleLineText("Apartment", 100, { optional: true }).default(""),
  city: singleLineText("City", 100),
  state: singleLineText("State", 100),
  zipCode: singleLineText("ZIP code", 20),
  country: singleLineText("Country", 100).default(DEFAULT_COUNTRY),
  orderNotes: multiLineText("Order notes", 2000, { optional: true }).default(""),
});

export type CustomerDetails = z.infer<typeof customerSchema>;

export const cartLineRequestSchema = z.object({
  productId: z.uuid("Unknown product"),
  // A code the shop wrote: anything unclean cannot name one of its fabrics.
  fabricCode: z
    .string({ error: "Please select a fabric option" })
    .overwrite(normalizeText)
    .min(1, "Please select a fabric option")
    .max(100)
    .refine((value) => isCleanText(value), "Please select a fabric option"),
  quantity: z
    .number({ error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}; for larger orders, please contact us`),
});

export type CartLineRequest = z.infer<typeof cartLineRequestSchema>;

export const checkoutRequestSchema = z.object({
  customer: customerSchema,
  items: z
    .array(cartLineRequestSchema)
    .min(1, "Your cart is empty")
    .max(MAX_CART_LINES, `A cart can hold at most ${MAX_CART_LINES} different items`),
});

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
