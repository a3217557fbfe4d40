import { z } from "zod";
import { isStoredImageUrl, productSlug } from "./product.ts";
import { isSlug } from "./slug.ts";
import { multiLineText, singleLineText } from "./text.ts";

// A category as the owner edits it in Settings › Categories (SPEC §2, §3 Category, §4
// Category delete, §5 Slug, §8; preface decision 5): one schema shared by the forms and
// the settings action.

/** The store's navigation holds at most this many categories (SPEC §9). */
export const MAX_CATEGORIES = 4;

export const CATEGORY_LIMIT_NOTE = `The store is limited to ${MAX_CATEGORIES} categories for optimal navigation`;
export const CATEGORY_NOT_FOUND_MESSAGE = "Category not found";
export const CATEGORY_UPDATE_FAILED_MESSAGE = "Failed to update category";
export const CATEGORY_DELETE_FAILED_MESSAGE = "Failed to delete category";
export const CATEGORY_ADD_FAILED_MESSAGE = "Failed to add category";
export const categoryUpdatedMessage = (name: string) => `Category "${name}" updated successfully`;
export const categoryDeletedMessage = (name: string) => `Category "${name}" deleted successfully`;
export const categoryAddedMessage = (name: string) => `Category "${name}" added successfully`;

export const CATEGORY_SLUG_TAKEN_MESSAGE = "Another category already uses this URL slug";
export const CATEGORY_SLUG_MESSAGE = "Use lowercase letters, digits and single hyphens (at most 60 characters)";
export const CATEGORY_LIMIT_MESSAGE = `The store already has ${MAX_CATEGORIES} categories. Delete one before adding another.`;
export const LAST_CATEGORY_MESSAGE = "The last category cannot be deleted: every product needs a category";
export const CATEGORY_REPLACEMENT_MESSAGE = "Choose another category to move the products to";
export const CATEGORY_PICTURE_MESSAGE = "Use a picture uploaded to the shop";

export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_SLUG_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 1000;

/** The slug a name suggests while the owner types it (SPEC §5 slug rule). */
export function categorySlugFromName(name: string): string {
  return productSlug(name).slice(0, CATEGORY_SLUG_MAX).replace(/-$/, "");
}

/** The fields of a category form (edit and add). */
export const categorySchema = z.object({
  name: singleLineText("Name", CATEGORY_NAME_MAX),
  slug: z
    .string({ error: "URL slug is required" })
    .trim()
    .min(1, "URL slug is required")
    .refine((slug) => slug.length <= CATEGORY_SLUG_MAX && isSlug(slug), CATEGORY_SLUG_MESSAGE),
  description: multiLineText("Description", CATEGORY_DESCRIPTION_MAX, { optional: true }),
  // Blank means no picture of its own: the storefront shows a product's picture or a placeholder.
  imageUrl: z
    .string({ error: CATEGORY_PICTURE_MESSAGE })
    .trim()
    .refine((url) => url === "" || isStoredImageUrl(url), CATEGORY_PICTURE_MESSAGE),
});
export type CategoryInput = z.input<typeof categorySchema>;
export type CategoryValues = z.output<typeof categorySchema>;

/** What a category form's fetcher reads back from the settings action. */
export type CategoryAnswer =
  | { intent: CategoryIntent; ok: true; message: string }
  | { intent: CategoryIntent; ok: false; error: string; fieldErrors: Partial<Record<string, string>> };

export const CATEGORY_INTENTS = ["category:update", "category:delete", "category:add"] as const;
export type CategoryIntent = (typeof CATEGORY_INTENTS)[number];
