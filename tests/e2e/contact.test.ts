import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { readInbox, waitForNewMail } from "./support/mail-inbox.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");

const isFocused = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((field) => field === document.activeElement);

/** The message a field's aria-describedby points at. */
const descriptionOf = async (page: Page, label: string) => {
  const id = await page.getByLabel(label).getAttribute("aria-describedby");
  return id ? page.locator(`[id="${id}"]`).innerText() : null;
};

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
    // Focus lands on the first field in error, which is marked invalid and reads its message.
    expect(await isFocused(page, "Email *")).toBe(true);
    expect(await page.getByLabel("Email *").getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(page, "Email *")).toBe("Please enter a valid email address");
    expect(await descriptionOf(page, "Message *")).toBe("Message is required");
    expect(await page.getByLabel("Name *").getAttribute("aria-invalid")).toBeNull();
    await page.close();
  });

  it("works without JavaScript: keeps what was typed with the server's messages, then says it was sent", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const page = await context.newPage();
    const seen = new Set(readInbox(mailDir).map((mail) => mail.file));
    await page.goto(`${baseUrl}/contact`);
    await page.getByLabel("Name *").fill("Ada Lovelace");
    await page.getByLabel("Email *").fill("ada@example.com");
    // A number the browser lets through and the server refuses.
    await page.getByLabel("Phone (optional)").fill("12");
    await page.getByLabel("Message *").fill("A tote without scripts, please.");
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await refused).status()).toBe(400);
    await page.getByText("Please enter a valid phone number").waitFor();
    expect(await page.getByLabel("Name *").inputValue()).toBe("Ada Lovelace");
    expect(await page.getByLabel("Email *").inputValue()).toBe("ada@example.com");
    expect(await page.getByLabel("Phone (optional)").inputValue()).toBe("12");
    expect(await page.getByLabel("Message *").inputValue()).toBe("A tote without scripts, please.");
    expect(await page.getByLabel("Phone (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(page, "Phone (optional)")).toBe("Please enter a valid phone number");
    expect(await isFocused(page, "Phone (optional)")).toBe(true);

    await page.getByLabel("Phone (optional)").fill("");
    const sent = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await sent).status()).toBe(200);
    await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();
    expect(await page.getByLabel("Message *").inputValue()).toBe("");
    const mail = await waitForNewMail(mailDir, seen, (received) => received.subject === "New Contact Form Submission");
    expect(mail.text).toContain("A tote without scripts, please.");
    await context.close();
  });
});
