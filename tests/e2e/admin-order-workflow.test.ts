import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { readInbox, waitForNewMail } from "./support/mail-inbox.ts";
import { baseUrl, signInAsOwner } from "./support/owner.ts";
import { buyFirstProduct } from "./support/purchase.ts";
import { expectNoSeriousA11yViolations, waitForHydration, waitForToast } from "./support/storefront.ts";

// A real purchase through the storefront and the test payment page, then the owner's day
// with it: open the order, make it, mark it ready (twice, from two tabs: the customer gets
// one email on the real SMTP peer), hand it over, and refund part, then the rest.

const mailDir = inject("mailDir");

const region = (page: Page, name: string) => page.getByRole("region", { name });

async function statusShows(page: Page, label: string) {
  await region(page, "Status").getByText(label, { exact: true }).waitFor();
}

describe("an order through the owner's workflow and refunds", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  // A purchase and a whole day's work in one story: more than an ordinary test's time.
  it("is made, marked ready once, picked up and refunded in two steps", async () => {
    const seen = new Set(readInbox(mailDir).map((mail) => mail.file));
    const suffix = randomBytes(4).toString("hex");
    const shopper = { name: `Mary Jackson ${suffix}`, email: `mary-${suffix}@example.com`, phone: "303-555-0123" };

    const shopperContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const shop = await shopperContext.newPage();
    const shopperErrors = collectConsoleErrors(shop);
    const { orderNumber, productName } = await buyFirstProduct(shop, baseUrl, shopper);
    expect(shopperErrors).toEqual([]);
    await shopperContext.close();

    const { context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop);
    const url = `${baseUrl}/admin/orders/${orderNumber}`;
    await page.goto(url);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: `Order #${orderNumber}` }).waitFor();
    expect(await page.title()).toBe(`Order #${orderNumber} · Admin`);
    await statusShows(page, "New");
    const items = region(page, "Items");
    await items.getByText(productName).waitFor();
    const customer = region(page, "Customer");
    expect(await customer.getByRole("link", { name: shopper.email }).getAttribute("href")).toBe(
      `mailto:${shopper.email}`,
    );
    expect(await customer.getByRole("link", { name: shopper.phone }).getAttribute("href")).toBe("tel:3035550123");
    const history = region(page, "History");
    await history.getByText("Order placed").waitFor();
    await history.getByText(/^Payment received: \$/).waitFor();

    // Asked before canceling, and "Keep order" keeps it as it was.
    await page.getByRole("button", { name: "Cancel order" }).click();
    const cancelDialog = page.getByRole("alertdialog");
    await cancelDialog.getByRole("heading", { name: `Cancel order #${orderNumber}?` }).waitFor();
    await cancelDialog.getByRole("button", { name: "Keep order" }).click();
    await cancelDialog.waitFor({ state: "detached" });
    await statusShows(page, "New");

    // New → In progress.
    await page.getByRole("button", { name: "Start making" }).click();
    await waitForToast(page, "Order marked In progress");
    await statusShows(page, "In progress");
    await history.getByText("Status changed from New to In progress").waitFor();

    // A second tab still shows the order as In progress when the first marks it ready.
    const stale = await context.newPage();
    const staleErrors = collectConsoleErrors(stale);
    await stale.goto(url);
    await waitForHydration(stale);
    await page.getByRole("button", { name: "Mark ready for pickup" }).click();
    await waitForToast(page, "Order marked Ready for pickup");
    await statusShows(page, "Ready for pickup");
    await stale.getByRole("button", { name: "Mark ready for pickup" }).click();
    // The second click is told the order is already there, and its page catches up.
    await region(stale, "Status").getByText("This order is already Ready for pickup.").waitFor();
    await statusShows(stale, "Ready for pickup");
    await stale.getByRole("button", { name: "Mark picked up" }).waitFor();
    expect(staleErrors).toEqual([]);
    await stale.close();

    const pickup = await waitForNewMail(
      mailDir,
      seen,
      (mail) => mail.to.includes(shopper.email) && /ready for pickup/.test(mail.subject),
    );
    expect(pickup.subject).toBe(`Your order #${orderNumber} is ready for pickup`);
    expect(pickup.text).toContain(productName);

    // Ready for pickup → Picked up: the end of the workflow.
    await page.getByRole("button", { name: "Mark picked up" }).click();
    await waitForToast(page, "Order marked Picked up");
    await statusShows(page, "Picked up");
    await region(page, "Status").getByText("This order has reached the end of its workflow.").waitFor();

    // A partial refund through its dialog.
    const refund = region(page, "Refund");
    const amount = refund.getByLabel("Amount to refund ($)");
    const total = await amount.inputValue();
    expect(Number(total)).toBeGreaterThan(10);
    await amount.fill("10");
    await refund.getByRole("button", { name: "Refund…" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("heading", { name: "Refund $10.00?" }).waitFor();
    expect(await dialog.innerText()).toContain(`${shopper.name} (${shopper.email})`);
    await dialog.getByRole("button", { name: "Refund $10.00" }).click();
    await waitForToast(page, `Refunded $10.00 to ${shopper.name}`);
    await statusShows(page, "Partly refunded");
    await history.getByText("Refunded $10.00").waitFor();
    const remaining = (Number(total) - 10).toFixed(2);
    await page.waitForFunction(
      (expected) => (document.querySelector('input[name="amount"]') as HTMLInputElement | null)?.value === expected,
      remaining,
    );

    // The rest, through the full-amount shortcut.
    await refund.getByRole("button", { name: "Refund full amount" }).click();
    await dialog.getByRole("heading", { name: `Refund $${remaining}?` }).waitFor();
    await dialog.getByRole("button", { name: `Refund $${remaining}` }).click();
    await waitForToast(page, `Refunded $${remaining} to ${shopper.name}`);
    await statusShows(page, "Refunded");
    await refund.getByText("This order has been refunded in full.").waitFor();
    await history.getByText(`Refunded $${remaining}`).waitFor();
    expect(await region(page, "Items").getByText("Net").count()).toBe(1);

    // One email per refund; still exactly one pickup email.
    const refundMails = new Set<string>();
    for (const expected of ["$10.00", `$${remaining}`]) {
      const mail = await waitForNewMail(
        mailDir,
        seen,
        (candidate) =>
          candidate.to.includes(shopper.email) &&
          candidate.subject === `Refund for your order #${orderNumber}` &&
          candidate.text.includes(`Refunded now: ${expected}`),
      );
      refundMails.add(mail.file);
    }
    expect(refundMails.size).toBe(2);
    const toShopper = readInbox(mailDir).filter((mail) => !seen.has(mail.file) && mail.to.includes(shopper.email));
    expect(toShopper.filter((mail) => /ready for pickup/.test(mail.subject))).toHaveLength(1);
    await history.getByText(`Email “Your order #${orderNumber} is ready for pickup” to ${shopper.email}`).waitFor();

    await expectNoSeriousA11yViolations(page);

    // A phone's width: nothing wider than the screen, the workflow's end and refunds still readable.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await waitForHydration(page);
    await statusShows(page, "Refunded");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 150_000);

  it("shows the admin's 404 for an order number the store does not have", async () => {
    const { context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop);
    const response = await page.goto(`${baseUrl}/admin/orders/VC000000001`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await page.getByText("Order not found").waitFor();
    // The 404 document itself is the only error a browser reports.
    expect(consoleErrors.filter((error) => !/404/.test(error))).toEqual([]);
    await context.close();
  });
});
