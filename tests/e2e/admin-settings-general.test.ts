import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastRatio, formatContrast, HEX_COLOR_MESSAGE, LOGO_HINT } from "../../core/store-settings.ts";
import type { AppServer } from "../support/app-server.ts";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { keepEditing, leaveQuestion, noisyPicture, signInAsOwner, startOwnShop } from "./support/owner.ts";
import { seriousA11yViolations, waitForHydration, waitForToast } from "./support/storefront.ts";

// Settings › General in the browser. Branding is store-wide (every page's colours, the
// header's logo), so this file runs its own shop with only the store settings and the
// four categories, never the shared one other browser tests read.

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  server = await startOwnShop();
  browser = await launchBrowser();
  ({ context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop, server.url));
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function openGeneralTab(on: Page = page) {
  await on.goto(`${server.url}/admin/settings`);
  await waitForHydration(on);
  await on.getByRole("tab", { name: "General", selected: true }).waitFor();
}

const branding = () => page.getByRole("region", { name: "Store Branding" });
const logoInput = () => page.locator('[role="group"]').filter({ hasText: "Store Logo" }).locator('input[type="file"]');

/** A storefront page as a shopper with JavaScript off sees it: only what the server rendered. */
async function serverRendered(path: string) {
  const shopper = await browser.newContext({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
  const shopPage = await shopper.newPage();
  await shopPage.goto(`${server.url}${path}`);
  return { shopPage, close: () => shopper.close() };
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(", ")})`;

describe("Settings › General", () => {
  it("is accessible and fits a phone and a desktop", async () => {
    await openGeneralTab();
    await branding().getByText(LOGO_HINT).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const phone = await context.newPage();
    await phone.setViewportSize(VIEWPORTS.mobile);
    await openGeneralTab(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.close();
  });

  it("uploads a logo with a progress bar, saves it at once, and every shopper's header shows it", async () => {
    await openGeneralTab();
    await expect(branding().getByText("No logo: the header shows").isVisible()).resolves.toBe(true);
    // Large enough to take several progress steps, within the logo's 2MB.
    const file = { ...(await noisyPicture(640, 640)), name: "studio-logo.png" };
    expect(file.buffer.length).toBeLessThan(2 * 1024 * 1024);
    await logoInput().setInputFiles(file);
    await page.getByRole("progressbar", { name: "Uploading logo" }).waitFor();
    await waitForToast(page, "Logo updated successfully");
    const preview = branding().getByRole("img", { name: "Selvage Handmade logo" });
    await preview.waitFor();
    const logoUrl = await preview.getAttribute("src");
    expect(logoUrl).toMatch(/^\/uploads\/store\/[0-9a-f]+-640x640\.webp$/);
    // The bar is cleared shortly after it completes.
    await page.getByRole("progressbar", { name: "Uploading logo" }).waitFor({ state: "detached" });

    const { shopPage, close } = await serverRendered("/");
    const headerLogo = shopPage.getByRole("banner").getByRole("img", { name: "Selvage Handmade home" });
    expect(await headerLogo.getAttribute("src")).toBe(logoUrl);
    await close();
  });

  it("refuses a logo over 2MB or a file that is not a picture, with the logo's message, and keeps the logo", async () => {
    await openGeneralTab();
    const before = await branding().getByRole("img", { name: "Selvage Handmade logo" }).getAttribute("src");
    const big = { ...(await noisyPicture(1000, 900)), name: "huge-logo.png" };
    expect(big.buffer.length).toBeGreaterThan(2 * 1024 * 1024);
    await logoInput().setInputFiles(big);
    await waitForToast(page, "Failed to upload logo: File huge-logo.png exceeds 2MB size limit.");
    await logoInput().setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just words") });
    await waitForToast(page, "Failed to upload logo: File notes.png is not an image.");
    expect(await branding().getByRole("img", { name: "Selvage Handmade logo" }).getAttribute("src")).toBe(before);
  });

  it("saves colours typed or picked, and the storefront renders them from the server", async () => {
    await openGeneralTab();
    await branding().getByLabel("Brand Colour", { exact: true }).fill("#0b6e4f");
    await branding().getByLabel("Text Colour", { exact: true }).fill("#222");
    await branding().getByLabel("Background Colour picker").fill("#fff8e7");
    expect(await branding().getByLabel("Background Colour", { exact: true }).inputValue()).toBe("#FFF8E7");
    await branding().getByRole("button", { name: "Save Branding Settings" }).click();
    await waitForToast(page, "Settings saved successfully");
    // Saved as stored: normalised.
    expect(await branding().getByLabel("Brand Colour", { exact: true }).inputValue()).toBe("#0B6E4F");
    expect(await branding().getByLabel("Text Colour", { exact: true }).inputValue()).toBe("#222222");

    const { shopPage, close } = await serverRendered("/contact");
    const accent = shopPage.getByRole("contentinfo").locator(".bg-brand").first();
    expect(await accent.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb("#0B6E4F"));
    const documentColours = await shopPage.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(documentColours).toEqual({ color: rgb("#222222"), background: rgb("#FFF8E7") });
    await close();
  });

  it("warns live about a text colour hard to read on the background, saves it all the same, and keeps warning", async () => {
    await openGeneralTab();
    const note = branding().getByRole("status").filter({ hasText: "contrast" });
    await note.getByText(/meets WCAG AA/).waitFor();
    await branding().getByLabel("Text Colour", { exact: true }).fill("#777777");
    await branding().getByLabel("Background Colour", { exact: true }).fill("#999999");
    const ratio = formatContrast(contrastRatio("#777777", "#999999")!);
    await note.getByText(`Low contrast: text on the background is ${ratio}`).waitFor();
    await branding().getByRole("button", { name: "Save Branding Settings" }).click();
    await waitForToast(page, "Settings saved successfully");

    await openGeneralTab();
    await note.getByText(`Low contrast: text on the background is ${ratio}`).waitFor();
    // A readable pair again, for the pages that follow.
    await branding().getByLabel("Text Colour", { exact: true }).fill("#1F1E1D");
    await branding().getByLabel("Background Colour", { exact: true }).fill("#FDFCF7");
    await note.getByText(/meets WCAG AA/).waitFor();
    await branding().getByRole("button", { name: "Save Branding Settings" }).click();
    await waitForToast(page, "Settings saved successfully");
  });

  it("refuses a colour that is not a hex code on its field and keeps what was typed", async () => {
    await openGeneralTab();
    const brand = branding().getByLabel("Brand Colour", { exact: true });
    await brand.fill("#12");
    await branding().getByRole("button", { name: "Save Branding Settings" }).click();
    await branding().getByText(HEX_COLOR_MESSAGE).waitFor();
    expect(await brand.getAttribute("aria-invalid")).toBe("true");
    expect(await brand.inputValue()).toBe("#12");
    await expect(brand.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    // Correcting it clears the message.
    await brand.fill("#0B6E4F");
    await branding().getByText(HEX_COLOR_MESSAGE).waitFor({ state: "detached" });
  });

  it("saves the store's details: the footer names the store, the contact page shows the email and phone", async () => {
    await openGeneralTab();
    const details = page.getByRole("region", { name: "Store Details" });
    await details.getByLabel("Store Name *").fill("Columbine Canvas Co.");
    await details.getByLabel("Contact Email *").fill("hello@columbine.example");
    await details.getByLabel("Phone").fill("(720) 555-0188");
    await details.getByRole("button", { name: "Save Store Details" }).click();
    await waitForToast(page, "Settings saved successfully");

    const { shopPage, close } = await serverRendered("/contact");
    await shopPage.getByRole("contentinfo").getByText("Columbine Canvas Co.. All rights reserved.").waitFor();
    await shopPage.getByRole("main").getByRole("link", { name: "hello@columbine.example" }).waitFor();
    await shopPage.getByRole("main").getByRole("link", { name: "(720) 555-0188" }).waitFor();
    await close();
  });

  it("saves the pickup place and hours, keeps them after a reload, and refuses an overlong place on its field", async () => {
    await openGeneralTab();
    const pickup = page.getByRole("region", { name: "Pickup" });
    await pickup.getByText("sent to the customer in the email saying an order is ready for pickup").waitFor();
    const place = pickup.getByLabel("Pickup place");
    await place.fill("Selvage Studio\n12 Loom Lane, Boulder\nRing the bell at the side door.");
    await pickup.getByLabel("Pickup hours").fill("Saturdays 10–2, or by arrangement");
    await pickup.getByRole("button", { name: "Save Pickup Details" }).click();
    await waitForToast(page, "Settings saved successfully");

    await openGeneralTab();
    expect(await place.inputValue()).toBe("Selvage Studio\n12 Loom Lane, Boulder\nRing the bell at the side door.");
    expect(await pickup.getByLabel("Pickup hours").inputValue()).toBe("Saturdays 10–2, or by arrangement");

    // The browser's maxlength stops typing; a pasted-in value past it is still caught before saving.
    await place.evaluate((element: HTMLTextAreaElement) => element.removeAttribute("maxlength"));
    await place.fill("x".repeat(501));
    await pickup.getByRole("button", { name: "Save Pickup Details" }).click();
    await pickup.getByText("Pickup place must be at most 500 characters").waitFor();
    expect(await place.getAttribute("aria-invalid")).toBe("true");
    await openGeneralTab();
    expect(await place.inputValue()).toBe("Selvage Studio\n12 Loom Lane, Boulder\nRing the bell at the side door.");
  });

  it("starts a new product from the saved description template", async () => {
    await openGeneralTab();
    const template = "Sewn by hand in Colorado from waxed canvas, with a lined inside pocket.";
    await page.getByLabel("Default Product Description").fill(template);
    await page.getByRole("button", { name: "Save Description Template" }).click();
    await waitForToast(page, "Settings saved successfully");

    await page.goto(`${server.url}/admin/products/new`);
    await waitForHydration(page);
    expect(await page.getByLabel("Description *").inputValue()).toBe(template);
  });

  it("keeps unsaved changes across its tabs, and asks before another page drops them, not once saved or undone", async () => {
    await openGeneralTab();
    const name = page.getByLabel("Store Name *");
    const stored = await name.inputValue();
    await name.fill(`${stored} Studio`);
    // Another tab and back: still there.
    await page.getByRole("tab", { name: "Categories" }).click();
    await page.getByRole("tab", { name: "Categories", selected: true }).waitFor();
    expect(await name.isVisible()).toBe(false);
    await page.getByRole("tab", { name: "General" }).click();
    expect(await name.inputValue()).toBe(`${stored} Studio`);

    const products = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" });
    await products.click();
    await keepEditing(page, "Your changes to these settings have not been saved and will be lost.");
    expect(await name.inputValue()).toBe(`${stored} Studio`);
    expect(new URL(page.url()).pathname).toBe("/admin/settings");

    // Typed back as it was: nothing to lose.
    await name.fill(stored);
    await products.click();
    await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();

    // Saved: nothing to lose either.
    await openGeneralTab();
    await page.getByLabel("Default Product Description").fill("Cut and sewn by hand, one at a time, in Colorado.");
    await page.getByRole("button", { name: "Save Description Template" }).click();
    await waitForToast(page, "Settings saved successfully");
    await products.click();
    await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
    expect(await leaveQuestion(page).count()).toBe(0);
  });

  it("removes the logo, and the header names the store instead", async () => {
    await openGeneralTab();
    await branding().getByRole("button", { name: "Remove logo" }).click();
    await waitForToast(page, "Logo removed");
    await branding().getByText("No logo: the header shows").waitFor();

    const { shopPage, close } = await serverRendered("/");
    const home = shopPage.getByRole("banner").getByRole("link", { name: "Columbine Canvas Co. home" });
    await home.waitFor();
    expect(await home.locator("img").count()).toBe(0);
    await close();
    expect(consoleErrors).toEqual([]);
  });
});
