import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import {
  expectNoSeriousA11yViolations,
  revealWholePage,
  shopperContext,
  waitForHydration,
} from "./support/storefront.ts";

const baseUrl = inject("baseUrl");
/** WCAG 2.5.5 target size; half a pixel spares sub-pixel rounding. */
const MIN_TARGET_PX = 44 - 0.5;

async function open(browser: Browser, viewport: { width: number; height: number }, path: string): Promise<Page> {
  const context = await shopperContext(browser, viewport);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  return page;
}

/** Rows of a list's items: item counts per distinct top edge. */
async function itemsPerRow(list: Locator): Promise<number[]> {
  return list.evaluate((element) => {
    const rows = new Map<number, number>();
    for (const item of element.children) {
      const top = Math.round(item.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.values()];
  });
}

/** Visible links, buttons and fields inside an element smaller than a fingertip, as "name WxH". */
async function smallTargets(container: Locator): Promise<string[]> {
  return container.evaluate((element, min) => {
    const small: string[] = [];
    for (const target of element.querySelectorAll<HTMLElement>("a, button, input, select, textarea")) {
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden") continue; // sr-only, or not shown
      if (box.width < min || box.height < min) {
        const name = target.getAttribute("aria-label") ?? target.textContent?.trim() ?? target.tagName;
        small.push(`${name} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

/**
 * Pictures in the element cut off by their frames, as "src: reason". A picture is whole when
 * it is drawn with object-fit contain (or its box has the picture's own shape) and its box
 * lies inside every ancestor that clips.
 */
async function croppedPictures(container: Locator): Promise<string[]> {
  return container.evaluate((element) => {
    const cropped: string[] = [];
    const images = [...element.querySelectorAll("img")];
    if (images.length === 0) return ["no pictures"];
    for (const image of images) {
      const name = image.currentSrc.split("/").pop();
      if (!image.complete || image.naturalWidth === 0) {
        cropped.push(`${name}: not loaded`);
        continue;
      }
      const box = image.getBoundingClientRect();
      const fit = getComputedStyle(image).objectFit;
      const natural = image.naturalWidth / image.naturalHeight;
      const sameShape = Math.abs(box.width / box.height - natural) / natural < 0.01;
      if (fit !== "contain" && fit !== "scale-down" && !(sameShape && fit !== "none")) {
        cropped.push(`${name}: object-fit ${fit} in a ${Math.round(box.width)}x${Math.round(box.height)} box`);
      }
      for (let parent = image.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflow === "visible") continue;
        const frame = parent.getBoundingClientRect();
        const inside =
          box.left >= frame.left - 1 &&
          box.top >= frame.top - 1 &&
          box.right <= frame.right + 1 &&
          box.bottom <= frame.bottom + 1;
        if (!inside) cropped.push(`${name}: outside its frame`);
        break;
      }
    }
    return cropped;
  });
}

/** Waits until every picture in the element has loaded (lazy ones once scrolled past). */
async function picturesLoaded(page: Page, container: Locator): Promise<void> {
  await revealWholePage(page);
  await container.evaluate((element) =>
    Promise.all(
      [...element.querySelectorAll("img")].map((image) => {
        image.loading = "eager";
        return image.decode().catch(() => undefined);
      }),
    ),
  );
}

describe.each(Object.entries(VIEWPORTS))("storefront layout on %s", (name, viewport) => {
  const phone = name === "mobile";
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it(`shows product grids ${phone ? "two" : "four"} cards wide, names and prices inside their cards`, async () => {
    const page = await open(browser, viewport, "/");
    const featured = page.getByRole("list", { name: "Featured products" });
    expect(await itemsPerRow(featured)).toEqual(phone ? [2, 2] : [4]);
    const cards = featured.getByRole("link");
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/\n\$\d+\.\d{2}\n/);
    // Nothing spills out of a card: its content fits its width.
    const overflowing = await featured.evaluate((list) =>
      [...list.querySelectorAll("a, a *")]
        .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
        .map((element) => element.textContent),
    );
    expect(overflowing).toEqual([]);

    await page.goto(`${baseUrl}/category/bags`);
    const bags = page.getByRole("list", { name: "Bags products" });
    await bags.waitFor();
    expect((await itemsPerRow(bags))[0]).toBe(phone ? 2 : 4);
    await page.context().close();
  });

  it("makes every touch target in header, footer, menu, slideshow and breadcrumbs at least 44x44 px", async () => {
    const page = await open(browser, viewport, "/");
    expect(await smallTargets(page.getByRole("banner"))).toEqual([]);
    expect(await smallTargets(page.getByRole("contentinfo"))).toEqual([]);
    expect(await smallTargets(page.getByRole("region", { name: "Product slideshow" }))).toEqual([]);
    // The visible slideshow dot stays small inside its 44 px button.
    const dot = page.getByRole("button", { name: "Go to slide 2" }).locator("span");
    expect((await dot.boundingBox())!.width).toBeLessThan(20);
    if (phone) {
      await page.getByRole("button", { name: "Menu" }).click();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await drawer.waitFor();
      await drawer.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      expect(await smallTargets(drawer)).toEqual([]);
      await page.keyboard.press("Escape");
    }
    await page.goto(`${baseUrl}/category/wallets`);
    await waitForHydration(page);
    expect(await smallTargets(page.getByRole("navigation", { name: "Breadcrumb" }))).toEqual([]);
    await page.context().close();
  });

  it("shows whole products in the hero, the collage, the category tiles and the contact picture", async () => {
    const page = await open(browser, viewport, "/");
    const slideshow = page.getByRole("region", { name: "Product slideshow" });
    await slideshow.getByRole("button", { name: "Pause slideshow" }).click();
    await picturesLoaded(page, slideshow);
    expect(await croppedPictures(slideshow)).toEqual([]);
    // The collage's name sits beside its pictures, not over them.
    const collage = slideshow.locator('[aria-roledescription="slide"]').first();
    const label = (await collage.getByText("Product Collection").boundingBox())!;
    for (const image of await collage.getByRole("img").all()) {
      const box = (await image.boundingBox())!;
      expect(label.y >= box.y + box.height || label.y + label.height <= box.y).toBe(true);
    }

    const tiles = page.getByRole("region", { name: "Categories" }).getByRole("list");
    await tiles.waitFor();
    await picturesLoaded(page, tiles);
    expect(await croppedPictures(tiles)).toEqual([]);

    await page.goto(`${baseUrl}/contact`);
    const aside = page.getByRole("complementary");
    await picturesLoaded(page, aside);
    expect(await croppedPictures(aside)).toEqual([]);
    await page.context().close();
  });

  it("offers the categories and a few products when a search finds nothing", async () => {
    const page = await open(browser, viewport, `/search?q=${encodeURIComponent("zebra velvet spaceship")}`);
    const errors = collectConsoleErrors(page);
    await page.getByText("No results found").waitFor();
    const categories = page.getByRole("region", { name: "Browse our categories" });
    const links = categories.getByRole("link");
    expect(await links.count()).toBeGreaterThanOrEqual(4);
    for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/category\/[a-z0-9-]+$/);
    }
    expect(await categories.getByRole("heading", { name: "Wallets" }).isVisible()).toBe(true);
    const products = page.getByRole("list", { name: "New from the studio" }).getByRole("link");
    expect(await products.count()).toBe(4);
    for (const text of await products.allInnerTexts()) expect(text).toMatch(/\$\d+\.\d{2}/);
    await links.first().click();
    await page.waitForURL(/\/category\//);
    await page.goBack();
    await page.getByText("No results found").waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("draws text in the self-hosted brand fonts, preloaded, with no request to another origin", async () => {
    const context = await shopperContext(browser, viewport);
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith("data:")) foreign.push(request.url());
    });
    await page.goto(baseUrl);
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    const preloads = await page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloads).toEqual([
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
      expect.stringMatching(/^\/assets\/source-serif-4-latin-normal-[\w-]+\.woff2$/),
    ]);
    const fonts = await page.evaluate(() => ({
      loaded: [...document.fonts]
        .filter((face) => face.status === "loaded")
        .map((face) => face.family.replace(/^"|"$/g, "")),
      files: performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name))
        .filter((url) => url.pathname.endsWith(".woff2"))
        .map((url) => `${url.origin}${url.pathname}`),
      body: getComputedStyle(document.body).fontFamily,
      heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
    }));
    expect(fonts.loaded).toEqual(expect.arrayContaining(["Inter Variable", "Source Serif 4"]));
    expect(fonts.files.length).toBeGreaterThanOrEqual(2);
    for (const file of fonts.files) expect(file).toMatch(new RegExp(`^${baseUrl}/assets/`));
    expect(fonts.body).toMatch(/^"?Inter Variable"?, "?Inter Fallback"?/);
    expect(fonts.heading).toMatch(/^"Source Serif 4", "Source Serif 4 Fallback"/);
    // The font files hold only the weights the pages use (scripts/subset-fonts.ts): no text asks
    // a brand face for a weight or style it lacks, which the browser would fake.
    const faked = await page.evaluate(() => {
      const faces = [...document.fonts].map((face) => {
        const [min, max = min] = face.weight.split(" ").map(Number);
        return { family: face.family.replace(/^"|"$/g, ""), style: face.style, min: min!, max: max! };
      });
      const misses = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const style = getComputedStyle(node.parentElement!);
        const family = style.fontFamily.split(",")[0]!.trim().replace(/^"|"$/g, "");
        const weight = Number(style.fontWeight);
        const brand = faces.filter((face) => face.family === family);
        if (brand.length === 0) continue;
        const held = brand.some((face) => face.style === style.fontStyle && face.min <= weight && weight <= face.max);
        if (!held) misses.add(`${family} ${style.fontStyle} ${weight}: ${node.textContent.trim().slice(0, 40)}`);
      }
      return [...misses];
    });
    expect(faked).toEqual([]);
    // The fallback shown before the swap takes the brand font's room, so the swap moves nothing.
    const sizes = await page.evaluate(() => {
      const measure = (family: string, style: string) => {
        const probe = document.createElement("span");
        probe.textContent = "Handcrafted Bags & Purses, made with love in Colorado";
        probe.style.cssText = `position:absolute;white-space:nowrap;font:${style} 48px/normal ${family}`;
        document.body.append(probe);
        const box = probe.getBoundingClientRect();
        probe.remove();
        return { width: box.width, height: box.height };
      };
      return [
        [measure('"Inter Variable"', "normal"), measure('"Inter Fallback"', "normal")],
        [measure('"Source Serif 4"', "normal"), measure('"Source Serif 4 Fallback"', "normal")],
        [measure('"Source Serif 4"', "italic"), measure('"Source Serif 4 Fallback"', "italic")],
      ];
    });
    for (const [brand, fallback] of sizes) {
      expect(Math.abs(fallback!.width / brand!.width - 1)).toBeLessThan(0.03);
      expect(Math.abs(fallback!.height - brand!.height)).toBeLessThanOrEqual(1); // whole-pixel line boxes
    }
    expect(foreign).toEqual([]);
    await context.close();
  });
});
