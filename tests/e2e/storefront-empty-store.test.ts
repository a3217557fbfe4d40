import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";

// A shop started without demo data: what a new owner sees before adding products.
describe("a store with no products yet", () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer({ env: { DEMO_DATA: "false" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("says so on the home page, links to adding one, and checks again on request", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = collectConsoleErrors(page);
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    await page.goto(server.url);
    await page.getByText("No products available yet.").waitFor();
    await expect(page.getByText("No product images available").isVisible()).resolves.toBe(true);
    expect(await page.getByRole("link", { name: "Add Your First Product" }).getAttribute("href")).toBe(
      "/admin/products/new",
    );
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByRole("button", { name: "Check for Products" }).click();
    await page.getByText("Product check complete. Check browser console for details.").waitFor();
    expect(logs.some((line) => line.includes("Product check"))).toBe(true);
    // The four categories exist even without products, and their pages say they are empty.
    await page.goto(`${server.url}/category/wallets`);
    await page.getByText("No products available in this category yet.").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
