import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { readInbox, waitForNewMail } from "./support/mail-inbox.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");

describe("contact form", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("sends the message to the owner and says so", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const seen = new Set(readInbox(mailDir).map((mail) => mail.file));
    await page.goto(`${baseUrl}/contact`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByLabel("Name *").fill("Grace Hopper");
    await page.getByLabel("Email *").fill("grace@example.com");
    await page.getByLabel("Message *").fill("Could you make the market tote in a navy canvas?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message sent successfully!").waitFor();
    expect(await page.getByLabel("Name *").inputValue()).toBe("");

    const mail = await waitForNewMail(mailDir, seen, (received) => received.subject === "New Contact Form Submission");
    expect(mail.to).toContain("studio@example.com");
    expect(mail.text).toContain("Could you make the market tote in a navy canvas?");
    expect(mail.text).toContain("grace@example.com");
    await page.close();
  });

  it("explains what is missing, on the server's word, without sending anything", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/contact`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    // Skip the browser's own checks to see the server's answer.
    await page.locator("#contact-form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await page.getByLabel("Name *").fill("Mallory");
    await page.getByLabel("Email *").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await expect(page.getByText("Message is required").isVisible()).resolves.toBe(true);
    await page.close();
  });
});
