import type { Page } from "playwright-core";
import { waitForHydration, waitForToast } from "./storefront.ts";

export interface Shopper {
  name: string;
  email: string;
  phone: string;
}

/**
 * Buys the home page's first product the way a shopper does: cart, checkout, the test
 * payment page, the thank-you page. Answers the new order's number and the product's name.
 */
export async function buyFirstProduct(
  page: Page,
  shopUrl: string,
  shopper: Shopper,
): Promise<{ orderNumber: string; productName: string }> {
  await page.goto(shopUrl);
  const href = (await page.locator('a[href^="/product/"]').first().getAttribute("href"))!;
  await page.goto(`${shopUrl}${href}`);
  await waitForHydration(page);
  const productName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await waitForToast(page, "Item added to your cart");

  await page.goto(`${shopUrl}/checkout`);
  await page.getByRole("heading", { name: "Order Summary" }).waitFor();
  const fields: Record<string, string> = {
    "Full Name": shopper.name,
    Email: shopper.email,
    "Phone (optional)": shopper.phone,
    "Street Address": "1550 Blake St",
    City: "Denver",
    State: "CO",
    "ZIP Code": "80202",
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).first().fill(value);
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await page.waitForURL(/\/pay\/test\//);
  await page.getByRole("button", { name: "Complete test payment" }).click();
  await page.getByRole("heading", { name: "Thank You!" }).waitFor();
  const shown = await page
    .getByText(/#VC\d+/)
    .first()
    .innerText();
  return { orderNumber: /#(VC\d+)/.exec(shown)![1]!, productName };
}
