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

async function addToCart(page: Page, path: string, fabric?: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  if (fabric) await page.locator("label", { has: page.getByRole("radio", { name: fabric }) }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.locator("[data-sonner-toast]").first().waitFor();
}

const storedCart = async (page: Page) =>
  JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? "null");

describe.each(Object.entries(VIEWPORTS))("cart on %s", (name, viewport) => {
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

  it("starts empty: 'Your Cart is Empty' with Continue Shopping", async () => {
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();
    expect(await page.getByRole("link", { name: "Continue Shopping" }).getAttribute("href")).toBe("/");
  });

  it("lists the added lines, keeps them across a reload and totals them", async () => {
    await addToCart(page, "/product/larimer-top-handle-purse", "Rose Garden Floral"); // $93
    await addToCart(page, "/product/front-range-sling"); // $58
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await page.reload();
    await waitForHydration(page);
    const rows = page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("cell") });
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await page.getByRole("columnheader", { name: "Fabric" }).count()).toBe(1);
    const first = await rows.nth(0).innerText();
    expect(first).toContain("Larimer Top-Handle Purse");
    expect(first).toContain("Rose Garden Floral");
    expect(first).toContain("$93.00");
    expect(await page.getByTestId("order-subtotal").innerText()).toBe("$151.00");
    expect(await page.getByTestId("order-total").innerText()).toBe("$151.00");
    expect(await page.getByRole("link", { name: "Proceed to Checkout" }).getAttribute("href")).toBe("/checkout");
    expect(await page.getByText("shipping arrangements are communicated after purchase").isVisible()).toBe(true);
  });

  it("shows the subtotal once, and says pickup or shipping is arranged after purchase instead of '$0.00'", async () => {
    expect(await page.getByText("Subtotal", { exact: true }).count()).toBe(1);
    const totals = page.getByRole("complementary", { name: "Order Total" });
    expect(await totals.getByText("Subtotal", { exact: true }).isVisible()).toBe(true);
    expect(await totals.locator("dl").innerText()).toMatch(
      /^Subtotal\s+\$151\.00\s+Pickup or shipping\s+Arranged after purchase\s+Total\s+\$151\.00$/,
    );
    expect(await page.getByText("$0.00").count()).toBe(0);
  });

  it("keeps the coupon field and Apply disabled, saying quietly that there are no codes", async () => {
    const coupon = page.getByRole("textbox", { name: "Coupon code" });
    expect(await coupon.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
    expect(await coupon.getAttribute("placeholder")).toBeNull();
    expect(await page.getByText(/coming soon/i).count()).toBe(0);
    const noteId = (await coupon.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${noteId}"]`).innerText()).toBe("The shop has no discount codes at the moment.");
  });

  it("changes quantities and line totals, and removes lines with toasts", async () => {
    const row = page.getByRole("row").filter({ hasText: "Front Range Sling Bag" });
    await row.getByRole("button", { name: "Increase quantity" }).click();
    await waitForToast(page, "Item quantity updated in your cart");
    expect(await row.getByTestId("line-total").innerText()).toBe("$116.00");
    expect(await page.getByTestId("order-total").innerText()).toBe("$209.00");
    expect(await page.getByRole("link", { name: "Cart, 3 items" }).count()).toBe(1);
    expect(
      (await storedCart(page)).find((line: { fabricCode: string }) => line.fabricCode === "default").quantity,
    ).toBe(2);

    // Every control of the table says which line it acts on.
    const names = await page
      .getByRole("table")
      .getByRole("button")
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    expect(names).toEqual([
      "Decrease quantity of Larimer Top-Handle Purse (Rose Garden Floral)",
      "Increase quantity of Larimer Top-Handle Purse (Rose Garden Floral)",
      "Remove Larimer Top-Handle Purse (Rose Garden Floral)",
      "Decrease quantity of Front Range Sling Bag",
      "Increase quantity of Front Range Sling Bag",
      "Remove Front Range Sling Bag",
    ]);
    await page.getByRole("button", { name: "Remove Front Range Sling Bag", exact: true }).click();
    await waitForToast(page, "Item removed from cart");
    expect(await page.getByRole("row").filter({ hasText: "Front Range Sling Bag" }).count()).toBe(0);
    expect(await page.getByTestId("order-total").innerText()).toBe("$93.00");
  });

  it("removes a line whose quantity steps down to 0, and clears the cart", async () => {
    const row = page.getByRole("row").filter({ hasText: "Larimer Top-Handle Purse" });
    await row.getByRole("button", { name: "Increase quantity" }).click();
    await row.getByRole("button", { name: "Decrease quantity" }).click();
    await row.getByRole("button", { name: "Decrease quantity" }).click();
    await waitForToast(page, "Item removed from cart");
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();

    await addToCart(page, "/product/front-range-sling");
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Clear cart" }).click();
    await waitForToast(page, "Cart has been cleared");
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();
    expect(await storedCart(page)).toEqual([]);
  });

  it(`has no serious accessibility violations (${name})`, async () => {
    await addToCart(page, "/product/larimer-top-handle-purse");
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await page.getByRole("table").waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});

describe("the most of one item a cart holds", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const limitNote = "For more than 99, please contact us";
  const storedQuantity = async (page: Page) => (await storedCart(page))[0].quantity;

  it("stops the product page's and the cart's steppers at 99, says why, and adds no more to a full line", async () => {
    const context = await shopperContext(browser, VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/product/front-range-sling`);
    await waitForHydration(page);
    const plus = page.getByRole("button", { name: "Increase quantity of Front Range Sling Bag" });
    await plus.click({ clickCount: 98 });
    expect(await page.getByRole("group", { name: /Quantity of/ }).innerText()).toBe("99");
    expect(await plus.isDisabled()).toBe(true);
    const note = page.getByText(limitNote);
    expect(await note.isVisible()).toBe(true);
    expect(await note.getByRole("link", { name: "contact us" }).getAttribute("href")).toBe("/contact");
    const noteId = (await plus.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${noteId}"]`).innerText()).toBe(limitNote);

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await waitForToast(page, "Item added to your cart");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await waitForToast(page, "The cart holds at most 99 of an item; for larger orders, please contact us");
    expect(await storedQuantity(page)).toBe(99);

    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: "Front Range Sling Bag" });
    const cartPlus = row.getByRole("button", { name: "Increase quantity" });
    expect(await cartPlus.isDisabled()).toBe(true);
    expect(await row.getByText(limitNote).isVisible()).toBe(true);
    await row.getByRole("button", { name: "Decrease quantity" }).click();
    await waitForToast(page, "Item quantity updated in your cart");
    expect(await cartPlus.isDisabled()).toBe(false);
    expect(await row.getByText(limitNote).count()).toBe(0);
    await cartPlus.click();
    expect(await cartPlus.isDisabled()).toBe(true);
    expect(await storedQuantity(page)).toBe(99);
    await context.close();
  });

  it("holds 99 of a line a cart stored with more", async () => {
    const context = await shopperContext(browser, VIEWPORTS.mobile);
    const page = await context.newPage();
    await addToCart(page, "/product/front-range-sling");
    const [line] = await storedCart(page);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [CART_KEY, JSON.stringify([{ ...line, quantity: 150 }])],
    );
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: "Front Range Sling Bag" });
    expect(await row.getByRole("group", { name: /Quantity of/ }).innerText()).toBe("99");
    expect(await row.getByTestId("line-total").innerText()).toBe("$5,742.00");
    await context.close();
  });
});

describe("cart truth from the server", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("replaces a stale price and drops a product that no longer exists", async () => {
    const context = await shopperContext(browser, VIEWPORTS.desktop);
    const page = await context.newPage();
    await addToCart(page, "/product/front-range-sling");
    const [line] = await storedCart(page);
    // What an old visit (or a tampering shopper) left behind.
    const stale = [
      { ...line, price: 1, name: "Old Name" },
      {
        productId: "00000000-0000-4000-8000-000000000000",
        name: "Retired Clutch",
        price: 40,
        quantity: 1,
        fabricCode: "default",
        fabricLabel: "Default",
        image: "",
      },
    ];
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify(stale)]);
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await page.getByText("No longer available and removed from your cart: Retired Clutch.").waitFor();
    await page.getByText("Prices were updated to the current price for: Front Range Sling Bag.").waitFor();
    expect(await page.getByTestId("order-total").innerText()).toBe("$58.00");
    expect(await page.getByRole("row").filter({ hasText: "Front Range Sling Bag" }).count()).toBe(1);
    expect(await storedCart(page)).toEqual([expect.objectContaining({ name: "Front Range Sling Bag", price: 58 })]);
    await context.close();
  });

  it("shows checkout the current prices too, and names the fabric of a line it drops", async () => {
    const context = await shopperContext(browser, VIEWPORTS.desktop);
    const page = await context.newPage();
    await addToCart(page, "/product/front-range-sling");
    const [line] = await storedCart(page);
    const stale = [
      { ...line, price: 1 },
      { ...line, fabricCode: "retired-plaid", fabricLabel: "Retired Plaid" },
    ];
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify(stale)]);
    await page.goto(`${baseUrl}/checkout`);
    await waitForHydration(page);
    await page
      .getByText("No longer available and removed from your cart: Front Range Sling Bag (Retired Plaid).")
      .waitFor();
    await page.getByText("Prices were updated to the current price for: Front Range Sling Bag.").waitFor();
    expect(await page.getByTestId("order-total").innerText()).toBe("$58.00");
    expect(await page.getByRole("button", { name: "Remove Front Range Sling Bag" }).count()).toBe(1);
    await context.close();
  });

  it("ignores unreadable stored data and logs an error", async () => {
    const context = await shopperContext(browser, VIEWPORTS.mobile);
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}/`);
    await page.evaluate((key) => localStorage.setItem(key, "{definitely not a cart"), CART_KEY);
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();
    expect(errors.some((error) => error.includes("Ignoring unreadable cart data"))).toBe(true);
    await context.close();
  });

  it("refuses a malformed pricing request", async () => {
    const response = await fetch(`${baseUrl}/api/cart/prices`, {
      method: "POST",
      body: "[1,2",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
  });
});
