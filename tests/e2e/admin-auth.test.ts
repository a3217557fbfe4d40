import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { readInbox, waitForNewMail } from "./support/mail-inbox.ts";
import { signInOnPage } from "./support/owner.ts";
import { seriousA11yViolations } from "./support/storefront.ts";

const baseUrl = inject("baseUrl");
const owner = inject("owner");
const mailDir = inject("mailDir");

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Settings › Account: changes the signed-in owner's password. */
async function changePassword(page: Page, current: string, next: string) {
  await page.goto(`${baseUrl}/admin/settings`);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.getByRole("tab", { name: "Account" }).click();
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("Confirm new password").fill(next);
  await page.getByRole("button", { name: "Update Password" }).click();
  await page.getByText("Your password has been updated successfully").waitFor();
}

describe("owner sign-in", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("sends anonymous visitors of the admin area to the sign-in page", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    for (const path of ["/admin", "/admin/settings", "/admin/products/new"]) {
      await page.goto(`${baseUrl}${path}`);
      expect(new URL(page.url()).pathname).toBe("/admin/login");
      await page.getByRole("heading", { name: "Sign In" }).waitFor();
    }
    await page.close();
  });

  it("signs in: empty form, wrong password, then the right one", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseUrl}/admin/login`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").innerText()).resolves.toContain("Please enter both email and password");

    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid email or password").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");

    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByText("Successfully logged in").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin");
    await expect(page.getByText("Total products").isVisible()).resolves.toBe(true);
    // Signed in, the sign-in page sends the owner back to the dashboard.
    await page.goto(`${baseUrl}/admin/login`);
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(errors.filter((error) => !/40[13]/.test(error))).toEqual([]);
    await page.close();
  });

  it("signs out on the server and says so", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signInOnPage(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("You have been logged out").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.goto(`${baseUrl}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await context.close();
  });

  it("navigates the admin area with the slide-out menu on a phone", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await signInOnPage(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("link", { name: "Fabric Library" }).click();
    await page.getByRole("heading", { name: "Fabric Library" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/fabrics");
    await expect(menu.isVisible()).resolves.toBe(false);
    await context.close();
  });
});

describe("owner passwords", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("resets a forgotten password with the link from the email", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const seen = new Set(readInbox(mailDir).map((mail) => mail.file));
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(`${baseUrl}/admin/reset-password`);
    await page.getByRole("button", { name: "Send reset instructions" }).click();
    await page.getByText("Please enter your email address").waitFor();
    await page.getByLabel("Email").fill(owner.email);
    await page.getByRole("button", { name: "Send reset instructions" }).click();
    await page.getByRole("heading", { name: "Reset email sent" }).waitFor();

    const mail = await waitForNewMail(mailDir, seen, (message) => message.to.includes(owner.email));
    expect(mail.subject).toBe("Reset your Selvage Handmade admin password");
    const link = /(http\S+\/admin\/update-password#token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    const temporary = "reset-by-email-2026";
    await page.goto(link!);
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Password must be at least 8 characters long").waitFor();
    await page.getByLabel("New password", { exact: true }).fill(temporary);
    await page.getByLabel("Confirm new password").fill(`${temporary}x`);
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm new password").fill(temporary);
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByRole("heading", { name: "Password updated" }).waitFor();
    // The token left the address bar as soon as the page read it.
    expect(page.url()).not.toContain("token");

    // The link works once. (Leaving the page first makes the next visit a fresh load.)
    await page.goto(`${baseUrl}/admin/login`);
    await page.goto(link!);
    await page.getByText("Invalid or expired password reset link").first().waitFor();
    await page.waitForURL(`${baseUrl}/admin/login`);

    await signInOnPage(page, temporary);
    await changePassword(page, temporary, owner.password);
    await context.close();
  });

  it("says a link without a token is invalid, then goes to sign in", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/admin/update-password`);
    await page.getByText("Invalid or expired password reset link").first().waitFor();
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.close();
  });

  it("changes the password in Settings › Account", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signInOnPage(page);
    await page.goto(`${baseUrl}/admin/settings`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByRole("tab", { name: "Account" }).click();
    const submit = page.getByRole("button", { name: "Update Password" });

    await submit.click();
    await page.getByText("Please fill in all password fields").waitFor();

    // A message stays until what it is about is edited, not until the next submit.
    const tooShort = page.getByText("New password must be at least 8 characters long");
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByText("Please fill in all password fields").waitFor({ state: "detached" });
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await submit.click();
    await tooShort.waitFor();
    await page.getByLabel("Confirm new password").fill("");
    expect(await tooShort.count()).toBe(1);
    await page.getByLabel("New password", { exact: true }).fill("long-enough-1");
    await tooShort.waitFor({ state: "detached" });

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("changed-in-settings-1");
    await page.getByLabel("Confirm new password").fill("changed-in-settings-2");
    await page.getByText("New passwords don't match").waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel("Confirm new password").fill("changed-in-settings-1");
    await expect(submit.isDisabled()).resolves.toBe(false);
    await submit.click();
    await page.getByText("Current password is incorrect").waitFor();
    // The server's message goes the same way.
    await page.getByLabel("Current password").fill("another-guess");
    await page.getByText("Current password is incorrect").waitFor({ state: "detached" });

    await changePassword(page, owner.password, "changed-in-settings-1");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("You have been logged out").waitFor();
    await signIn(page, owner.email, owner.password);
    await page.getByText("Invalid email or password").waitFor();
    await signInOnPage(page, "changed-in-settings-1");
    await changePassword(page, "changed-in-settings-1", owner.password);
    await context.close();
  });
});

describe("admin accessibility", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(Object.entries(VIEWPORTS))("has no serious axe violations on %s", async (_name, viewport) => {
    // bypassCSP lets the test inject axe-core; the pages' own scripts run under the CSP elsewhere.
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    for (const path of ["/admin/login", "/admin/reset-password"]) {
      await page.goto(`${baseUrl}${path}`);
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    await signInOnPage(page);
    for (const path of ["/admin", "/admin/settings?tab=account", "/admin/products"]) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    await context.close();
  });
});
