import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { expectNoSeriousA11yViolations, shopperContext, waitForHydration } from "./support/storefront.ts";

const baseUrl = inject("baseUrl");
const CATEGORY_LINKS = ["Purses", "Bags", "Wallets", "Other Products"];

async function open(browser: Browser, viewport: { width: number; height: number }, path: string): Promise<Page> {
  const context = await shopperContext(browser, viewport);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  return page;
}

describe("header on desktop", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("links Home, every category and Contact, shows the logo and hides the menu button", async () => {
    const page = await open(browser, VIEWPORTS.desktop, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(["Home", ...CATEGORY_LINKS, "Contact"]);
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    const logo = page.getByRole("banner").getByRole("img", { name: "Selvage Handmade home" });
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // No count badge while the cart is empty.
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    await page.context().close();
  });

  it("tells a screen reader the new page's title after a move within the shop, and nothing on the first page", async () => {
    const page = await open(browser, VIEWPORTS.desktop, "/");
    const home = await page.title();
    expect(home).not.toMatch(/^Bags \| /);
    const announcer = page.locator("#page-announcer");
    expect(await announcer.getAttribute("aria-live")).toBe("polite");
    expect(await announcer.textContent()).toBe("");
    /** What the announcer says once it has said the page's title. */
    const announced = async () => {
      const [said, title] = [await announcer.textContent(), await page.title()];
      return said === title ? said : `"${said}" while the title is "${title}"`;
    };
    // The announcer speaks a frame after the new page is in place: on a loaded machine, that
    // frame can come well after the address has changed.
    const spoken = () => expect.poll(announced, { timeout: 15_000 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bags", exact: true }).click();
    await page.waitForURL(`${baseUrl}/category/bags`);
    await spoken().toMatch(/^Bags \| /);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await spoken().toBe(home);

    // The not-found page has a frame of its own: moves out of it and back are read out too.
    await page.goto(`${baseUrl}/no-such-page`);
    await waitForHydration(page);
    expect(await announcer.textContent()).toBe("");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await spoken().toBe(home);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/no-such-page`);
    await spoken().toMatch(/^Page Not Found \| /);
    await page.context().close();
  });

  it("searches inline; an empty or blank query does nothing", async () => {
    const page = await open(browser, VIEWPORTS.desktop, "/contact");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
    await box.fill("   ");
    await box.press("Enter");
    expect(new URL(page.url()).pathname).toBe("/contact");

    await box.fill("  TOTE ");
    await box.press("Enter");
    await page.waitForURL(`${baseUrl}/search?q=TOTE`);
    await page.getByRole("heading", { level: 1, name: /Results for .TOTE./ }).waitFor();
    const results = page.getByRole("list", { name: "Search results" }).getByRole("link");
    expect(await results.count()).toBeGreaterThanOrEqual(2);
    for (const text of await results.allInnerTexts()) expect(text.toLowerCase()).toMatch(/tote|\$/);
    await page.context().close();
  });

  it("keeps the search box on the address's term: Back shows the earlier search, another page an empty box", async () => {
    const page = await open(browser, VIEWPORTS.desktop, "/");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
    for (const term of ["bag", "tote"]) {
      await box.fill(term);
      await box.press("Enter");
      await page.getByRole("heading", { level: 1, name: `Results for “${term}”` }).waitFor();
    }
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Results for “bag”" }).waitFor();
    expect(await box.inputValue()).toBe("bag");
    expect(await page.getByRole("search", { name: "Search our shop" }).getByRole("searchbox").inputValue()).toBe("bag");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wallets" }).click();
    await page.getByRole("heading", { level: 1, name: "Wallets" }).waitFor();
    expect(await box.inputValue()).toBe("");
    await page.context().close();
  });

  it("names its two search boxes apart on the results page", async () => {
    const page = await open(browser, VIEWPORTS.desktop, "/search?q=tote");
    const names = await page
      .getByRole("search")
      .evaluateAll((forms) => forms.map((form) => form.getAttribute("aria-label")));
    expect(names).toEqual(["Site search", "Search our shop"]);
    await page.context().close();
  });

  it("finds words in descriptions, and says 'No results found' when nothing matches", async () => {
    const page = await open(browser, VIEWPORTS.desktop, "/search?q=brass%20turn-lock");
    expect(await page.getByRole("list", { name: "Search results" }).getByRole("link").allInnerTexts()).toEqual([
      expect.stringContaining("Larimer Top-Handle Purse"),
    ]);
    await page.goto(`${baseUrl}/search?q=${encodeURIComponent("100%_nothing")}`);
    await page.getByText("No results found").waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
});

describe("broken pictures", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("fall back once to the default logo and the placeholder, without retrying", async () => {
    const context = await shopperContext(browser, VIEWPORTS.desktop);
    const page = await context.newPage();
    const requests: string[] = [];
    // Every stored picture fails: the store's logo and the products' pictures.
    await page.route("**/uploads/**", (route) => {
      requests.push(route.request().url());
      return route.fulfill({ status: 404, body: "" });
    });
    await page.goto(`${baseUrl}/product/larimer-top-handle-purse`);
    await waitForHydration(page);
    const logo = page.getByRole("banner").getByRole("img", { name: "Selvage Handmade home" });
    // The fallback is swapped in after the stored logo fails; wait until it has loaded, not just been set.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>("header img");
      return image?.getAttribute("src") === "/images/logo.png" && image.complete;
    });
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth > 0)).toBe(true);
    const main = page.locator('[aria-roledescription="gallery"] img[data-active="true"]');
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-roledescription="gallery"] img[data-active="true"]')?.getAttribute("src") ===
        "/images/placeholder.jpg",
    );
    expect(await main.evaluate((image: HTMLImageElement) => image.srcset)).toBe("");
    const failedLogoRequests = requests.filter((url) => url.includes("/uploads/store/")).length;
    expect(failedLogoRequests).toBeGreaterThan(0);
    expect(failedLogoRequests).toBeLessThanOrEqual(2); // src and at most one srcset candidate, never retried
    await context.close();
  });
});

describe("menu drawer on a phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("opens from the right with every link, the cart count and search; a link closes it", async () => {
    const page = await open(browser, VIEWPORTS.mobile, "/");
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor();
    // Measure once the slide-in animation has finished.
    await drawer.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const box = (await drawer.boundingBox())!;
    expect(box.x + box.width).toBeCloseTo(VIEWPORTS.mobile.width, -1);
    expect(await drawer.getByRole("link").allInnerTexts()).toEqual(["Home", ...CATEGORY_LINKS, "Contact", "Cart (0)"]);
    expect(await drawer.getByRole("searchbox", { name: "Search products" }).isVisible()).toBe(true);

    await drawer.getByRole("link", { name: "Wallets" }).click();
    await page.waitForURL(`${baseUrl}/category/wallets`);
    await drawer.waitFor({ state: "hidden" });
    await page.getByRole("heading", { level: 1, name: "Wallets" }).waitFor();
    await page.context().close();
  });

  it("opens at a tap that comes before the drawer's own script has arrived", async () => {
    const context = await shopperContext(browser, VIEWPORTS.mobile);
    // The drawer's script is not among the page's first: hold it until the shopper has tapped.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await context.route(/\/assets\/mobile-menu-drawer-[\w-]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu" }).click();
    await requested;
    const drawer = page.getByRole("dialog", { name: "Menu" });
    expect(await drawer.count()).toBe(0);
    release();
    await drawer.waitFor();
    expect(await drawer.getByRole("link", { name: "Wallets" }).isVisible()).toBe(true);
    await context.close();
  });

  it("searches from the drawer and closes it; Escape also closes it; the page behind stays put while it is open", async () => {
    const page = await open(browser, VIEWPORTS.mobile, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.getByRole("searchbox", { name: "Search products" }).fill("wallet");
    await drawer.getByRole("searchbox", { name: "Search products" }).press("Enter");
    await page.waitForURL(`${baseUrl}/search?q=wallet`);
    await drawer.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Menu" }).click();
    await drawer.waitFor();
    // The page behind the open menu does not scroll under the shopper's finger or wheel.
    const afterFrames = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))),
          ),
      );
    await page.mouse.move(20, 400);
    await page.mouse.wheel(0, 600);
    expect(await afterFrames()).toBe(0);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe("search results on a phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("wraps a long search word instead of scrolling sideways", async () => {
    const page = await open(browser, VIEWPORTS.mobile, `/search?q=${"a".repeat(150)}`);
    await page.getByText("No results found").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toMatch(/^Results for “a+”$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS.mobile.width);
    await page.context().close();
  });
});

describe.each(Object.entries(VIEWPORTS))("category page on %s", (_name, viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("shows breadcrumb, name, description and the category's products", async () => {
    const page = await open(browser, viewport, "/category/wallets");
    const errors = collectConsoleErrors(page);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(await breadcrumb.innerText()).toContain("Wallets");
    await page.getByRole("heading", { level: 1, name: "Wallets" }).waitFor();
    expect(await page.getByText("Slim snap wallets").isVisible()).toBe(true);
    const cards = page.getByRole("list", { name: "Wallets products" }).getByRole("link");
    // The products stream in behind the heading.
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await page.title()).toBe("Wallets | Selvage Handmade");
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("answers an unknown category with HTTP 404 and 'Category Not Found'", async () => {
    const context = await shopperContext(browser, viewport);
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/category/no-such-thing`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Category Not Found" }).waitFor();
    expect(await page.getByText("The category you're looking for doesn't exist.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    await context.close();
  });

  it("answers any other path with the not-found page: HTTP 404, links home and to contact", async () => {
    const context = await shopperContext(browser, viewport);
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("main").getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe(
      "/contact",
    );
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});

describe("category loading and error states", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("shows a category's products without JavaScript (a first visit, a crawler)", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/category/bags`);
    const grid = page.getByRole("list", { name: "Bags products" });
    expect(await grid.getByRole("link").count()).toBeGreaterThan(0);
    expect(await grid.isVisible()).toBe(true);
    expect(await page.getByText("Loading products...").count()).toBe(0);
    await context.close();
  });

  it("shows 'Loading products...' while a category loads, then its error state when loading fails", async () => {
    const page = await open(browser, VIEWPORTS.desktop, "/");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/category/bags.data*", async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: "text/plain", body: "down" });
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bags" }).click();
    await page.getByText("Loading products...").waitFor();
    release();
    await page.getByText("Error loading products. Please try again later.").waitFor();
    await page.getByRole("heading", { level: 1, name: "Bags" }).waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    await page.context().close();
  });
});

describe("contact page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(Object.entries(VIEWPORTS))(
    "shows the form, the owner's details and the 24-48 hours promise (%s)",
    async (_name, viewport) => {
      const page = await open(browser, viewport, "/contact");
      for (const label of ["Name *", "Email *", "Phone (optional)", "Message *"]) {
        expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
      }
      expect(await page.getByLabel("Email *").getAttribute("type")).toBe("email");
      // The footer names them too; the contact page's own are in its main area.
      const main = page.getByRole("main");
      expect(await main.getByText("studio@example.com").isVisible()).toBe(true);
      expect(await main.getByText("(303) 555-0142").isVisible()).toBe(true);
      expect(await page.getByText("24-48 hours").first().isVisible()).toBe(true);
      // The picture comes from a purse or bag, not the stock default.
      const image = page.getByRole("img", { name: "A handmade bag from our studio" });
      expect(await image.getAttribute("src")).toMatch(/^\/uploads\/products\//);
      await page.getByRole("button", { name: "Send Us a Message" }).click();
      await page.waitForFunction(() => document.activeElement?.id === "contact-name");
      // The button scrolls smoothly to the form: wait until that scroll has come to rest with the
      // form in view, so the accessibility check does not scroll and measure a page still moving.
      await page.waitForFunction(
        () => {
          const state = window as unknown as { lastScrollY?: number };
          const settled = state.lastScrollY === window.scrollY;
          state.lastScrollY = window.scrollY;
          const top = document.getElementById("contact-form")!.getBoundingClientRect().top;
          return settled && top >= 0 && top < window.innerHeight / 2;
        },
        undefined,
        { polling: 100 },
      );
      await expectNoSeriousA11yViolations(page);
      await page.context().close();
    },
  );
});
