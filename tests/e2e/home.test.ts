import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";

const baseUrl = inject("baseUrl");

describe.each(Object.entries(VIEWPORTS))("home page on %s", (_name, viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("shows the newest products with prices, and hydrates without errors", async () => {
    const page = await browser.newPage({ viewport });
    const errors = collectConsoleErrors(page);
    await page.goto(baseUrl);
    await expect(page.getByRole("heading", { name: "Featured Products" }).isVisible()).resolves.toBe(true);
    const cards = page.getByRole("list", { name: "Featured products" }).getByRole("link");
    expect(await cards.count()).toBe(4);
    for (const text of await cards.allInnerTexts()) {
      expect(text).toMatch(/\$\d+\.\d{2}/);
      expect(text).toContain("Shop now");
    }
    // Images are real and loaded, not broken.
    const firstImage = cards.first().getByRole("img");
    await firstImage.evaluate((img: HTMLImageElement) => img.decode());
    expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("not-found page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("offers the way home, and client-side navigation works under the CSP", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = collectConsoleErrors(page);
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" }).isVisible()).resolves.toBe(true);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    // A marker on window survives only if the router navigates without a full reload.
    await page.evaluate(() => Object.assign(window, { navigationMarker: true }));
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.getByRole("heading", { name: "Featured Products" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.evaluate(() => "navigationMarker" in window)).toBe(true);
    // The only console error allowed is the 404 document itself.
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    await page.close();
  });
});
