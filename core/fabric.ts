import { z } from "zod";
import { DEFAULT_FABRIC_CODE } from "./constants.ts";
import { asNewFabricCode, isStoredImageUrl, productSlug, upchargeField } from "./product.ts";
import { multiLineText, singleLineText } from "./text.ts";

// A fabric of the store's library as the owner edits it (SPEC §2 Fabric form, §3, §5
// Fabric save): one schema shared by the form (page and dialog) and the save action.

/** The shop's fabric colour categories (SPEC §3). */
export const FABRIC_COLORS = [
  "black",
  "white",
  "red",
  "blue",
  "green",
  "yellow",
  "purple",
  "orange",
  "brown",
  "pink",
  "gray",
  "navy",
  "teal",
  "beige",
  "maroon",
  "olive",
  "coral",
  "turquoise",
  "lavender",
  "mint",
  "multi",
] as const;
export type FabricColor = (typeof FABRIC_COLORS)[number];

/** A colour as a label: "navy" → "Navy". */
export const colorLabel = (color: string) => color.charAt(0).toUpperCase() + color.slice(1);

/** Longest code derived from a name (SPEC §9). */
export const FABRIC_CODE_FROM_NAME_LENGTH = 20;
export const FABRIC_CODE_MAX_LENGTH = 40;
/** Most further pictures of products in one fabric. */
export const MAX_FABRIC_IMAGES = 3;
export const MAX_SORT_ORDER = 100_000;

export const FABRIC_REQUIRED_MESSAGE = "Name, code, and swatch image are required";
export const FABRIC_NAME_FIRST_MESSAGE = "Please enter a fabric name first";
export const FABRIC_CODE_GENERATED_MESSAGE = "Unique fabric code generated";
export const FABRIC_NOT_FOUND_MESSAGE = "Fabric not found";
export const FABRIC_ADDED_MESSAGE = "Fabric added successfully";
export const FABRIC_UPDATED_MESSAGE = "Fabric updated successfully";
export const FABRIC_DELETED_MESSAGE = "Fabric deleted successfully";
export const fabricSaveFailedMessage = (editing: boolean, reason: string) =>
  `${editing ? "Failed to update fabric" : "Failed to add fabric"}: ${reason}`;
export const fabricDeleteFailedMessage = (reason: string) => `Failed to delete fabric: ${reason}`;
export const fabricDeleteConfirmMessage = (name: string) =>
  `Are you sure you want to delete "${name}"? This action cannot be undone.`;

/** The code a name suggests while the owner types it: the name's slug, at most 20 characters. */
export function fabricCodeFromName(name: string): string {
  const code = productSlug(name).slice(0, FABRIC_CODE_FROM_NAME_LENGTH).replace(/-$/, "");
  // "default" is reserved (the option of a product without fabric choice).
  return code === DEFAULT_FABRIC_CODE ? `${code}-fabric` : code;
}

/** The generate button's code (SPEC §5): the name slug's first 14 characters and the time's last 6 digits. */
export function generateFabricCode(name: string, now: number = Date.now()): string {
  return `${productSlug(name).slice(0, 14)}${String(now).slice(-6)}`;
}

const storedImage = z.string().refine(isStoredImageUrl, "Use a picture uploaded to the shop");
const codeText = singleLineText("Code", FABRIC_CODE_MAX_LENGTH, { required: FABRIC_REQUIRED_MESSAGE });

/**
 * The fabric form (page and dialog) adding a fabric: its code follows the code rule.
 * Prices and sort orders travel as the text typed.
 */
export const fabricSchema = z.object({
  name: singleLineText("Name", 100, { required: FABRIC_REQUIRED_MESSAGE }),
  code: asNewFabricCode(codeText),
  description: multiLineText("Description", 1000, { optional: true }),
  color: z.enum(FABRIC_COLORS, { error: "Choose one of the colour categories" }),
  customColor: singleLineText("Custom colour name", 60, { optional: true }),
  price: upchargeField,
  swatchUrl: z.string().min(1, FABRIC_REQUIRED_MESSAGE).pipe(storedImage),
  images: z.array(storedImage).max(MAX_FABRIC_IMAGES, `At most ${MAX_FABRIC_IMAGES} pictures`),
  inStock: z.boolean(),
  sortOrder: z
    .string()
    .trim()
    .regex(/^$|^\d{1,6}$/, "Sort order is a whole number, 0 or more")
    .transform((value) => (value === "" ? 0 : Number(value)))
    .refine((value) => value <= MAX_SORT_ORDER, `Sort order must be at most ${MAX_SORT_ORDER}`),
});

/**
 * The form editing a saved fabric: its code is the one it was added with (the save refuses
 * any other), which may predate the code rule.
 */
export const savedFabricSchema = fabricSchema.extend({ code: codeText });
export type FabricInput = z.input<typeof fabricSchema>;
export type FabricValues = z.output<typeof fabricSchema>;

/** What the fabric form asks of its action: one discriminated union on `intent`. */
export const fabricRequestSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save"), fabricId: z.string().max(64).nullable(), fabric: z.unknown() }),
    z.object({ intent: z.literal("delete"), fabricId: z.string().max(64) }),
  ],
  { error: "Unknown request" },
);

export type FabricRequest = z.input<typeof fabricRequestSchema>;

/** What the fabric actions answer when they do not redirect. */
export type FabricEditorAnswer =
  { intent: "save"; error: string; fieldErrors: Partial<Record<string, string>> } | { intent: "delete"; error: string };

/** The form's values for a new fabric; the page starts its sort order at 0, the dialog at the fabric count (SPEC §9). */
export function newFabricInput(sortOrder = 0): FabricInput {
  return {
    name: "",
    code: "",
    description: "",
    color: "multi",
    customColor: "",
    price: "",
    swatchUrl: "",
    images: [],
    inStock: true,
    sortOrder: String(sortOrder),
  };
}

const isFabricColor = (color: string): color is FabricColor => (FABRIC_COLORS as readonly string[]).includes(color);

/** A stored fabric as the form's values (prices as dollar text, sort order as text). */
export function fabricFormValues(fabric: {
  name: string;
  code: string;
  description: string;
  color: string;
  customColor: string;
  priceCents: number;
  swatchUrl: string;
  images: string[];
  inStock: boolean;
  sortOrder: number;
}): FabricInput {
  return {
    name: fabric.name,
    code: fabric.code,
    description: fabric.description,
    // A colour outside the list (written by other means) shows as "multi" until the owner picks one.
    color: isFabricColor(fabric.color) ? fabric.color : "multi",
    customColor: fabric.customColor,
    price: (fabric.priceCents / 100).toFixed(2),
    swatchUrl: fabric.swatchUrl,
    images: fabric.images,
    inStock: fabric.inStock,
    sortOrder: String(fabric.sortOrder),
  };
}
