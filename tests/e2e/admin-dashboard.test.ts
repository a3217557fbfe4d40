import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPath } from "../../app/routes/admin/admin-pages.ts";
import type { AppServer } from "../support/app-server.ts";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { signInAsOwner, startOwnShop } from "./support/owner.ts";
import { expectNoSeriousA11yViolations, waitForHydration } from "./support/storefront.ts";

// The dashboard in the browser, on a shop of its own: orders to make and to hand over,
// an unread message, today's sales in the chart and its table, best sellers, the
// sidebar's counts and a failed email's warning leading to Diagnostics. The shop's
// embedded database is opened by one process at a time, so the server stops while the
// test writes the shop's day into it, as the payment, contact form and mail sender would.

const PHONE = { width: 375, height: 812 };

let server: AppServer;
let browser: Browser;

const ORDER = (number: string, status: string, quantity: number, unitCents: number, fabric: [string, string]) => `
  with o as (
    insert into orders (tenant_id, order_number, status, customer_name, customer_email, shipping_address,
                        subtotal_cents, total_cents, payment_provider, paid_at)
    values ('selvage', '${number}', '${status}', 'Ada Lovelace', 'ada@example.com',
            '{"street":"12 Loom Lane","apartment":"","city":"Boulder","state":"CO","zipCode":"80302","country":"United States"}',
            ${quantity * unitCents}, ${quantity * unitCents}, 'test', now())
    returning id)
  insert into order_items (tenant_id, order_id, product_name, fabric_code, fabric_label, unit_price_cents, quantity, position)
  select 'selvage', id, 'Market Tote', '${fabric[0]}', '${fabric[1]}', ${unitCents}, ${quantity}, 0 from o;`;

beforeAll(async () => {
  server = await startOwnShop();
  const { dataDir } = server;
  await server.stop();
  const database = await PGlite.create(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
  try {
    await database.exec(`
      ${ORDER("VCDASH0001", "new", 2, 4500, ["columbine", "Columbine Floral"])}
      ${ORDER("VCDASH0002", "new", 1, 4500, ["columbine", "Columbine Floral"])}
      ${ORDER("VCDASH0003", "in_progress", 1, 5200, ["canvas", "Waxed Canvas"])}
      ${ORDER("VCDASH0004", "ready_for_pickup", 1, 3800, ["canvas", "Waxed Canvas"])}
      insert into contact_messages (tenant_id, name, email, message)
        values ('selvage', 'Grace Hopper', 'grace@example.com', 'Could you sew a tote in the columbine print?');
      insert into email_outbox (tenant_id, kind, dedupe_key, to_address, subject, html, text, status, attempts, last_error)
        values ('selvage', 'order-confirmation', 'dashboard-failed', 'typo@example.invalid', 'Your order',
                '<p>Thanks</p>', 'Thanks', 'failed', 12, '550 no such user');`);
  } finally {
    await database.close();
  }
  server = await startOwnShop(dataDir);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openDashboard(page: Page) {
  await page.goto(`${server.url}/admin`);
  await waitForHydration(page);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
}

const region = (page: Page, name: string) => page.getByRole("region", { name });
// $90 + $45 + $52 + $38, all paid today.
const TODAY_TOTAL = "$225.00";

describe("the dashboard", () => {
  it("shows the orders to make, ready for pickup, unread messages, sales and best sellers", async () => {
    const { context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop, server.url);
    try {
      await openDashboard(page);
      const attention = region(page, "Orders and messages");
      await attention.getByText("Orders to make: 3").waitFor();
      for (const [name, href] of [
        ["2 New", "/admin/orders?status=new"],
        ["1 In progress", "/admin/orders?status=in_progress"],
        ["1 Ready for pickup", "/admin/orders?status=ready_for_pickup"],
        ["1 Unread messages", "/admin/messages"],
      ] as const) {
        await expect(attention.getByRole("link", { name, exact: true }).getAttribute("href")).resolves.toBe(href);
      }

      const sales = region(page, "Net sales");
      expect(await sales.getByRole("term").allInnerTexts()).toEqual(["This month", "Last 30 days"]);
      expect(await sales.getByRole("definition").allInnerTexts()).toEqual([TODAY_TOTAL, TODAY_TOTAL]);
      const chart = sales.getByRole("img", { name: /^Daily net sales, last 90 days/ });
      await expect(chart.getAttribute("aria-label")).resolves.toContain(`${TODAY_TOTAL} in total`);

      // The same figures as a table, one row per day, behind "Show as table".
      const table = sales.getByRole("table", { name: "Daily net sales, last 90 days, by day" });
      expect(await table.isVisible()).toBe(false);
      await sales.getByText("Show as table").click();
      await table.waitFor();
      expect(await table.getByRole("row").count()).toBe(91);
      const lastRow = table.getByRole("row").last();
      expect((await lastRow.getByRole("cell").innerText()).trim()).toBe(TODAY_TOTAL);
      expect((await table.getByRole("row").nth(1).getByRole("cell").innerText()).trim()).toBe("$0.00");

      const best = region(page, "Best sellers, last 90 days");
      const products = best.getByRole("table", { name: "Products, last 90 days" });
      await expect(products.getByRole("row", { name: /Market Tote/ }).innerText()).resolves.toMatch(
        /Market Tote\s+5\s+\$225\.00/,
      );
      const fabrics = best.getByRole("table", { name: "Fabrics, last 90 days" });
      expect(await fabrics.getByRole("rowheader").allInnerTexts()).toEqual(["Columbine Floral", "Waxed Canvas"]);

      // The sidebar counts what needs attention, and screen readers hear what the number means.
      const nav = page.getByRole("navigation", { name: "Admin" });
      await nav.getByRole("link", { name: "Orders, 2 new", exact: true }).waitFor();
      await nav.getByRole("link", { name: "Messages, 1 unread", exact: true }).waitFor();

      await expectNoSeriousA11yViolations(page);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("warns about a failed email and leads to Diagnostics to retry it", async () => {
    const { context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop, server.url);
    try {
      await openDashboard(page);
      const warning = region(page, "1 email could not be sent");
      await warning.getByText("typo@example.invalid").waitFor();
      await warning.getByText("Error: 550 no such user").waitFor();
      await warning.getByRole("link", { name: "Check the mail settings and retry in Diagnostics" }).click();
      await page.waitForURL(`${server.url}${adminPath("diagnostics")}#diagnostics-emails`);
      const emails = region(page, "Emails");
      await emails.getByRole("button", { name: /Retry email .* to typo@example\.invalid/ }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("fits a 375px phone, with the counts in the menu", async () => {
    const { context, page, consoleErrors } = await signInAsOwner(browser, PHONE, server.url);
    try {
      await openDashboard(page);
      await region(page, "Net sales")
        .getByRole("img", { name: /^Daily net sales/ })
        .waitFor();
      await region(page, "Net sales").getByText("Show as table").click();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Admin menu" });
      await menu.getByRole("link", { name: "Orders, 2 new", exact: true }).waitFor();
      await menu.getByRole("link", { name: "Messages, 1 unread", exact: true }).waitFor();
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
