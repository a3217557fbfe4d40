import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { inject } from "vitest";
import type { ProductInput } from "../../../core/product.ts";
import { startAppServer, type AppServer } from "../../support/app-server.ts";
import { collectConsoleErrors } from "./browser.ts";
import { waitForHydration } from "./storefront.ts";

// The signed-in owner and the data her browser tests make for themselves: each test
// creates the products it edits or deletes, so no test depends on another's leftovers.

export const baseUrl = inject("baseUrl");
/** The owner's account, the same on the shared shop and on a file's own. */
export const owner = inject("owner");

/**
 * A shop of the test file's own (settings and the four categories, no demo products), for
 * tests that change what every page shows (branding, categories, tenant data) and so must
 * not run on the shared shop other browser tests read. `dataDir` reopens an earlier one.
 */
export function startOwnShop(dataDir?: string): Promise<AppServer> {
  return startAppServer({
    dataDir,
    env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, DEMO_DATA: "false" },
  });
}

export interface OwnerSession {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

/** Signs the owner in on this page (with her password, or the one given) and waits for the dashboard. */
export async function signInOnPage(page: Page, password = owner.password, shopUrl = baseUrl): Promise<void> {
  await page.goto(`${shopUrl}/admin/login`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}

/**
 * On the sign-in page the shop sent her to (her session ended), signs the owner in again and
 * waits to be taken back to `returnTo`.
 */
export async function signInAgain(page: Page, returnTo: string, shopUrl = baseUrl): Promise<void> {
  await page.waitForURL(`${shopUrl}/admin/login`);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${shopUrl}${returnTo}`);
}

/** A new browser context signed in as the store owner, on the dashboard. */
export async function signInAsOwner(
  browser: Browser,
  viewport: { width: number; height: number },
  shopUrl = baseUrl,
): Promise<OwnerSession> {
  // bypassCSP lets tests inject axe-core; the app's own scripts run under the CSP elsewhere.
  const context = await browser.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  const consoleErrors = collectConsoleErrors(page);
  await signInOnPage(page, owner.password, shopUrl);
  return { context, page, consoleErrors };
}

/** The admin's "Leave without saving?" question. */
export const leaveQuestion = (page: Page) => page.getByRole("alertdialog", { name: "Leave without saving?" });

/** Answers "Leave without saving?", once it says `message` (if given), with Keep editing. */
export async function keepEditing(page: Page, message?: string): Promise<void> {
  const dialog = leaveQuestion(page);
  if (message) await dialog.getByText(message).waitFor();
  await dialog.getByRole("button", { name: "Keep editing" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** A small picture of one colour, different on every call (so its stored name is new too). */
export function pictureFile(
  name = "picture.png",
  size = 64,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const [r, g, b] = randomBytes(3);
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: "image/png", buffer }));
}

/** A picture of noise, megabytes large: it takes several progress steps to send. */
export async function noisyPicture(width: number, height: number) {
  const pixels = randomBytes(width * height * 3);
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { name: "large-picture.png", mimeType: "image/png", buffer };
}

/** Stores a picture through the owner's upload endpoint and answers its URL. */
export async function uploadPicture(page: Page, purpose: "product" | "fabric" = "product"): Promise<string> {
  const file = await pictureFile();
  const answer = await page.evaluate(
    async ({ base64, purpose }) => {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const form = new FormData();
      form.set("purpose", purpose);
      form.set("file", new File([bytes], "factory.png", { type: "image/png" }));
      const response = await fetch("/admin/uploads", { method: "POST", body: form });
      return (await response.json()) as { url?: string; error?: string };
    },
    { base64: file.buffer.toString("base64"), purpose },
  );
  if (!answer.url) throw new Error(`upload failed: ${answer.error}`);
  return answer.url;
}

/** A unique name for a test's own product. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString("hex")}`;
}

/**
 * Creates a product the way the wizard saves one (its action, with the owner's session)
 * and answers its slug. Prices are the text the owner types.
 */
export async function createProduct(
  page: Page,
  overrides: Partial<ProductInput> = {},
  shopUrl = baseUrl,
): Promise<{ name: string; slug: string }> {
  const name = overrides.name ?? uniqueName("Test Clutch");
  const slug = overrides.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  // The wizard's category list names the store's categories.
  await page.goto(`${shopUrl}/admin/products/new`);
  const categoryId =
    overrides.categoryId ??
    (await page.locator('select[name="categoryId"] option:not([disabled])').first().getAttribute("value")) ??
    "";
  const product: ProductInput = {
    name,
    slug,
    categoryId,
    price: "42.00",
    description: "A test clutch, cut and sewn by hand for the browser tests.",
    defaultImages: [await uploadPicture(page), "", ""],
    hasFabricSelection: false,
    fabrics: [],
    ...overrides,
  };
  const status = await page.evaluate(async (body) => {
    const response = await fetch("/admin/products/new", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "save", product: body }),
      redirect: "manual",
    });
    return response.type === "opaqueredirect" ? 302 : response.status;
  }, product);
  if (status !== 302) throw new Error(`creating ${name} answered ${status}`);
  return { name, slug };
}
