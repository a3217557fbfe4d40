import { z } from "zod";
import { emailAddress } from "./email.ts";
import { isStoredImageUrl } from "./product.ts";
import { multiLineText, singleLineText } from "./text.ts";

// Settings › General (SPEC §2 Settings, §3 Store settings, preface decision 4): the store's
// branding, contact details and description template, kept on the server per store. One
// schema per card, run by the form for instant messages and by the action for the truth.

/** SPEC §9 default brand colours. */
export const DEFAULT_THEME = { primaryColor: "#D4AF37", textColor: "#1F1E1D", bgColor: "#FDFCF7" } as const;

export const SETTINGS_SAVED_MESSAGE = "Settings saved successfully";
export const LOGO_UPDATED_MESSAGE = "Logo updated successfully";
export const LOGO_REMOVED_MESSAGE = "Logo removed";
export const LOGO_HINT = "Recommended size: 250x100px, PNG or JPEG, max 2MB";
export const logoUploadFailedMessage = (message: string) => `Failed to upload logo: ${message}`;

/** The logo hint promises 2MB; the server holds every logo upload to it. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const logoTooLargeMessage = (name: string) => `File ${name} exceeds 2MB size limit.`;

export const HEX_COLOR_MESSAGE = "Enter a hex colour such as #D4AF37 or #FFF";
export const PHONE_MESSAGE = "Please enter a valid phone number";
export const LOGO_URL_MESSAGE = "Use a logo uploaded to the shop";

export const STORE_NAME_MAX_LENGTH = 80;
export const PHONE_MAX_LENGTH = 30;
export const DESCRIPTION_TEMPLATE_MAX_LENGTH = 5000;
export const PICKUP_LOCATION_MAX_LENGTH = 500;
export const PICKUP_HOURS_MAX_LENGTH = 200;

/** WCAG 2 AA: normal-size text needs at least this contrast with its background. */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** "#abc" or "#aabbcc" as "#AABBCC"; null for anything else. */
export function normalizeHexColor(value: string): string | null {
  const trimmed = value.trim();
  if (!HEX_COLOR.test(trimmed)) return null;
  const digits = trimmed.slice(1).toUpperCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits}`;
}

/** WCAG relative luminance of a normalised "#RRGGBB". */
function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio (1 to 21) of two colours, or null when either is not a valid hex colour. */
export function contrastRatio(first: string, second: string): number | null {
  const a = normalizeHexColor(first);
  const b = normalizeHexColor(second);
  if (!a || !b) return null;
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it: "4.52:1". Rounded down, so a pair just short of 4.5 never reads "4.50:1". */
export const formatContrast = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

/** Whether text in `text` on `background` is hard to read (below WCAG AA); false while either is invalid. */
export function isLowContrast(text: string, background: string): boolean {
  const ratio = contrastRatio(text, background);
  return ratio !== null && ratio < MIN_TEXT_CONTRAST;
}

const hexColor = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(7, HEX_COLOR_MESSAGE)
    .transform((value, context) => {
      const color = normalizeHexColor(value);
      if (color) return color;
      context.addIssue({ code: "custom", message: HEX_COLOR_MESSAGE });
      return z.NEVER;
    });

/** Store Branding's colours. A poor text/background pair is warned about, never refused. */
export const brandingSchema = z.object({
  primaryColor: hexColor("Brand colour"),
  textColor: hexColor("Text colour"),
  bgColor: hexColor("Background colour"),
});

// Digits with the usual separators, an optional leading +, and 7 to 15 digits (E.164's most).
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;
const isPhoneNumber = (value: string) => {
  const digits = value.replace(/\D/g, "").length;
  return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15;
};

/** Store details: the name shoppers see, and where shoppers and order notices reach the owner. */
export const storeDetailsSchema = z.object({
  storeName: singleLineText("Store name", STORE_NAME_MAX_LENGTH),
  contactEmail: emailAddress(undefined, { empty: "Contact email is required" }),
  contactPhone: singleLineText("Phone", PHONE_MAX_LENGTH, { optional: true, invalid: PHONE_MESSAGE }).refine(
    (value) => value === "" || isPhoneNumber(value),
    PHONE_MESSAGE,
  ),
});

/** The description new products start from; empty means the built-in text. */
export const descriptionTemplateSchema = z.object({
  defaultProductDescription: multiLineText("Description template", DESCRIPTION_TEMPLATE_MAX_LENGTH, {
    optional: true,
  }),
});

/**
 * Where and when customers collect their orders: the "ready for pickup" email tells them.
 * The place may take a few lines (an address and directions); the hours are one line.
 */
export const pickupSchema = z.object({
  pickupLocation: multiLineText("Pickup place", PICKUP_LOCATION_MAX_LENGTH, { optional: true }),
  pickupHours: singleLineText("Pickup hours", PICKUP_HOURS_MAX_LENGTH, { optional: true }),
});

/** Logos are uploaded with purpose "logo", which keeps them under /uploads/store/ within the 2MB limit. */
export const isStoredLogoUrl = (url: string) => url.startsWith("/uploads/store/") && isStoredImageUrl(url);

/** A logo just uploaded, or "" to remove it (the store name shows instead). */
export const logoSchema = z.object({
  logoUrl: z
    .string({ error: LOGO_URL_MESSAGE })
    .trim()
    .refine((url) => url === "" || isStoredLogoUrl(url), LOGO_URL_MESSAGE),
});

/** Each card's intent and the schema its form is checked with. */
export const GENERAL_SETTINGS_FORMS = {
  "general:branding": brandingSchema,
  "general:details": storeDetailsSchema,
  "general:template": descriptionTemplateSchema,
  "general:pickup": pickupSchema,
  "general:logo": logoSchema,
} as const;
export type GeneralSettingsIntent = keyof typeof GENERAL_SETTINGS_FORMS;

export const isGeneralSettingsIntent = (intent: string): intent is GeneralSettingsIntent =>
  Object.hasOwn(GENERAL_SETTINGS_FORMS, intent);

/** Everything the General tab edits, as stored. */
export interface GeneralSettingsValues {
  storeName: string;
  contactEmail: string;
  contactPhone: string;
  logoUrl: string | null;
  primaryColor: string;
  textColor: string;
  bgColor: string;
  defaultProductDescription: string;
  pickupLocation: string;
  pickupHours: string;
}

/** What the action answers a card's form. */
export type GeneralSettingsAnswer =
  | { intent: GeneralSettingsIntent; ok: true; settings: GeneralSettingsValues }
  | { intent: string; ok: false; error: string; fieldErrors: Partial<Record<string, string>> };
