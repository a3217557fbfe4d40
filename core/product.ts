import { z } from "zod";
import { DEFAULT_FABRIC_CODE, DEFAULT_FABRIC_LABEL } from "./constants.ts";
import { dollarsToCents } from "./money.ts";
import { isSlug } from "./slug.ts";
import { multiLineText, singleLineText } from "./text.ts";

// A product as the owner edits it (SPEC §3 Product, §5 Wizard): one schema per wizard
// step, shared by the browser (instant messages, step by step) and the save action (the
// truth). Prices travel as the text the owner typed ("45.00") and become cents here.

/** The three picture slots of a product, in order; blank slots are allowed except the first. */
export const IMAGE_SLOTS = [
  { key: "main", label: "Main image" },
  { key: "detail", label: "Detail image" },
  { key: "inside", label: "Inside image" },
] as const;
export const IMAGE_SLOT_COUNT = IMAGE_SLOTS.length;

/** The option a product gets when it is saved without fabrics (SPEC §5 Default fabric). */
export const DEFAULT_FABRIC_OPTION = {
  code: DEFAULT_FABRIC_CODE,
  label: DEFAULT_FABRIC_LABEL,
  swatchUrl: "",
  upcharge: 0,
  imgOverride: [] as string[],
  libraryFabricId: null,
} as const;

/** Largest price or upcharge the shop accepts: $100,000.00. */
export const MAX_PRICE_CENTS = 10_000_000;
/** Most fabric options one product may offer. */
export const MAX_FABRIC_OPTIONS = 100;
/** The description hint (SPEC §9): shorter is allowed but flagged. */
export const DESCRIPTION_HINT_LENGTH = 20;

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
export const IMAGE_REQUIRED_MESSAGE = "Please provide at least one product image";
export const INVALID_CATEGORY_MESSAGE = "Invalid category selected";
export const SLUG_TAKEN_MESSAGE = "A product with this slug already exists";
export const FABRIC_FIELDS_MESSAGE = "Please fill in all required fabric fields";
export const fabricCodeTakenMessage = (code: string) => `Fabric with code ${code} already exists`;
export const FABRIC_CODE_RESERVED_MESSAGE = `The code "${DEFAULT_FABRIC_CODE}" is reserved; choose another`;
export const FABRIC_CODE_FORMAT_MESSAGE = "Use lowercase letters, digits and single hyphens, like navy-gingham";
export const fabricAddedMessage = (label: string) => `Added ${label} fabric option`;

/**
 * A picture the shop stored itself (an upload, an import or a demo picture): only these
 * may appear on a product, so a product can never point shoppers at another site.
 */
export const STORED_IMAGE_URL = /^\/uploads\/(?:[a-z0-9-]+\/){1,3}[a-f0-9]{8,64}-\d{1,5}x\d{1,5}\.webp$/;
export const isStoredImageUrl = (url: string) => STORED_IMAGE_URL.test(url);
const storedImage = z.string().regex(STORED_IMAGE_URL, "Use a picture uploaded to the shop");
const optionalImage = z.union([z.literal(""), storedImage]);

const DOLLARS = /^\d{1,6}(\.\d{1,2})?$/;

/** A price typed in dollars ("45", "45.5", "45.50") as integer cents; at least $0.01. */
export const priceField = z
  .string({ error: REQUIRED_FIELDS_MESSAGE })
  .trim()
  .min(1, REQUIRED_FIELDS_MESSAGE)
  .regex(DOLLARS, "Enter a price in dollars, like 45.00")
  .transform((value) => dollarsToCents(Number(value)))
  .refine((cents) => cents >= 1, "Price must be at least $0.01")
  .refine((cents) => cents <= MAX_PRICE_CENTS, "Price must be at most $100,000.00");

/** An upcharge typed in dollars; blank means none. */
export const upchargeField = z
  .string()
  .trim()
  .regex(/^$|^\d{1,6}(\.\d{1,2})?$/, "Enter an upcharge in dollars, like 5.00 (0 or more)")
  .transform((value) => (value === "" ? 0 : dollarsToCents(Number(value))))
  .refine((cents) => cents <= MAX_PRICE_CENTS, "Upcharge must be at most $100,000.00");

/**
 * The wizard's slug rule (SPEC §5): lowercase, trimmed, whitespace, underscores and
 * hyphens to single hyphens, other non-word characters removed, no hyphen at either end.
 */
export function productSlug(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[\s_-]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Step 1, Basic Information. */
export const productBasicsSchema = z.object({
  name: singleLineText("Name", 200, { required: REQUIRED_FIELDS_MESSAGE }),
  slug: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .refine(isSlug, "Use lowercase letters, digits and single hyphens (at most 200 characters)"),
  categoryId: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(64, INVALID_CATEGORY_MESSAGE),
  price: priceField,
  description: multiLineText("Description", 5000, { required: REQUIRED_FIELDS_MESSAGE }),
});

/** Step 2, Product Images: three slots, the first required. */
export const productImagesSchema = z.object({
  defaultImages: z
    .array(optionalImage)
    .length(IMAGE_SLOT_COUNT, `Send exactly ${IMAGE_SLOT_COUNT} image slots`)
    .refine((images) => images[0] !== "", { message: IMAGE_REQUIRED_MESSAGE, path: [0] }),
});

/**
 * The rule for a code a fabric is given now, in the library or typed into the wizard:
 * "default" is the option of a product without fabric choice (SPEC §5 Default fabric),
 * which orders, emails and the shop show as no fabric at all; and a code keeps to the
 * characters the code generator uses, as it travels in carts, order records and CSV files.
 * A code given before this rule stays as it is: codes never change once given.
 */
export const asNewFabricCode = (code: z.ZodString) =>
  code
    .refine((value) => value !== DEFAULT_FABRIC_CODE, FABRIC_CODE_RESERVED_MESSAGE)
    .refine(isSlug, FABRIC_CODE_FORMAT_MESSAGE);

const optionCode = singleLineText("Fabric code", 40, { required: FABRIC_FIELDS_MESSAGE });

/**
 * One fabric option as the wizard sends it (from the library or typed in). Its code may be
 * one given before the code rule; the save applies the rule to codes new to the product.
 */
export const fabricOptionSchema = z.object({
  code: optionCode,
  label: singleLineText("Fabric name", 100, { required: FABRIC_FIELDS_MESSAGE }),
  swatchUrl: storedImage,
  upcharge: upchargeField,
  imgOverride: z.array(storedImage).max(IMAGE_SLOT_COUNT),
  /** The library fabric this option was added from; its stock reaches the product through it. */
  libraryFabricId: z.uuid("Selected fabric not found").nullable(),
});
export type FabricOptionInput = z.input<typeof fabricOptionSchema>;

/** A fabric option typed into the wizard (Manual Entry): its code is new. */
export const newFabricOptionSchema = fabricOptionSchema.extend({ code: asNewFabricCode(optionCode) });

/** Step 3, Fabric Options: codes unique within the product. */
export const productFabricsSchema = z.object({
  hasFabricSelection: z.boolean(),
  fabrics: z
    .array(fabricOptionSchema)
    .max(MAX_FABRIC_OPTIONS, `A product can offer at most ${MAX_FABRIC_OPTIONS} fabrics`)
    .superRefine((fabrics, ctx) => {
      const seen = new Set<string>();
      fabrics.forEach((fabric, index) => {
        const code = fabric.code.toLowerCase();
        if (seen.has(code))
          ctx.addIssue({ code: "custom", message: fabricCodeTakenMessage(fabric.code), path: [index, "code"] });
        seen.add(code);
      });
    }),
});

/** The whole product as the save action receives it. */
export const productSchema = z.object({
  ...productBasicsSchema.shape,
  ...productImagesSchema.shape,
  ...productFabricsSchema.shape,
});
export type ProductInput = z.input<typeof productSchema>;
export type ProductValues = z.output<typeof productSchema>;

/**
 * The options a product is saved with: with fabric selection off, or on with none
 * chosen, the one default option (SPEC §5); otherwise exactly the chosen ones.
 */
export function fabricOptionsToSave(values: Pick<ProductValues, "hasFabricSelection" | "fabrics">) {
  if (!values.hasFabricSelection || values.fabrics.length === 0) return [{ ...DEFAULT_FABRIC_OPTION, imgOverride: [] }];
  return values.fabrics;
}

/** The description a new product starts with when the store has no template (SPEC §4 Wizard). */
export const GENERIC_PRODUCT_DESCRIPTION =
  "Handcrafted with care in our studio, this piece is cut and sewn by hand from quality fabrics, " +
  "finished with durable stitching and made to be used and loved every day.";

/** What the product wizard asks of its action: one discriminated union on `intent`. */
export const productEditorRequestSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("check-slug"), slug: z.string().max(300) }),
    z.object({ intent: z.literal("save"), product: z.unknown() }),
  ],
  { error: "Unknown request" },
);
export type ProductEditorRequest = z.input<typeof productEditorRequestSchema>;

/** What the action answers when it does not redirect. */
export type ProductEditorAnswer =
  | { intent: "check-slug"; taken: boolean }
  | { intent: "save"; error: string; fieldErrors: Partial<Record<string, string>> };

export const productSaveFailedMessage = (editing: boolean, reason: string) =>
  `${editing ? "Failed to update product" : "Failed to add product"}: ${reason}`;
