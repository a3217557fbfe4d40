import { z } from "zod";
import { hasControlCharacters, hasStrayControlCharacters } from "./text.ts";

// The contact form's one schema, for the browser's messages and the server's truth.

const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), "Please remove line breaks and control characters");

export const contactMessageSchema = z.object({
  name: singleLine("Name", 100),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Please enter a valid email address"),
  phone: z
    .string()
    .trim()
    .max(30, "Please enter a valid phone number")
    .refine((value) => !hasControlCharacters(value), "Please enter a valid phone number")
    .default(""),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message must be at most 5000 characters")
    .refine((value) => !hasStrayControlCharacters(value), "Please remove control characters"),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
