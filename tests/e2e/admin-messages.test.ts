import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STORE } from "../../server/seed/demo-catalog.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { startMailCatcher, type MailCatcher } from "../support/mail-catcher.ts";
import { collectConsoleErrors, launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { owner, signInAsOwner } from "./support/owner.ts";
import { expectNoSeriousA11yViolations, shopperContext, waitForHydration, waitForToast } from "./support/storefront.ts";

// The owner's messages in the browser, on a shop of its own with its own SMTP peer (so
// what reaches the owner's mailbox is known exactly, and the sidebar's counts of the
// shared shop stay as other tests expect): shoppers write through the Contact page, the
// owner reads, replies and deletes in /admin/messages, and a bot's message is set aside.
// A browser types in milliseconds, so this shop asks for no minimum fill time; the rule
// itself is tested in tests/integration/contact-messages.test.ts.

const PHONE = { width: 375, height: 812 };
const SUBJECT = `Re: Your message to ${DEMO_STORE.name}`;

let server: AppServer;
let mail: MailCatcher;
let browser: Browser;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startAppServer({
    env: {
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      DEMO_DATA: "false",
      SMTP_URL: mail.url,
      CONTACT_MIN_FILL_SECONDS: "0",
    },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

const unique = () => randomBytes(4).toString("hex");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Shopper {
  name: string;
  email: string;
  message: string;
}

function shopper(label: string): Shopper {
  const id = unique();
  return {
    name: `${label} ${id}`,
    email: `${label.toLowerCase()}.${id}@example.com`,
    message: `Could you sew a tote in waxed canvas? (${id})`,
  };
}

/** Fills the contact form as a person does; `honeypot` fills the hidden field only a bot would find. */
async function fillContactForm(page: Page, sender: Shopper, honeypot?: string): Promise<void> {
  await page.getByLabel("Name *").fill(sender.name);
  await page.getByLabel("Email *").fill(sender.email);
  await page.getByLabel("Message *").fill(sender.message);
  // Out of sight and out of reach for a person: only forced, as a bot's script fills every input.
  if (honeypot) await page.locator('input[name="website"]').fill(honeypot, { force: true });
}

async function sendThroughContactPage(page: Page, sender: Shopper, honeypot?: string): Promise<void> {
  await fillContactForm(page, sender, honeypot);
  // The answer to this very post: a toast from the message before may still be on screen.
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/contact.data",
  );
  await page.getByRole("button", { name: "Send Message" }).click();
  expect((await answered).status()).toBe(200);
  await waitForToast(page, "Message sent successfully!");
}

async function openMessages(page: Page, query = ""): Promise<void> {
  await page.goto(`${server.url}/admin/messages${query}`);
  await waitForHydration(page);
  await page.getByRole("heading", { name: "Messages", level: 1 }).waitFor();
}

/** The message's toggle in the list; its name starts with "Unread: " while unread. */
const messageToggle = (page: Page, sender: Shopper) =>
  page.getByRole("button", { name: new RegExp(`^(Unread: )?${escapeRegExp(sender.name)}`) });

async function isAnnouncedUnread(toggle: Locator): Promise<boolean> {
  const name = await toggle.evaluate((button) => button.textContent ?? "");
  return name.startsWith("Unread: ");
}

/** Waits for the inbox's action to answer the next post (mark read, delete …). */
const inboxPost = (page: Page) =>
  page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/admin/messages.data",
  );

describe("the owner's messages", () => {
  it("shows a shopper's message unread, marks it read when opened, replies by mailto and deletes it (on a phone)", async () => {
    const sender = shopper("Grace");
    const shop = await shopperContext(browser, VIEWPORTS.mobile);
    const shopPage = await shop.newPage();
    const shopErrors = collectConsoleErrors(shopPage);
    await shopPage.goto(`${server.url}/contact`);
    await waitForHydration(shopPage);
    await sendThroughContactPage(shopPage, sender);
    await shop.close();
    expect(shopErrors).toEqual([]);

    // The owner is emailed, as before the inbox existed.
    const email = await mail.waitFor((received) => received.text.includes(sender.message));
    expect(email.subject).toBe("New Contact Form Submission");

    const { context, page, consoleErrors } = await signInAsOwner(browser, PHONE, server.url);
    try {
      await openMessages(page);
      const toggle = messageToggle(page, sender);
      await toggle.waitFor();
      expect(await isAnnouncedUnread(toggle)).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      const weight = await toggle
        .locator("span", { hasText: sender.name })
        .last()
        .evaluate((name) => Number(getComputedStyle(name).fontWeight));
      expect(weight).toBeGreaterThanOrEqual(600);

      // Opening it shows it whole and tells the server it was read.
      const read = inboxPost(page);
      await toggle.click();
      expect((await read).status()).toBe(200);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page.getByText(sender.message, { exact: true }).waitFor();
      expect(await isAnnouncedUnread(toggle)).toBe(false);

      // Opened and shown whole at 375 px: nothing wider than the phone, every control in reach of a thumb.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const reply = page.getByRole("link", { name: `Reply by email to ${sender.name}` });
      const remove = page.getByRole("button", { name: `Delete the message from ${sender.name}` });
      for (const control of [toggle, reply, page.getByRole("button", { name: "Mark unread" }), remove]) {
        expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await expectNoSeriousA11yViolations(page);

      // The reply goes to the sender, with the subject filled in.
      expect(await reply.getAttribute("href")).toBe(`mailto:${sender.email}?subject=${encodeURIComponent(SUBJECT)}`);

      // Read stays read.
      await page.reload();
      await waitForHydration(page);
      await toggle.waitFor();
      expect(await isAnnouncedUnread(toggle)).toBe(false);

      // Deleted through the dialog, with a notice; gone for good.
      await toggle.click();
      await remove.click();
      const dialog = page.getByRole("alertdialog", { name: "Delete this message?" });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(sender.email);
      const deleted = inboxPost(page);
      await dialog.getByRole("button", { name: "Delete" }).click();
      expect((await deleted).status()).toBe(200);
      await waitForToast(page, "Message deleted");
      await toggle.waitFor({ state: "detached" });
      await page.reload();
      await waitForHydration(page);
      await page.getByRole("heading", { name: "Messages", level: 1 }).waitFor();
      expect(await messageToggle(page, sender).count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps a message with the honeypot filled out of the inbox and the mailbox, in the Spam view; the owner moves it out and back", async () => {
    const bot = shopper("Bot");
    const person = shopper("Hedy");
    const shop = await shopperContext(browser, VIEWPORTS.desktop);
    const shopPage = await shop.newPage();
    await shopPage.goto(`${server.url}/contact`);
    await waitForHydration(shopPage);
    // The bot is thanked like anyone.
    await sendThroughContactPage(shopPage, bot, "https://cheap-followers.example");
    // A person writes after it: the outbox sends in order, so once hers arrives the bot's would have too.
    await sendThroughContactPage(shopPage, person);
    await shop.close();
    await mail.waitFor((received) => received.text.includes(person.message));
    expect(mail.messages().filter((received) => received.text.includes(bot.message))).toEqual([]);

    const { context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop, server.url);
    try {
      await openMessages(page);
      await messageToggle(page, person).waitFor();
      expect(await messageToggle(page, bot).count()).toBe(0);

      // The Spam view holds it, with the reason it was set aside.
      await page.getByRole("navigation", { name: "Message views" }).getByRole("link", { name: /^Spam/ }).click();
      await page.waitForURL(/view=spam/);
      const caught = messageToggle(page, bot);
      await caught.click();
      await page.getByText("honeypot filled").waitFor();
      expect(await page.getByRole("link", { name: /Reply by email/ }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page);

      // Not spam: into the inbox, unread, and still not emailed.
      const moved = inboxPost(page);
      await page.getByRole("button", { name: "Not spam" }).click();
      expect((await moved).status()).toBe(200);
      await waitForToast(page, "Moved to the inbox");
      await caught.waitFor({ state: "detached" });
      await openMessages(page);
      const inInbox = messageToggle(page, bot);
      await inInbox.waitFor();
      expect(await isAnnouncedUnread(inInbox)).toBe(true);
      expect(mail.messages().filter((received) => received.text.includes(bot.message))).toEqual([]);

      // And back into Spam by the owner's own call.
      await inInbox.click();
      const marked = inboxPost(page);
      await page.getByRole("button", { name: "Mark as spam" }).click();
      expect((await marked).status()).toBe(200);
      await waitForToast(page, "Moved to spam");
      await inInbox.waitFor({ state: "detached" });
      await page.getByRole("navigation", { name: "Message views" }).getByRole("link", { name: /^Spam/ }).click();
      await messageToggle(page, bot).click();
      await page.getByText("Marked as spam by you").waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("takes a message from a browser without JavaScript", async () => {
    const sender = shopper("Ada");
    const shop = await browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const shopPage = await shop.newPage();
    await shopPage.goto(`${server.url}/contact`);
    await fillContactForm(shopPage, sender);
    const posted = shopPage.waitForResponse((response) => response.request().method() === "POST");
    await shopPage.getByRole("button", { name: "Send Message" }).click();
    expect((await posted).status()).toBe(200);
    await shop.close();
    // Not taken for a bot: it reaches the owner's mailbox and inbox.
    await mail.waitFor((received) => received.text.includes(sender.message));

    const { context, page } = await signInAsOwner(browser, VIEWPORTS.desktop, server.url);
    try {
      await openMessages(page);
      expect(await isAnnouncedUnread(messageToggle(page, sender))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
