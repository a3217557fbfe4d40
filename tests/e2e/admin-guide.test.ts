import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPath, adminTitle } from "../../app/routes/admin/admin-pages.ts";
import { DEMO_STORE } from "../../server/seed/demo-catalog.ts";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { baseUrl, signInAsOwner, type OwnerSession } from "./support/owner.ts";
import { seriousA11yViolations, waitForHydration } from "./support/storefront.ts";

// The owner's guide: seven tabs, operable from the keyboard, each one reachable by a link
// (?tab=…), stating the picture rules, the category limit and the store's own contact.

const TABS = [
  ["getting-started", "Getting Started"],
  ["orders-messages", "Orders & Messages"],
  ["products", "Products"],
  ["fabric-library", "Fabric Library"],
  ["store-customization", "Store Customization"],
  ["advanced-settings", "Advanced Settings"],
  ["troubleshooting", "Troubleshooting"],
] as const;

const guideUrl = (tab?: string) => `${baseUrl}${adminPath("guide")}${tab ? `?tab=${tab}` : ""}`;

let browser: Browser;
let owner: OwnerSession;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signInAsOwner(browser, VIEWPORTS.desktop);
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
});

const tabList = (page: Page) => page.getByRole("tablist", { name: "Guide topics" });
const tab = (page: Page, label: string) => tabList(page).getByRole("tab", { name: label, exact: true });
const panel = (page: Page) => page.getByRole("tabpanel");

/** Waits until the named tab is the selected one and its panel is the one shown. */
async function expectSelected(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('[role="tab"][aria-selected="true"]')].some(
        (element) => element.textContent?.trim() === name,
      ),
    label,
  );
  await expect(panel(page).getAttribute("aria-labelledby")).resolves.toBe(await tab(page, label).getAttribute("id"));
}

/** The label of the element that has keyboard focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

describe("the admin guide", () => {
  it("shows its seven tabs, Getting Started first, and moves between them with the arrow keys", async () => {
    const { page, consoleErrors } = owner;
    await page.goto(guideUrl());
    await waitForHydration(page);
    expect(await page.title()).toBe(adminTitle("guide"));
    await page.getByRole("heading", { level: 1, name: "Admin Guide" }).waitFor();

    const labels = await tabList(page).getByRole("tab").allInnerTexts();
    expect(labels.map((label) => label.trim())).toEqual(TABS.map(([, label]) => label));
    await expectSelected(page, "Getting Started");
    await panel(page).getByRole("heading", { name: "First steps" }).waitFor();

    // Tabbing into the list lands on the selected tab; the arrows move and open the next.
    await tabList(page).focus();
    expect(await focusedText(page)).toBe("Getting Started");
    await page.keyboard.press("ArrowRight");
    await expectSelected(page, "Orders & Messages");
    expect(await focusedText(page)).toBe("Orders & Messages");
    await panel(page).getByRole("heading", { name: "Refunds and export" }).waitFor();
    // The address follows, so the open tab can be copied as a link.
    await page.waitForURL(guideUrl("orders-messages"));

    await page.keyboard.press("ArrowRight");
    await expectSelected(page, "Products");
    await panel(page).getByRole("heading", { name: "Adding a product" }).waitFor();

    await page.keyboard.press("ArrowRight");
    await expectSelected(page, "Fabric Library");
    await panel(page).getByRole("heading", { name: "Stock", exact: true }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await expectSelected(page, "Products");
    await page.keyboard.press("End");
    await expectSelected(page, "Troubleshooting");
    await page.keyboard.press("Home");
    await expectSelected(page, "Getting Started");
    await page.waitForURL(guideUrl());

    // A link in one tab to another opens it.
    await panel(page).getByRole("link", { name: "Advanced Settings", exact: true }).click();
    await expectSelected(page, "Advanced Settings");
    await page.waitForURL(guideUrl("advanced-settings"));
    await panel(page).getByRole("heading", { name: "Server configuration" }).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it("opens the tab a link names, and Getting Started for a name it does not know", async () => {
    const { page } = owner;
    for (const [value, label] of TABS) {
      await page.goto(guideUrl(value));
      await expectSelected(page, label);
    }
    await page.goto(guideUrl("nope"));
    await expectSelected(page, "Getting Started");
  });

  it("states the picture rules and the category limit", async () => {
    const { page } = owner;
    await page.goto(guideUrl("products"));
    await panel(page).getByText("Images should be JPG, PNG or WebP under 5MB.").waitFor();

    await page.goto(guideUrl("store-customization"));
    const categories = panel(page).getByRole("region", { name: "Categories" });
    await categories.getByText("The store is limited to 4 categories for optimal navigation.").waitFor();
  });

  it("describes the order workflow, the inbox and where the pickup details are set", async () => {
    const { page } = owner;
    await page.goto(guideUrl("orders-messages"));
    const orders = panel(page).getByRole("region", { name: "Orders", exact: true });
    await expect(orders.innerText()).resolves.toMatch(
      /New[\s\S]*Start making[\s\S]*In progress[\s\S]*Mark ready for pickup[\s\S]*Mark picked up[\s\S]*canceled/,
    );
    await expect(orders.getByRole("link", { name: "Orders", exact: true }).getAttribute("href")).resolves.toBe(
      adminPath("orders"),
    );
    await panel(page).getByRole("region", { name: "Refunds and export" }).getByText("Export CSV").waitFor();
    await panel(page).getByRole("region", { name: "Messages" }).getByText("Spam", { exact: false }).first().waitFor();

    await page.goto(guideUrl("store-customization"));
    const pickup = panel(page).getByRole("region", { name: "Pickup" });
    await pickup.getByText("Both are sent to the customer when an order is ready for pickup.").waitFor();
  });

  it("names the store's own contact as the support contact and says what to do when an email fails", async () => {
    const { page } = owner;
    // The contact shoppers see on the Contact page comes from the store's settings.
    await page.goto(`${baseUrl}/contact`);
    const storeEmail = (await page.locator('a[href^="mailto:"]').first().innerText()).trim();
    expect(storeEmail).toBe(DEMO_STORE.email);

    await page.goto(guideUrl("troubleshooting"));
    const contact = panel(page).getByRole("region", { name: "Support contact" });
    const email = contact.getByRole("link", { name: storeEmail, exact: true });
    await expect(email.getAttribute("href")).resolves.toBe(`mailto:${storeEmail}`);
    await expect(contact.getByRole("link", { name: DEMO_STORE.phone, exact: true }).isVisible()).resolves.toBe(true);

    const failedEmail = panel(page).getByRole("region", { name: "An email did not arrive" });
    await expect(failedEmail.innerText()).resolves.toMatch(/Diagnostics[\s\S]*Retry[\s\S]*SMTP/);
    await expect(
      failedEmail.getByRole("link", { name: "Diagnostics", exact: true }).getAttribute("href"),
    ).resolves.toBe(adminPath("diagnostics"));
  });

  it("has no serious accessibility violations on any tab", async () => {
    const { page } = owner;
    for (const [value, label] of TABS) {
      await page.goto(guideUrl(value));
      await expectSelected(page, label);
      expect(await seriousA11yViolations(page), label).toEqual([]);
    }
  });
});
