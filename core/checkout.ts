import { z } from "zod";
import { hasControlCharacters, hasStrayControlCharacters } from "./text.ts";

// One schema for the checkout form: the browser uses it for instant messages,
// the server for the truth. Prices never come from here: the server looks them up.

export const DEFAULT_COUNTRY = "United States";
/** Larger quantities are a custom order: the shop asks those customers to get in touch. */
export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 50;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optional = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`);

// No control characters anywhere: they have no place in a name or address and
// would let a value break out of an email header.
const singleLine = (schema: z.ZodString) =>
  schema.refine((value) => !hasControlCharacters(value), "Please remove line breaks and control characters");

const PHONE = /^(\d{10}|\d{3}-\d{3}-\d{4})$/;

export const customerSchema = z.object({
  customerName: singleLine(required("Full name", 100)),
  customerEmail: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Please enter a valid email address"),
  customerPhone: z
    .string({ error: "Please enter a valid phone number" })
    .trim()
    .refine((value) => value === "" || PHONE.test(value), "Please enter a valid phone number")
    .default(""),
  streetAddress: singleLine(required("Street address", 200)),
  apartment: singleLine(optional("Apartment", 100)).default(""),
  city: singleLine(required("City", 100)),
  state: singleLine(required("State", 100)),
  zipCode: singleLine(required("ZIP code", 20)),
  country: singleLine(required("Country", 100)).default(DEFAULT_COUNTRY),
  orderNotes: optional("Order notes", 2000)
    .refine((value) => !hasStrayControlCharacters(value), "Please remove control characters")
    .default(""),
});

export type CustomerDetails = z.infer<typeof customerSchema>;

export const cartLineRequestSchema = z.object({
  productId: z.uuid("Unknown product"),
  fabricCode: z.string({ error: "Please select a fabric option" }).trim().min(1, "Please select a fabric option").max(100),
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
