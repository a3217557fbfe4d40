import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

const AXE_SOURCE = readFileSync(path.resolve(import.meta.dirname, "../../../node_modules/axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * A browser context for a shopper. bypassCSP lets the tests inject axe-core; the app's
 * own scripts are covered by the CSP checks in home.test.ts.
 */
export function shopperContext(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ viewport, bypassCSP: true });
}

/** Runs axe-core on the page; answers the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A toast sliding in or out is part transparent, and its contrast would be measured against the page.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every(
      (toast) => toast.getAnimations({ subtree: true }).length === 0,
    ),
  );
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // Bounded, so a run that never settles fails here by name rather than as a bare test timeout.
    const result = await Promise.race([
      axe.run(document, { resultTypes: ["violations"] }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("axe did not finish in 30 s")), 30_000)),
    ]);
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
}

/** Scrolls through the page so every fade-in section is revealed, then back to the top. */
export async function revealWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
      window.scrollTo(0, y);
      // A frame lets the observers reveal what came into view; the timer moves on if frames stop
      // coming, so a stalled page fails on a bounded wait below instead of hanging here.
      await new Promise((resolve) => {
        requestAnimationFrame(() => resolve(null));
        setTimeout(resolve, 100);
      });
    }
  });
  // Revealed, and done fading in (colour contrast is only measurable at full opacity).
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".reveal")].every((element) => getComputedStyle(element).opacity === "1"),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until React has hydrated the page (event handlers attached). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => "__reactRouterRouteModules" in window && document.documentElement.dataset.hydrated === "true",
  );
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await revealWholePage(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/**
 * Holds every stored picture the page asks for, so the page cannot finish loading; answers the
 * function that lets them through.
 */
export async function holdStoredPictures(page: Page): Promise<() => void> {
  let letThrough: () => void = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route("**/uploads/**", async (route) => {
    await held;
    await route.continue();
  });
  return letThrough;
}

/** The one toast on screen (sonner), once it shows the given text. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
}

export const CART_KEY = "selvage-cart";
