import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, signInAsOwner } from "./support/owner.ts";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { buyFirstProduct } from "./support/purchase.ts";
import { expectNoSeriousA11yViolations, waitForHydration } from "./support/storefront.ts";

// The owner's order list in a real browser: a purchase made through the storefront and the
// test payment page shows first in Orders with its number, customer, total and status New;
// the status links and the search find it (and other views do not); Export CSV downloads a
// file holding its row; on a 375 px phone the list is cards that fit, with no serious axe
// violation; no console errors anywhere.

const PHONE = { width: 375, height: 812 };

/** The order numbers the list shows (table on wide screens, cards on a phone), in order. */
async function shownOrderNumbers(page: Page): Promise<string[]> {
  const links = page.locator('main a[href^="/admin/orders/VC"]:visible');
  return (await links.allInnerTexts()).map((text) => text.trim());
}

describe("the owner's order list", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("lists a new purchase first, finds it by status and name, and exports it as CSV", async () => {
    const tag = randomBytes(3).toString("hex");
    const shopper = { name: `Orla Listwright ${tag}`, email: `orla.${tag}@example.com`, phone: "303-555-0177" };
    const shop = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const shopperPage = await shop.newPage();
    const { orderNumber, productName } = await buyFirstProduct(shopperPage, baseUrl, shopper);
    // The thank-you page's total, as the list should show it.
    const total = (
      await shopperPage.getByText("Total", { exact: true }).locator("xpath=following-sibling::*[1]").innerText()
    ).trim();
    await shop.close();

    const { context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop);
    await page.goto(`${baseUrl}/admin/orders`);
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await waitForHydration(page);

    // Newest first: the purchase heads the default view (All paid), with what the owner needs.
    expect((await shownOrderNumbers(page))[0]).toBe(orderNumber);
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: orderNumber }) });
    const cells = await row.innerText();
    for (const text of [shopper.name, shopper.email, productName, total, "New", "Paid"]) expect(cells).toContain(text);

    // The status links keep it under New and leave it out of the views it is not in.
    const statuses = page.getByRole("navigation", { name: "Order status" });
    await statuses.getByRole("link", { name: "New", exact: true }).click();
    await page.waitForURL(/\/admin\/orders\?status=new$/);
    // The chosen view is marked as the current one (once the new page has rendered).
    await statuses.locator('[aria-current="page"]', { hasText: /^New$/ }).waitFor();
    expect((await shownOrderNumbers(page))[0]).toBe(orderNumber);
    for (const [view, status] of [
      ["In progress", "in_progress"],
      ["Unpaid", "unpaid"],
    ]) {
      await statuses.getByRole("link", { name: view, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("status") === status);
      await statuses.locator('[aria-current="page"]', { hasText: view }).waitFor();
      expect(await shownOrderNumbers(page), view).not.toContain(orderNumber);
    }

    // The search finds it by the customer's name (in any case), within the chosen status too.
    await statuses.getByRole("link", { name: "All paid" }).click();
    await page.waitForURL(`${baseUrl}/admin/orders`);
    await page.getByLabel("Search orders by number, customer name or email").fill(shopper.name.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === shopper.name.toUpperCase());
    await expect.poll(() => shownOrderNumbers(page)).toEqual([orderNumber]);
    await statuses.getByRole("link", { name: "Picked up" }).click();
    await page.getByText(`No orders match “${shopper.name.toUpperCase()}”.`).waitFor();
    await statuses.getByRole("link", { name: "New", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "new" && url.searchParams.has("q"));
    await expect.poll(() => shownOrderNumbers(page)).toEqual([orderNumber]);

    // Export CSV downloads the list as filtered: a dated file with the order's row.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0]).toMatch(/^Order number,Date,Status,Paid,/);
    expect(lines.slice(1)).toHaveLength(1);
    const record = lines[1]!;
    for (const text of [orderNumber, ",New,yes,", shopper.name, shopper.email, productName, total.replace(/[$,]/g, "")])
      expect(record).toContain(text);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("fits a 375 px phone as cards with the actions in reach, and passes axe", async () => {
    const tag = randomBytes(3).toString("hex");
    const shopper = { name: `Pia Phonecard ${tag}`, email: `pia.${tag}@example.com`, phone: "303-555-0178" };
    const shop = await browser.newContext({ viewport: PHONE });
    const { orderNumber } = await buyFirstProduct(await shop.newPage(), baseUrl, shopper);
    await shop.close();

    const { context, page, consoleErrors } = await signInAsOwner(browser, PHONE);
    await page.goto(`${baseUrl}/admin/orders`);
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    expect(await page.locator("main table").isVisible()).toBe(false);
    const card = page.getByRole("list", { name: "All paid orders" }).getByRole("listitem").first();
    const text = await card.innerText();
    for (const part of [orderNumber, shopper.name, shopper.email, "New", "Paid"]) expect(text).toContain(part);
    const link = card.getByRole("link", { name: orderNumber });
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    for (const name of ["Export CSV", "Unpaid"])
      expect((await page.getByRole("link", { name, exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("passes axe on a wide screen", async () => {
    const { context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop);
    await page.goto(`${baseUrl}/admin/orders?status=unpaid`);
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
