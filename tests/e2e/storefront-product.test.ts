import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import {
  CART_KEY,
  expectNoSeriousA11yViolations,
  holdStoredPictures,
  shopperContext,
  waitForHydration,
  waitForToast,
} from "./support/storefront.ts";

const baseUrl = inject("baseUrl");
// Demo catalogue: $88.00; Navy Gingham (+$0), Rose Garden Floral (+$5, own pictures),
// Highland Plaid (+$7, own pictures). The sling bag has no fabric choice.
const PURSE = "/product/larimer-top-handle-purse";
const SLING = "/product/front-range-sling";
// Mustard Dot, Mint Gingham (out of stock in the demo library), Indigo Polka Dot.
const CARD_WALLET = "/product/little-snap-card-wallet";

const mainImage = (page: Page) => page.locator('[aria-roledescription="gallery"] img[data-active="true"]');

describe.each(Object.entries(VIEWPORTS))("product page on %s", (name, viewport) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await shopperContext(browser, viewport);
    page = await context.newPage();
    errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}${PURSE}`);
    await waitForHydration(page);
  });
  afterAll(() => browser?.close());

  it("shows breadcrumb, name, price and description", async () => {
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(await breadcrumb.getByRole("link", { name: "Purses" }).getAttribute("href")).toBe("/category/purses");
    expect(await breadcrumb.innerText()).toContain("Larimer Top-Handle Purse");
    await expect(page.getByRole("heading", { level: 1, name: "Larimer Top-Handle Purse" }).isVisible()).resolves.toBe(
      true,
    );
    expect(await page.getByTestId("product-price").innerText()).toContain("$88.00");
    expect(await page.getByText("A structured top-handle purse").isVisible()).toBe(true);
  });

  it("keeps the gallery's thumbnails in sync with the large picture", async () => {
    const thumbnails = page.getByRole("list", { name: "Thumbnails" }).getByRole("button");
    expect(await thumbnails.count()).toBe(3);
    expect(await thumbnails.nth(0).getAttribute("aria-current")).toBe("true");
    await thumbnails.nth(2).click();
    expect(await thumbnails.nth(2).getAttribute("aria-current")).toBe("true");
    expect(await mainImage(page).getAttribute("alt")).toBe("Larimer Top-Handle Purse, picture 3 of 3");
    await page.getByRole("button", { name: "Next picture" }).click();
    expect(await thumbnails.nth(0).getAttribute("aria-current")).toBe("true");
  });

  it("offers the fabrics as radio buttons with swatch and upcharge, and swaps the pictures", async () => {
    const radios = page.getByRole("radio");
    expect(await radios.count()).toBe(3);
    const navy = page.getByRole("radio", { name: "Navy Gingham" });
    const rose = page.getByRole("radio", { name: "Rose Garden Floral" });
    expect(await navy.isChecked()).toBe(true);
    const fieldset = page.getByRole("group", { name: /Fabric/ });
    // Swatches large enough to read a print, each in a tap target of 44 px or more.
    const swatch = await page.locator("label", { has: navy }).locator("img").boundingBox();
    expect(swatch?.width).toBeGreaterThanOrEqual(56);
    expect((await page.locator("label", { has: rose }).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await fieldset.innerText()).toContain("+$5.00");
    expect(await fieldset.innerText()).toContain("+$7.00");
    const before = await mainImage(page).getAttribute("src");

    await page.locator("label", { has: rose }).click();
    expect(await rose.isChecked()).toBe(true);
    const after = await mainImage(page).getAttribute("src");
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\/uploads\//);
    // The gallery starts again at the fabric's first picture; the price includes the upcharge.
    expect(
      await page.getByRole("list", { name: "Thumbnails" }).getByRole("button").first().getAttribute("aria-current"),
    ).toBe("true");
    expect(await page.getByTestId("product-price").innerText()).toContain("$93.00");

    // Keyboard: arrow keys move through the radio group.
    await rose.focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: "Highland Plaid" }).isChecked()).toBe(true);
    expect(await page.getByTestId("product-price").innerText()).toContain("$95.00");
  });

  it("steps the quantity with minus disabled at 1, and adds to the cart with toasts", async () => {
    await page.evaluate((key) => localStorage.removeItem(key), CART_KEY);
    await page.reload();
    await waitForHydration(page);
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    expect(await minus.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Increase quantity" }).click();
    expect(await page.getByRole("group", { name: /Quantity of/ }).innerText()).toContain("2");
    expect(await minus.isDisabled()).toBe(false);

    await page.locator("label", { has: page.getByRole("radio", { name: "Rose Garden Floral" }) }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await waitForToast(page, "Item added to your cart");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await waitForToast(page, "Item quantity updated in your cart");
    // One toast at a time: the first one is hidden behind the second and leaving, or gone.
    expect(await page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])').count()).toBe(1);

    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? "null");
    expect(stored).toEqual([
      expect.objectContaining({
        name: "Larimer Top-Handle Purse",
        price: 93,
        quantity: 4,
        fabricCode: "rose-garden-floral",
        fabricLabel: "Rose Garden Floral",
      }),
    ]);
    expect(stored[0].image).toMatch(/^\/uploads\//);
    expect(await page.getByRole("link", { name: "Cart, 4 items" }).count()).toBe(1);
  });

  it("shows a notice that arrives while the previous toast is leaving", async () => {
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.locator("[data-sonner-toast]").first().waitFor();
    const leaving = await page.locator("[data-sonner-toast]").first().elementHandle();
    // Closing the toast starts its exit animation; the next notice comes in the same moment.
    await page.evaluate(() => {
      document.querySelector<HTMLElement>("[data-sonner-toast] [data-close-button]")?.click();
      [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent === "Add to Cart")?.click();
    });
    await page.waitForFunction((element) => !element?.isConnected, leaving);
    // Toasts closed earlier may still be finishing their exit; the one on screen is not removed.
    const shown = page
      .locator('[data-sonner-toast][data-removed="false"]')
      .filter({ hasText: "Item quantity updated in your cart" });
    await shown.first().waitFor();
    expect(await shown.count()).toBe(1);
  });

  it("shows whole product pictures, never cropped, in the large picture and the thumbnails", async () => {
    const pictures = page.locator('[aria-roledescription="gallery"] img');
    const boxes = await pictures.evaluateAll((images: HTMLImageElement[]) =>
      images.map((image) => {
        const frame = image.parentElement!.getBoundingClientRect();
        const box = image.getBoundingClientRect();
        return {
          fit: getComputedStyle(image).objectFit,
          // The image's box lies inside its frame, so the frame's overflow hides nothing.
          inside:
            box.left >= frame.left - 0.5 &&
            box.right <= frame.right + 0.5 &&
            box.top >= frame.top - 0.5 &&
            box.bottom <= frame.bottom + 0.5,
        };
      }),
    );
    const thumbnails = await page.getByRole("list", { name: "Thumbnails" }).getByRole("button").count();
    expect(thumbnails).toBeGreaterThan(1);
    expect(boxes.length).toBe(2 * thumbnails);
    // object-fit: contain scales the whole picture into its box; cover or fill would cut or stretch it.
    expect(boxes).toEqual(boxes.map(() => ({ fit: "contain", inside: true })));
    // The large frame takes the square demo picture's shape: no bands beside it.
    const frame = await mainImage(page).evaluate((image) => image.parentElement!.getBoundingClientRect());
    expect(Math.abs(frame.width - frame.height)).toBeLessThanOrEqual(1);
  });

  it("shows a close-up of a fabric when a swatch is reached by keyboard, without covering any swatch", async () => {
    await page.goto(`${baseUrl}${PURSE}`);
    await waitForHydration(page);
    const closeUp = page.getByTestId("fabric-close-up");
    expect(await closeUp.count()).toBe(0);
    // Back from the quantity (minus is disabled at 1), Tab lands on the checked fabric.
    await page.getByRole("button", { name: "Increase quantity" }).focus();
    await page.keyboard.press("Shift+Tab");
    const navy = page.getByRole("radio", { name: "Navy Gingham" });
    expect(await navy.evaluate((element) => element === document.activeElement)).toBe(true);
    await closeUp.waitFor();
    await expectCloseUpOf(page, "Navy Gingham");

    await page.keyboard.press("ArrowDown");
    await closeUp.filter({ hasText: "Rose Garden Floral" }).waitFor();
    await expectCloseUpOf(page, "Rose Garden Floral");
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press("Escape");
    await closeUp.waitFor({ state: "detached" });

    if (name === "desktop") {
      // The mouse shows it too, for the fabric under the pointer, and takes it away on leaving.
      await page.locator("label", { has: page.getByRole("radio", { name: "Highland Plaid" }) }).hover();
      await closeUp.filter({ hasText: "Highland Plaid" }).waitFor();
      await expectCloseUpOf(page, "Highland Plaid");
      await page.getByRole("heading", { level: 1 }).hover();
      await closeUp.waitFor({ state: "detached" });
    }
  });

  it("suggests up to 4 other products from the same category", async () => {
    const related = page.getByRole("list", { name: "You Might Also Like" });
    await related.waitFor();
    const links = related.getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(4);
    const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
    expect(hrefs).not.toContain(PURSE);
  });

  it("starts over with quantity, picture and fabric when another product opens", async () => {
    await page.getByRole("button", { name: "Increase quantity" }).click();
    const related = page.getByRole("list", { name: "You Might Also Like" }).getByRole("link").first();
    const href = await related.getAttribute("href");
    await related.click();
    await page.waitForURL(`${baseUrl}${href}`);
    await page.getByRole("heading", { level: 1 }).filter({ hasNotText: "Larimer" }).waitFor();
    expect(await page.getByRole("group", { name: /Quantity of/ }).innerText()).toContain("1");
    expect(await page.getByRole("radio").first().isChecked()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it(`has no serious accessibility violations (${name})`, async () => {
    await page.goto(`${baseUrl}${PURSE}`);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});

/** The close-up shows this fabric's picture (the swatch's) and name, and lies over no swatch. */
async function expectCloseUpOf(page: Page, fabric: string): Promise<void> {
  const closeUp = page.getByTestId("fabric-close-up");
  expect(await closeUp.isVisible()).toBe(true);
  expect(await closeUp.innerText()).toBe(fabric);
  const swatch = page.locator("label", { has: page.getByRole("radio", { name: fabric }) }).locator("img");
  expect(await closeUp.locator("img").getAttribute("src")).toBe(await swatch.getAttribute("src"));
  const size = await closeUp.locator("img").boundingBox();
  expect(size?.width).toBeGreaterThanOrEqual(160);
  const box = (await closeUp.boundingBox())!;
  const labels = await page
    .getByRole("group", { name: /Fabric/ })
    .locator("label")
    .all();
  for (const label of labels) {
    const other = (await label.boundingBox())!;
    const overlaps =
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }
}

describe("product page details", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("has no fabric choice for a product without fabric selection, and adds it as 'Default'", async () => {
    const context = await shopperContext(browser, VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${SLING}`);
    await waitForHydration(page);
    expect(await page.getByRole("radio").count()).toBe(0);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await waitForToast(page, "Item added to your cart");
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? "null");
    expect(stored).toEqual([
      expect.objectContaining({
        name: "Front Range Sling Bag",
        price: 58,
        quantity: 1,
        fabricCode: "default",
        fabricLabel: "Default",
      }),
    ]);
    await context.close();
  });

  it("shows a fabric out of stock, disabled and marked 'Out of stock', and starts with the first in stock", async () => {
    const context = await shopperContext(browser, VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${CARD_WALLET}`);
    await waitForHydration(page);
    const mint = page.getByRole("radio", { name: "Mint Gingham" });
    expect(await page.getByRole("radio").count()).toBe(3);
    expect(await mint.isDisabled()).toBe(true);
    expect(await mint.isChecked()).toBe(false);
    // The mark is part of the radio's accessible description, not only a visual hint.
    const describedBy = (await mint.getAttribute("aria-describedby")) ?? "";
    const description = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" "),
      describedBy.split(" ").filter(Boolean),
    );
    expect(description).toContain("Out of stock");
    expect(await page.locator("label", { has: mint }).innerText()).toContain("Out of stock");
    expect(await page.getByRole("radio", { name: "Mustard Dot" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Indigo Polka Dot" }).isDisabled()).toBe(false);
    await expectNoSeriousA11yViolations(page);

    // Clicking it changes nothing; Add to Cart takes the fabric in stock.
    await page.locator("label", { has: mint }).click({ force: true });
    expect(await page.getByRole("radio", { name: "Mustard Dot" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await waitForToast(page, "Item added to your cart");
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? "null");
    expect(stored).toEqual([expect.objectContaining({ fabricCode: "mustard-dot", fabricLabel: "Mustard Dot" })]);
    await context.close();
  });

  it("answers an unknown product with HTTP 404 and 'Product Not Found'", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const response = await page.goto(`${baseUrl}/product/no-such-bag`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product Not Found" }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    await page.close();
  });

  it("shows 'Loading product...' while a product loads, and the error panel with Go Back when it fails", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/category/purses`);
    await waitForHydration(page);
    // Hold the product's data request until the loading text has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/product/*.data*", async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: "text/plain", body: "boom" });
    });
    await page.getByRole("list", { name: "Purses products" }).getByRole("link").first().click();
    await page.getByText("Loading product...").waitFor();
    release();
    await page.getByText("Error loading product. Please try again later.").waitFor();
    await page.getByRole("button", { name: "Go Back" }).click();
    await page.waitForURL(`${baseUrl}/category/purses`);
    await page.close();
  });

  it("describes the product to search engines and link previews", async () => {
    const html = await (await fetch(`${baseUrl}${PURSE}`)).text();
    expect(html).toContain("<title>Larimer Top-Handle Purse | Selvage Handmade</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/product\/larimer-top-handle-purse"/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\/[^"]+\.webp"/);
    expect(html).toContain('<meta property="og:type" content="product"');
    const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? "null")).toMatchObject({
      "@type": "Product",
      name: "Larimer Top-Handle Purse",
      image: expect.arrayContaining([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/[^"]+\.webp$/)]),
      brand: { "@type": "Brand", name: "Selvage Handmade" },
      offers: {
        "@type": "Offer",
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/product\/larimer-top-handle-purse$/),
        price: "88.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("loads the gallery's pictures behind the first once the page has loaded, or at the shopper's first choice", async () => {
    const context = await shopperContext(browser, VIEWPORTS.mobile);
    const page = await context.newPage();
    const letThrough = await holdStoredPictures(page);
    await page.goto(`${baseUrl}${PURSE}`, { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    const largePictures = page.locator('[aria-roledescription="gallery"] img[data-active]');
    expect(await largePictures.count()).toBe(1);
    await page.getByRole("button", { name: "Next picture" }).click();
    await page
      .locator(
        '[aria-roledescription="gallery"] img[data-active="true"][alt="Larimer Top-Handle Purse, picture 2 of 3"]',
      )
      .waitFor();
    letThrough();
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-roledescription="gallery"] img[data-active]').length === 3,
    );
    await context.close();
  });
});
