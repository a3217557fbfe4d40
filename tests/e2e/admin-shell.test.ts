import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminPath, adminTitle, SIDEBAR_PAGES } from "../../app/routes/admin/admin-pages.ts";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { baseUrl, signInOnPage } from "./support/owner.ts";
import { seriousA11yViolations, waitForHydration } from "./support/storefront.ts";

const owner = inject("owner");

// Records the text of every toast that appears, from the first script of every page on.
function recordToasts() {
  const seen: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = seen;
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (!(node instanceof Element)) continue;
        const toasts = node.matches("[data-sonner-toast]") ? [node] : [...node.querySelectorAll("[data-sonner-toast]")];
        for (const toast of toasts) seen.push(toast.textContent ?? "");
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

describe("the admin shell", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("lists every sidebar page of the registry, each opening with its title", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await signInOnPage(page);
    const sidebar = page.getByRole("navigation", { name: "Admin" });
    // Orders and Messages may carry a count of what other tests left in the shared shop ("Orders 6").
    const withoutCount = (text: string) => text.replace(/\s+\d+\+?$/, "").trim();
    const labels = await sidebar.getByRole("link").allInnerTexts();
    expect(labels.map(withoutCount)).toEqual(SIDEBAR_PAGES.map((entry) => entry.sidebar.label));

    for (const entry of SIDEBAR_PAGES) {
      // Its name is the label, or with a count "Orders, 6 new".
      await sidebar.getByRole("link", { name: new RegExp(`^${entry.sidebar.label}(,|$)`) }).click();
      await page.waitForURL(`${baseUrl}${adminPath(entry.id)}`);
      await page.waitForFunction((title) => document.title === title, adminTitle(entry.id));
      // The current section is marked for assistive technology, and only it.
      const current = await sidebar.locator('[aria-current="page"]').innerText();
      expect(withoutCount(current)).toBe(entry.sidebar.label);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers an unknown admin path with a 404 inside the layout", async () => {
    // bypassCSP lets the test inject axe-core; the pages' own scripts run under the CSP elsewhere.
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true });
    const page = await context.newPage();
    await signInOnPage(page);

    const response = await page.goto(`${baseUrl}/admin/nope`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await expect(page.getByRole("navigation", { name: "Admin" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(owner.email).isVisible()).resolves.toBe(true);
    expect(await page.title()).toBe(adminTitle("not-found"));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The way back works from here, and so does the client-side route to an unknown path.
    await waitForHydration(page);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } })
        .__reactRouterDataRouter;
      void router.navigate("/admin/still-nothing");
    });
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await expect(page.getByRole("navigation", { name: "Admin" }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("sends strangers at an unknown admin path to sign in", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/admin/nope`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.close();
  });

  it("shows a notice carried by a redirect once, not again on coming back", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(recordToasts);
    const page = await context.newPage();
    await signInOnPage(page);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Successfully logged in" });
    await toast.waitFor();
    // Dismissed, so showing it again would add a new toast rather than refresh this one.
    await toast.getByRole("button", { name: "Close toast" }).click();
    await toast.waitFor({ state: "detached" });

    // Away and back in the app (each navigation reloads the layout's data) …
    const sidebar = page.getByRole("navigation", { name: "Admin" });
    await sidebar.getByRole("link", { name: "Products", exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/products`);
    await page.goBack();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.goForward();
    await page.waitForURL(`${baseUrl}/admin/products`);
    await sidebar.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();

    // … then a notice that must appear: by the time it does, any repeat would have too.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "You have been logged out" }).waitFor();
    const seen = await toastsSeen(page);
    expect(seen.filter((text) => text.includes("Successfully logged in"))).toHaveLength(1);
    expect(seen.filter((text) => text.includes("You have been logged out"))).toHaveLength(1);
    await context.close();
  });
});
