import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_LIMIT_NOTE } from "../../core/category.ts";
import type { AppServer } from "../support/app-server.ts";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { createProduct, keepEditing, leaveQuestion, signInAsOwner, startOwnShop } from "./support/owner.ts";
import { expectNoSeriousA11yViolations, waitForHydration, waitForToast } from "./support/storefront.ts";

// Settings › Categories in the browser. Categories are store-wide (header, footer, home
// tiles), so this file runs its own shop with only the four categories, never the shared
// one other browser tests read.

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

async function openCategoriesTab() {
  await page.goto(`${server.url}/admin/settings?tab=categories`);
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Categories", selected: true }).waitFor();
}

const row = (name: string) =>
  page
    .getByRole("list", { name: "Categories" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { name, exact: true }),
    });

/**
 * Parts of the storefront header beyond the window's sides or the header's own edges, and
 * navigation links whose text takes more than one line, as "tag: text".
 */
async function headerOverflow(shopPage: Page): Promise<string[]> {
  return shopPage.getByRole("banner").evaluate((header) => {
    const frame = header.getBoundingClientRect();
    const outside = [...header.querySelectorAll<HTMLElement>("*")].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false; // not shown, or for screen readers only
      return (
        box.left < -0.5 || box.right > innerWidth + 0.5 || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5
      );
    });
    // A text wrapped over several lines has boxes at several heights (one cut short by an
    // ellipsis has two boxes on one line).
    const lines = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
    };
    const wrapped = [...header.querySelectorAll("nav a")].filter((link) => {
      const texts = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) if (lines(text) > 1) return true;
      return false;
    });
    return [...outside, ...wrapped].map((element) => `${element.tagName}: ${element.textContent?.trim().slice(0, 40)}`);
  });
}

/** Gives the first category in Settings › Categories a new name, as the owner does. */
async function renameFirstCategory(name: string) {
  await openCategoriesTab();
  const first = page.getByRole("list", { name: "Categories" }).getByRole("listitem").first();
  await first.getByRole("button", { name: /^Edit / }).click();
  await first.getByLabel("Name").fill(name);
  await first.getByRole("button", { name: "Save Changes" }).click();
  await waitForToast(page, `Category "${name}" updated successfully`);
}

/** A product in the named category, saved the way the wizard saves one, on this file's own shop. */
async function createProductIn(categoryName: string, name?: string): Promise<{ name: string; slug: string }> {
  await page.goto(`${server.url}/admin/products/new`);
  const categoryId = await page
    .locator('select[name="categoryId"] option')
    .filter({ hasText: categoryName })
    .first()
    .getAttribute("value");
  return createProduct(page, { categoryId: categoryId!, ...(name && { name }) }, server.url);
}

describe("Settings › Categories", () => {
  it("lists the four categories with the limit note, no Add form, and is axe clean", async () => {
    await openCategoriesTab();
    for (const name of ["Purses", "Bags", "Wallets", "Other Products"]) {
      await row(name).waitFor();
      expect(await row(name).getByText("0 products").count()).toBe(1);
    }
    expect(await page.getByText(CATEGORY_LIMIT_NOTE).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Add Category" }).count()).toBe(0);
    await row("Bags").getByRole("button", { name: "Edit Bags" }).click();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(VIEWPORTS.mobile);
    await expectNoSeriousA11yViolations(page);
    // On a phone a row's buttons go below its name, which shows whole.
    for (const name of ["Purses", "Bags", "Wallets", "Other Products"]) {
      const heading = row(name).getByRole("heading", { name, exact: true });
      const nameBox = (await heading.boundingBox())!;
      const editBox = (await row(name)
        .getByRole("button", { name: `Edit ${name}` })
        .boundingBox())!;
      expect(editBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height);
      expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it("keeps an unsaved edit across the settings' tabs, and asks before another page drops it", async () => {
    await openCategoriesTab();
    await row("Wallets").getByRole("button", { name: "Edit Wallets" }).click();
    const name = row("Wallets").getByLabel("Name");
    await name.fill("Wallets & Cardholders");
    await page.getByRole("tab", { name: "General" }).click();
    await page.getByRole("tab", { name: "General", selected: true }).waitFor();
    expect(await name.isVisible()).toBe(false);
    await page.getByRole("tab", { name: "Categories" }).click();
    expect(await name.inputValue()).toBe("Wallets & Cardholders");

    const products = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" });
    await products.click();
    await keepEditing(page, "Your changes to these settings have not been saved and will be lost.");
    expect(await name.inputValue()).toBe("Wallets & Cardholders");
    expect(new URL(page.url()).pathname).toBe("/admin/settings");

    // Cancel drops the edit: nothing is left to lose.
    await row("Wallets").getByRole("button", { name: "Cancel" }).click();
    await products.click();
    await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
    expect(await leaveQuestion(page).count()).toBe(0);
  });

  it("edits a name, description and slug; a refused slug keeps what was typed; the old link lands on the new page", async () => {
    await openCategoriesTab();
    await row("Bags").getByRole("button", { name: "Edit Bags" }).click();
    const editor = row("Bags");
    await editor.getByLabel("Name").fill("Totes & Bags");
    await editor.getByLabel("Description").fill("Roomy totes and everyday bags.");
    await editor.getByLabel("URL slug").fill("purses");
    await editor.getByRole("button", { name: "Save Changes" }).click();
    await waitForToast(page, "Failed to update category");
    const slug = editor.getByLabel("URL slug");
    await expect.poll(() => slug.getAttribute("aria-invalid")).toBe("true");
    expect(await editor.getByText("Another category already uses this URL slug").count()).toBe(1);
    expect(await editor.getByLabel("Name").inputValue()).toBe("Totes & Bags");

    await slug.fill("totes-and-bags");
    await editor.getByRole("button", { name: "Save Changes" }).click();
    await waitForToast(page, 'Category "Totes & Bags" updated successfully');
    await row("Totes & Bags").getByText("/category/totes-and-bags").waitFor();

    await page.goto(`${server.url}/category/bags?ref=old`);
    await page.getByRole("heading", { level: 1, name: "Totes & Bags" }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/category/totes-and-bags?ref=old");
    expect(await page.getByText("Roomy totes and everyday bags.").count()).toBe(1);
  });

  it("deletes a category, moving its products to the chosen replacement", async () => {
    const first = await createProductIn("Wallets");
    const second = await createProductIn("Wallets");
    await openCategoriesTab();
    await row("Wallets").getByText("2 products").waitFor();
    await row("Wallets").getByRole("button", { name: "Delete Wallets" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Its 2 products will move").waitFor();
    const replacement = dialog.getByLabel("Move products to");
    // The first other category is chosen first.
    expect(await replacement.locator("option:checked").textContent()).toBe("Purses");
    await replacement.selectOption({ label: "Other Products" });
    await dialog.getByRole("button", { name: "Move 2 products and delete" }).click();
    await waitForToast(page, 'Category "Wallets" deleted successfully');
    await row("Wallets").waitFor({ state: "detached" });
    await row("Other Products").getByText("2 products").waitFor();
    // Its row gone, focus goes to the list's heading rather than falling to the page.
    const heading = page.getByRole("heading", { name: "Categories", exact: true });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.goto(`${server.url}/category/wallets`);
    await page.getByRole("heading", { level: 1, name: "Other Products" }).waitFor();
    await page.getByRole("link", { name: first.name }).first().waitFor();
    await page.getByRole("link", { name: second.name }).first().waitFor();
  });

  it("adds a category while fewer than four exist, and the storefront header shows it", async () => {
    await openCategoriesTab();
    const form = page.getByRole("region", { name: "Add Category" });
    await form.getByLabel("Name").fill("Travel Cases");
    // The slug follows the name.
    expect(await form.getByLabel("URL slug").inputValue()).toBe("travel-cases");
    await form.getByLabel("Description").fill("Cases for the road.");
    await form.getByRole("button", { name: "Add Category" }).click();
    await waitForToast(page, 'Category "Travel Cases" added successfully');
    await row("Travel Cases").waitFor();
    // Four again: the form gives way to the limit.
    await form.waitFor({ state: "detached" });

    await page.goto(`${server.url}/`);
    await page.getByRole("banner").getByRole("link", { name: "Travel Cases" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Travel Cases" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/category/travel-cases");
    // The refused slug's 409 is the browser's own report of an expected answer.
    expect(consoleErrors.filter((error) => !error.includes("status of 409"))).toEqual([]);
  });

  it("keeps the storefront header on one line with a long category name and a long store name", async () => {
    const longName = "Hand-Quilted Weekender Duffels and Oversized Travel Carryall"; // 60, the most allowed
    await renameFirstCategory(longName);
    await page.goto(`${server.url}/admin/settings`);
    await waitForHydration(page);
    const details = page.getByRole("region", { name: "Store Details" });
    // With no logo the header names the store in words.
    await details.getByLabel("Store Name *").fill("The Long Named Selvage Handmade Studio of Colorado");
    await details.getByRole("button", { name: "Save Store Details" }).click();
    await waitForToast(page, "Settings saved successfully");

    for (const width of [390, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      expect(await page.getByRole("banner").locator("img").count()).toBe(0);
      expect(await headerOverflow(page), `${width} px`).toEqual([]);
      if (width < 768) {
        await page.getByRole("button", { name: "Menu" }).click();
        const drawer = page.getByRole("dialog", { name: "Menu" });
        await drawer.getByRole("link", { name: longName }).waitFor();
        expect(await drawer.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      } else {
        // Cut short on screen, whole for screen readers.
        await page.getByRole("banner").getByRole("link", { name: longName }).waitFor();
      }
    }

    // A name of two or three words shows whole at every width, the tablet's narrow room included.
    for (const storeName of ["Rocky Mountain Totes", "Selvage Handmade Goods"]) {
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(`${server.url}/admin/settings`);
      await waitForHydration(page);
      await details.getByLabel("Store Name *").fill(storeName);
      await details.getByRole("button", { name: "Save Store Details" }).click();
      await waitForToast(page, "Settings saved successfully");
      for (const width of [390, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/`);
        const brand = page
          .getByRole("link", { name: `${storeName} home` })
          .locator("span")
          .first();
        // Nothing cut off at the side or clamped away below (the name's box is a pixel short of
        // its last line's glyphs, and of the screen readers' " home" placed after them).
        const cut = await brand.evaluate(
          (name) => name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight + 2,
        );
        expect(cut, `${storeName} at ${width} px`).toBe(false);
        expect(await headerOverflow(page), `${storeName} at ${width} px`).toEqual([]);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it("keeps a phone's pages within the screen with a category and a product named in one long word", async () => {
    const word = "HandQuiltedWeekenderDuffelsAndOversizedTravelCarryallBags12"; // 60, no break anywhere
    await renameFirstCategory(word);
    const product = await createProductIn(word, `${word}${word}`);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${server.url}/`);
    const categoryHref = await page.getByRole("link", { name: word, exact: true }).first().getAttribute("href");
    const pageWidth = async (path: string) => {
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      await page.getByText(word).first().waitFor({ state: "attached" });
      // Every part of the page, down to the footer, revealed as a shopper scrolls to it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return page.evaluate(() => document.documentElement.scrollWidth);
    };
    for (const path of ["/", categoryHref!, `/product/${product.slug}`]) {
      expect(await pageWidth(path), path).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    }
    // The product in the cart, its panel and the checkout's summary; the cart's two columns
    // begin at 1024 px, the narrowest room they have.
    await page.getByRole("button", { name: "Add to Cart" }).click();
    const panel = page.getByTestId("added-to-cart");
    await panel.waitFor();
    expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const width of [VIEWPORTS.mobile.width, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/cart", "/checkout"]) {
        expect(await pageWidth(path), `${path} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });
});
