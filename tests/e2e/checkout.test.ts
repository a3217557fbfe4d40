import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { readInbox, waitForNewMail } from "./support/mail-inbox.ts";
import { expectNoSeriousA11yViolations, shopperContext } from "./support/storefront.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");

/** Puts the first featured product in the cart the way a shopper does. */
async function addFirstProductToCart(page: Page): Promise<string> {
  await page.goto(baseUrl);
  const firstProduct = page.locator('a[href^="/product/"]').first();
  const href = (await firstProduct.getAttribute("href"))!;
  await page.goto(`${baseUrl}${href}`);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByText("Item added to your cart").waitFor();
  return name;
}

async function fillCheckout(page: Page, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    "Full Name": "Ada Lovelace",
    Email: "ada@example.com",
    "Phone (optional)": "303-555-0199",
    "Street Address": "1550 Blake St",
    City: "Denver",
    State: "CO",
    "ZIP Code": "80202",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: false }).first().fill(value);
}

describe.each(Object.entries(VIEWPORTS))("checkout on %s", (_name, viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("takes a whole purchase through the test payment page to the thank-you page", async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    const seen = new Set(readInbox(mailDir).map((mail) => mail.file));
    const productName = await addFirstProductToCart(page);

    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole("heading", { name: "Order Summary" }).waitFor();
    const pay = page.getByRole("button", { name: "Proceed to Payment" });
    expect(await pay.isDisabled()).toBe(true);
    await expect(page.getByText("Please complete the required fields before checkout").isVisible()).resolves.toBe(true);
    expect(await page.getByLabel("Country").inputValue()).toBe("United States");

    await fillCheckout(page);
    expect(await pay.isEnabled()).toBe(true);
    await pay.click();

    await page.waitForURL(/\/pay\/test\/test_cs_/);
    await expect(page.getByText("Test payment — no money moves").isVisible()).resolves.toBe(true);
    await expect(page.getByText(productName).first().isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Complete test payment" }).click();

    await page.waitForURL(/\/thank-you\?session_id=test_cs_[^&]+&payment_complete=true/);
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    await expect(page.getByText("We've sent a confirmation email with all the details.").isVisible()).resolves.toBe(
      true,
    );
    expect(await page.getByText(/Order number #VC\d{9}/).count()).toBe(1);
    // The cart was emptied once the payment was confirmed.
    await page.waitForFunction(() => window.localStorage.getItem("selvage-cart") === "[]");

    // Reloading the thank-you page confirms nothing twice and keeps the same order.
    const orderNumber = await page
      .getByText(/#VC\d{9}/)
      .first()
      .innerText();
    await page.reload();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    expect(
      await page
        .getByText(/#VC\d{9}/)
        .first()
        .innerText(),
    ).toBe(orderNumber);
    expect(errors).toEqual([]);

    // One email to the shopper and one to the owner, through the real SMTP server.
    const number = orderNumber.replace(/^.*#/, "");
    const confirmation = await waitForNewMail(
      mailDir,
      seen,
      (mail) => mail.subject === `Order Confirmation - #${number}`,
    );
    expect(confirmation.to).toContain("ada@example.com");
    expect(confirmation.text).toContain(productName);
    const notice = await waitForNewMail(
      mailDir,
      seen,
      (mail) => mail.subject === `New Order - #${number} - Ada Lovelace`,
    );
    expect(notice.to).toContain("studio@example.com");
    const forOrder = readInbox(mailDir).filter((mail) => mail.subject.includes(number));
    expect(forOrder).toHaveLength(2);
    await context.close();
  });

  it("keeps the cart and shows the banner when the payment is canceled", async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await addFirstProductToCart(page);
    await page.goto(`${baseUrl}/checkout`);
    await fillCheckout(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await page.waitForURL(/\/checkout\?canceled=true/);
    await page.getByRole("heading", { name: "Order Summary" }).waitFor();
    await expect(page.getByText("Payment Canceled").isVisible()).resolves.toBe(true);
    // The details typed last time are prefilled from the browser.
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Ada Lovelace");
    await context.close();
  });

  it("explains invalid details and an empty cart", async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole("heading", { name: "Your cart is empty" }).waitFor();

    await addFirstProductToCart(page);
    await page.goto(`${baseUrl}/checkout`);
    await fillCheckout(page, { Email: "ada@example", "Phone (optional)": "555-01" });
    await page.getByLabel("City").focus(); // leave the phone field
    await expect(page.getByText("Please enter a valid email address").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Please enter a valid phone number").isVisible()).resolves.toBe(true);
    expect(await page.getByRole("button", { name: "Proceed to Payment" }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))("checkout accessibility on %s", (_name, viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("has no serious violations on checkout, payment, thank-you and policy pages", async () => {
    const context = await shopperContext(browser, viewport);
    const page = await context.newPage();
    for (const path of ["/terms", "/privacy"]) {
      await page.goto(`${baseUrl}${path}`);
      await expectNoSeriousA11yViolations(page);
    }
    await addFirstProductToCart(page);
    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole("heading", { name: "Order Summary" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await fillCheckout(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.waitForURL(/\/pay\/test\//);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Complete test payment" }).click();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
