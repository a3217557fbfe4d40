import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { readInbox, waitForNewMail } from "./support/mail-inbox.ts";
import { expectNoSeriousA11yViolations, shopperContext, waitForHydration, waitForToast } from "./support/storefront.ts";

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
  await waitForToast(page, "Item added to your cart");
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
    // The reason names every required field still empty.
    expect(await page.getByTestId("payment-blockers").innerText()).toBe(
      "Please complete the required fields before checkout: Full Name, Email, Street Address, City, State, ZIP Code",
    );
    expect(await page.getByLabel("Country").inputValue()).toBe("United States");

    // Written the way browser autofill writes it; the order keeps it as 720-555-0199.
    await fillCheckout(page, { "Phone (optional)": "(720) 555-0199" });
    expect(await pay.isEnabled()).toBe(true);
    await pay.click();

    await page.waitForURL(/\/pay\/test\/test_cs_/);
    await expect(page.getByText("Test payment — no money moves").isVisible()).resolves.toBe(true);
    await expect(page.getByText(productName).first().isVisible()).resolves.toBe(true);
    // While paying, the shopper adds something else in another tab: it is not in this order.
    const otherTab = await context.newPage();
    await otherTab.goto(baseUrl);
    const hrefs = await otherTab
      .locator('a[href^="/product/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    await otherTab.goto(`${baseUrl}${hrefs.find((href) => href !== hrefs[0])}`);
    await waitForHydration(otherTab);
    const otherName = (await otherTab.getByRole("heading", { level: 1 }).innerText()).trim();
    expect(otherName).not.toBe(productName);
    await otherTab.getByRole("button", { name: "Add to Cart" }).click();
    await waitForToast(otherTab, "Item added to your cart");
    await otherTab.close();
    await page.getByRole("button", { name: "Complete test payment" }).click();

    await page.waitForURL(/\/thank-you\?session_id=test_cs_[^&]+&payment_complete=true/);
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    await expect(page.getByText("We've sent a confirmation email with all the details.").isVisible()).resolves.toBe(
      true,
    );
    expect(await page.getByText(/Order number #VC\d{9}/).count()).toBe(1);
    // The order left the cart once the payment was confirmed; what was added meanwhile stayed.
    await page.waitForFunction((kept) => {
      const lines = JSON.parse(window.localStorage.getItem("selvage-cart") ?? "[]") as { name: string }[];
      return lines.length === 1 && lines[0]!.name === kept;
    }, otherName);
    // The shopper puts the same product in her cart again; the thank-you page opened once more in
    // another tab takes nothing out of it.
    const again = await context.newPage();
    await addFirstProductToCart(again);
    const cartBefore = await again.evaluate(() => window.localStorage.getItem("selvage-cart"));
    expect(cartBefore).toContain(productName);
    await again.goto(page.url());
    await again.getByRole("heading", { name: "Thank You!" }).waitFor();
    await waitForHydration(again);
    expect(await again.evaluate(() => window.localStorage.getItem("selvage-cart"))).toBe(cartBefore);
    await again.close();

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
    expect(notice.text).toMatch(/^720-555-0199\r?$/m);
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
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();

    await addFirstProductToCart(page);
    await page.goto(`${baseUrl}/checkout`);
    await fillCheckout(page, { Email: "ada@example", "Phone (optional)": "555-01" });
    await page.getByLabel("City").focus(); // leave the phone field
    expect(await page.locator("#customerEmail-error").innerText()).toBe("Please enter a valid email address");
    expect(await page.locator("#customerPhone-error").innerText()).toBe("Please enter a valid phone number");
    expect(await page.getByRole("button", { name: "Proceed to Payment" }).isDisabled()).toBe(true);
    expect((await page.getByTestId("payment-blockers").innerText()).split(/\n+/)).toEqual([
      "Email: Please enter a valid email address",
      "Phone: Please enter a valid phone number",
    ]);
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

/** Where the header's content starts and ends: the page's columns line up with it. */
const headerContent = (page: Page) =>
  page.evaluate(() => {
    const inner = document.querySelector("header > div")!;
    const box = inner.getBoundingClientRect();
    const style = getComputedStyle(inner);
    return { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
  });

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Title, icon, text and button of the page's empty-cart message, as a shopper sees them. */
const emptyCartLook = (page: Page) =>
  page.locator("main").evaluate((main) => {
    const link = [...main.querySelectorAll("a")].find((a) => a.textContent === "Continue Shopping")!;
    const style = getComputedStyle(link);
    return {
      title: main.querySelector("h1")?.textContent,
      icons: [...main.querySelectorAll("svg")].map((svg) => svg.getAttribute("class")),
      text: (main as HTMLElement).innerText,
      button: { href: link.getAttribute("href"), background: style.backgroundColor, color: style.color },
    };
  });

describe.each(Object.entries(VIEWPORTS))("checkout form and layout on %s", (name, viewport) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await shopperContext(browser, viewport);
    page = await context.newPage();
    errors = collectConsoleErrors(page);
  });
  afterAll(() => browser?.close());

  it("shows the cart's own empty page when checkout has nothing to sell", async () => {
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();
    const cartLook = await emptyCartLook(page);
    expect(cartLook.icons).toHaveLength(1);
    await page.goto(`${baseUrl}/checkout`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();
    expect(await emptyCartLook(page)).toEqual(cartLook);
    await expectNoSeriousA11yViolations(page);
  });

  it("accepts every usual writing of a US phone number, and the pay button's reason names the phone when it blocks", async () => {
    await addFirstProductToCart(page);
    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole("heading", { name: "Order Summary" }).waitFor();
    await fillCheckout(page);
    const pay = page.getByRole("button", { name: "Proceed to Payment" });
    const phone = page.getByLabel("Phone (optional)");
    const reason = page.getByTestId("payment-blockers");
    for (const written of ["(720) 555-0199", "720.555.0199", "720 555 0199", "+1 720 555 0199", "1-720-555-0199"]) {
      await phone.fill(written);
      await page.getByLabel("City").focus();
      expect(await pay.isEnabled(), written).toBe(true);
      expect(await reason.count(), written).toBe(0);
      expect(await page.getByText("Please enter a valid phone number").count(), written).toBe(0);
    }
    for (const wrong of ["720-555-019", "720-555-01999", "720-555-CALL"]) {
      await phone.fill(wrong);
      await page.getByLabel("City").focus();
      await page.locator("#customerPhone-error").getByText("Please enter a valid phone number").waitFor();
      expect(await pay.isDisabled(), wrong).toBe(true);
      expect(await reason.innerText(), wrong).toBe("Phone: Please enter a valid phone number");
    }
    // Both at once: the empty required field and the wrong phone, each named.
    await page.getByLabel("City").fill("");
    expect((await reason.innerText()).split(/\n+/)).toEqual([
      "Please complete the required fields before checkout: City",
      "Phone: Please enter a valid phone number",
    ]);
    await page.getByLabel("City").fill("Denver");
    await phone.fill("");
    expect(await pay.isEnabled()).toBe(true);
  });

  it("sets State and ZIP side by side, and lines the checkout up with the header", async () => {
    const state = await box(page.getByLabel("State"));
    const zip = await box(page.getByLabel("ZIP Code"));
    expect(Math.abs(state.y - zip.y)).toBeLessThan(1);
    expect(zip.x).toBeGreaterThanOrEqual(state.x + state.width);
    expect(state.width).toBeGreaterThan(100);

    const header = await headerContent(page);
    const title = await box(page.getByRole("heading", { name: "Checkout", level: 1 }));
    const payment = await box(page.getByRole("region", { name: "Payment" }));
    expect(Math.abs(title.x - header.left)).toBeLessThan(1);
    expect(Math.abs(payment.x + payment.width - header.right)).toBeLessThan(1);
  });

  it(
    name === "mobile"
      ? "folds the order summary above the form, its toggle showing the total"
      : "shows the whole order summary beside the form",
    async () => {
      const summary = page.getByRole("region", { name: /Order Summary/ });
      const remove = summary.getByRole("button", { name: "Remove" });
      const toggle = page.getByRole("button", { name: /Order Summary/ });
      const total = (await page.getByTestId("order-total").textContent())!;
      expect(total).toMatch(/^\$\d+\.\d\d$/);
      const fullName = await box(page.getByLabel("Full Name"));
      if (name === "mobile") {
        expect(await toggle.getAttribute("aria-expanded")).toBe("false");
        expect(await toggle.innerText()).toContain(total);
        expect(await remove.isVisible()).toBe(false);
        const folded = await box(summary);
        expect(folded.y + folded.height).toBeLessThan(fullName.y);

        await toggle.click();
        expect(await toggle.getAttribute("aria-expanded")).toBe("true");
        await remove.waitFor();
        expect(await summary.getByTestId("order-total").innerText()).toBe(total);
        expect(await summary.getByTestId("order-subtotal").innerText()).toBe(total);
        await expectNoSeriousA11yViolations(page);

        await toggle.click();
        expect(await toggle.getAttribute("aria-expanded")).toBe("false");
        await remove.waitFor({ state: "hidden" });
      } else {
        expect(await toggle.count()).toBe(0);
        expect(await remove.isVisible()).toBe(true);
        expect(await summary.getByTestId("order-total").innerText()).toBe(total);
        const beside = await box(summary);
        expect(beside.x).toBeGreaterThan(fullName.x + fullName.width);
        expect(beside.y).toBeLessThan(fullName.y + fullName.height);
      }
      // Pickup or shipping is arranged later; nothing reads as free shipping.
      expect(await summary.getByText("$0.00").count()).toBe(0);
      expect(await summary.locator("dl").textContent()).toContain("Pickup or shippingArranged after purchase");
    },
  );

  it("names the products in the cart's font", async () => {
    if (name === "mobile") await page.getByRole("button", { name: /Order Summary/ }).click();
    const productName = (
      await page
        .getByRole("region", { name: /Order Summary/ })
        .locator("li p")
        .first()
        .innerText()
    ).trim();
    const fontOf = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { family: style.fontFamily, size: style.fontSize };
      });
    const inCheckout = await fontOf(page.getByText(productName, { exact: true }).filter({ visible: true }));
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: productName });
    const inCart = await fontOf(row.getByText(productName, { exact: true }).filter({ visible: true }));
    expect(inCheckout).toEqual(inCart);
    expect(errors).toEqual([]);
  });
});
