import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import {
  CART_KEY,
  expectNoSeriousA11yViolations,
  shopperContext,
  waitForHydration,
  waitForToast,
} from "./support/storefront.ts";

const baseUrl = inject("baseUrl");
// Demo catalogue: $88.00, Highland Plaid +$7 with its own pictures.
const PURSE = "/product/larimer-top-handle-purse";

/** The added-to-cart panel's own script, fetched apart from the page's. */
const PANEL_SCRIPT = /\/assets\/added-to-cart-panel-[\w-]+\.js$/;
const panel = (page: Page) => page.getByRole("region", { name: /your cart$/ });
const addButton = (page: Page) => page.getByRole("button", { name: "Add to Cart" });
const isFocused = (page: Page, name: string, exact = true) =>
  page.getByRole("button", { name, exact }).evaluate((element) => element === document.activeElement);

async function openPurse(page: Page): Promise<void> {
  await page.goto(`${baseUrl}${PURSE}`);
  await waitForHydration(page);
}

describe.each(Object.entries(VIEWPORTS))("added-to-cart panel on %s", (name, viewport) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await shopperContext(browser, viewport);
    page = await context.newPage();
    errors = collectConsoleErrors(page);
    await openPurse(page);
  });
  afterAll(() => browser?.close());

  it("shows what was added: picture, fabric, price and quantity, with the toast's text", async () => {
    expect(await panel(page).count()).toBe(0);
    await page.locator("label", { has: page.getByRole("radio", { name: "Highland Plaid" }) }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await addButton(page).click();
    await waitForToast(page, "Item added to your cart");
    const added = page.getByRole("region", { name: "Item added to your cart" });
    await added.waitFor();
    // The toast covers neither the header, whose cart count it speaks of, nor the panel.
    const toast = (await page.locator("[data-sonner-toast]").first().boundingBox())!;
    const header = (await page.locator("header").first().boundingBox())!;
    const box = (await added.boundingBox())!;
    expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
    const apart =
      toast.y + toast.height <= box.y ||
      toast.y >= box.y + box.height ||
      toast.x + toast.width <= box.x ||
      toast.x >= box.x + box.width;
    expect(apart).toBe(true);
    const text = await added.innerText();
    expect(text).toContain("Larimer Top-Handle Purse");
    expect(text).toContain("Fabric: Highland Plaid");
    expect(await added.getByTestId("added-to-cart-price").innerText()).toBe("$95.00");
    expect(await added.getByTestId("added-to-cart-quantity").innerText()).toBe("Quantity: 2");
    expect(text).toContain("Cart subtotal (2 items)");
    expect(text).toContain("$190.00");
    // The picture is the line's: the plaid purse's first picture, as the cart keeps it.
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? "null");
    expect(stored[0].image).toMatch(/^\/uploads\//);
    expect(await added.getByTestId("added-to-cart-image").getAttribute("src")).toBe(stored[0].image);
    expect(await added.getByRole("link", { name: "View cart" }).getAttribute("href")).toBe("/cart");
    expect(await added.getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout");
    await expectNoSeriousA11yViolations(page);
  });

  it(`sits ${name === "mobile" ? "at the bottom of the screen" : "under the header"}, not over the header`, async () => {
    const box = (await panel(page).boundingBox())!;
    const header = (await page.locator("header").first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    if (name === "mobile") {
      expect(Math.round(box.y + box.height)).toBe(viewport.height);
      expect(Math.round(box.width)).toBe(viewport.width);
    } else {
      expect(box.width).toBeLessThan(viewport.width / 2);
      expect(box.y).toBeLessThan(viewport.height / 3);
    }
  });

  it("says so when the same product and fabric is added again", async () => {
    await addButton(page).click();
    await waitForToast(page, "Item quantity updated in your cart");
    const added = page.getByRole("region", { name: "Item quantity updated in your cart" });
    await added.waitFor();
    expect(await added.getByTestId("added-to-cart-quantity").innerText()).toBe("Quantity: 2 (4 in your cart)");
    expect(await added.innerText()).toContain("Cart subtotal (4 items)");
  });

  it("leaves focus where it was, follows Add to Cart in the tab order, and closes with Escape", async () => {
    expect(await isFocused(page, "Add to Cart")).toBe(true);
    await page.keyboard.press("Tab");
    expect(await isFocused(page, "Close")).toBe(true);
    await page.keyboard.press("Tab");
    expect(
      await panel(page)
        .getByRole("link", { name: "View cart" })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "detached" });
    // Focus goes back to the button, not to the top of the page.
    expect(await isFocused(page, "Add to Cart")).toBe(true);
  });

  it("closes with its close button and with a click elsewhere, and the page stays usable while it shows", async () => {
    await addButton(page).click();
    await panel(page).waitFor();
    await panel(page).getByRole("button", { name: "Close", exact: true }).click();
    await panel(page).waitFor({ state: "detached" });

    await addButton(page).click();
    await panel(page).waitFor();
    // Not modal: the rest of the page can be used with it open, and that closes it.
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    await panel(page).waitFor({ state: "detached" });
    expect(await page.getByRole("group", { name: /Quantity of/ }).innerText()).toContain("1");
  });

  it("leads to the cart and to the checkout", async () => {
    await addButton(page).click();
    await panel(page).getByRole("link", { name: "View cart" }).click();
    await page.waitForURL(`${baseUrl}/cart`);
    await page.getByRole("row").filter({ hasText: "Highland Plaid" }).waitFor();

    await openPurse(page);
    await addButton(page).click();
    await panel(page).getByRole("link", { name: "Checkout" }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    expect(errors).toEqual([]);
  });

  it("shows at the first Add to Cart without fetching a script: its own is fetched once the page has loaded", async () => {
    const fresh = await shopperContext(browser, viewport);
    const shopper = await fresh.newPage();
    const panelScript = shopper.waitForResponse((response) => PANEL_SCRIPT.test(response.url()));
    await openPurse(shopper);
    await panelScript;
    await shopper.route(/\.js$/, (route) => route.abort());
    await addButton(shopper).click();
    await panel(shopper).waitFor();
    await fresh.close();
  });

  it("still adds to the cart, with its toast, when the panel's script cannot be fetched", async () => {
    const fresh = await shopperContext(browser, viewport);
    const shopper = await fresh.newPage();
    await shopper.clock.install();
    await shopper.route(PANEL_SCRIPT, (route) => route.abort());
    const refused = () => shopper.waitForEvent("requestfailed", (request) => PANEL_SCRIPT.test(request.url()));
    const earlyFetchRefused = refused();
    await openPurse(shopper);
    await earlyFetchRefused;
    const clickFetchRefused = refused();
    await addButton(shopper).click();
    await clickFetchRefused;
    await waitForToast(shopper, "Item added to your cart");
    await shopper.getByRole("link", { name: "Cart, 1 item" }).waitFor();
    // React holds what a boundary's retry renders up to 300 ms (its fallback throttle): let it pass.
    await shopper.clock.runFor(1_000);
    expect(await panel(shopper).count()).toBe(0);
    expect(await shopper.getByRole("heading", { level: 1 }).innerText()).toBe("Larimer Top-Handle Purse");
    await fresh.close();
  });
});
