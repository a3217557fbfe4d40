import { z } from "zod";
import { emailAddress } from "./email.ts";
import { multiLineText, singleLineText } from "./text.ts";

// The contact form's one schema, for the browser's messages and the server's truth.
// Text is normalised and checked by the shared helpers (core/text.ts, core/email.ts).

export const contactMessageSchema = z.object({
  name: singleLineText("Name", 100),
  email: emailAddress(),
  phone: singleLineText("Phone", 30, { optional: true, invalid: "Please enter a valid phone number" }).default(""),
  message: multiLineText("Message", 5000),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
