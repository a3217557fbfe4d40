import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server.ts";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { owner, signInAsOwner, startOwnShop } from "./support/owner.ts";
import { expectNoSeriousA11yViolations, waitForHydration, waitForToast } from "./support/storefront.ts";

// Diagnostics in the browser, on a shop of its own: the test tangles two stores' data,
// which no other browser test may see. The shop's embedded database is opened by one
// process at a time, so the server stops while the test, as the database's owner
// (outside row-level security), files a product under another store's category.

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnShop();
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openDiagnostics(page: Page) {
  await page.goto(`${server.url}/admin/diagnostics`);
  await waitForHydration(page);
  await page.getByRole("heading", { name: "Diagnostics", level: 1 }).waitFor();
}

const card = (page: Page, name: string) => page.getByRole("region", { name });

describe("the Diagnostics page", () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  afterAll(() => context?.close());

  it("runs and shows every card on a new store, and the home page's product check still works", async () => {
    ({ context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop, server.url));
    await openDiagnostics(page);
    for (const name of ["Authentication", "Products", "Emails", "Payments", "Database"]) {
      await card(page, name).getByRole("heading", { name, level: 2 }).waitFor();
    }
    const auth = card(page, "Authentication");
    expect(await auth.getByText(owner.email).count()).toBe(1);
    await auth.getByText("Default (selvage)").waitFor();
    await auth.getByText(/^Protected: row-level security is enabled and forced/).waitFor();
    const securityTable = auth.getByRole("table", { name: "Row-level security of each store table" });
    await securityTable.getByRole("rowheader", { name: "products", exact: true }).waitFor();
    expect(await securityTable.getByRole("cell", { name: "No", exact: true }).count()).toBe(0);

    const products = card(page, "Products");
    await products.getByText(/^No tenant issues/).waitFor();
    expect(await products.getByRole("rowheader", { name: /Bags/ }).count()).toBe(1);
    await card(page, "Emails")
      .getByText(/^No failed emails/)
      .waitFor();
    await card(page, "Payments").getByText("No webhooks received yet").waitFor();
    await card(page, "Database").getByText("PGlite (embedded, in the data folder)").waitFor();
    expect(await page.getByRole("button", { name: /Tenant Issue/ }).count()).toBe(0);

    await page.getByRole("button", { name: "Run Diagnostics" }).click();
    await waitForToast(page, "Diagnostics complete");
    await expectNoSeriousA11yViolations(page);

    // The home page of this empty store checks again on request, with the same server check.
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    await page.goto(server.url);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Check for Products" }).click();
    await waitForToast(page, "Product check complete. Check browser console for details.");
    expect(
      logs.some((line) => /the database holds 0 product\(s\) for this store; the storefront shows 0/.test(line)),
    ).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it("fits a phone", async () => {
    const phone = await signInAsOwner(browser, VIEWPORTS.mobile, server.url);
    try {
      await openDiagnostics(phone.page);
      await card(phone.page, "Authentication").waitFor();
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(phone.page);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it("finds a product filed under another store's category and fixes it", async () => {
    await context.close();
    const { dataDir } = server;
    await server.stop();
    const database = await PGlite.create(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
    let productId: string;
    try {
      await database.exec(`
        insert into tenants (id) values ('rival-store');
        insert into categories (tenant_id, slug, name) values ('rival-store', 'bags', 'Rival Bags');`);
      const inserted = await database.query<{ id: string }>(`
        insert into products (tenant_id, slug, name, description, price_cents, category_id, has_fabric_selection, source)
        select 'selvage', 'misfiled-tote', 'Misfiled Tote', 'A tote filed under the wrong store.', 4500, id, false, 'selvage'
        from categories where tenant_id = 'rival-store' returning id`);
      productId = inserted.rows[0]!.id;
    } finally {
      await database.close();
    }
    server = await startOwnShop(dataDir);
    ({ context, page, consoleErrors } = await signInAsOwner(browser, VIEWPORTS.desktop, server.url));
    await openDiagnostics(page);

    const products = card(page, "Products");
    const issues = products.getByRole("list", { name: "Tenant issues" });
    await issues.getByText(productId).waitFor();
    expect(await issues.getByRole("listitem").first().textContent()).toContain("product category");
    // In the database, but the storefront cannot list a product whose category is another store's.
    await products.getByText(/^1 product is in the database but not on the storefront/).waitFor();
    await products.getByText("rival-store").first().waitFor();
    await expectNoSeriousA11yViolations(page);

    const fix = page.getByRole("button", { name: "Fix 1 Tenant Issue" });
    await fix.click();
    const dialog = page.getByRole("alertdialog", { name: "Fix 1 Tenant Issue?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Fix Issues" }).click();
    await waitForToast(page, "Tenant issues fixed. Running diagnostics again...");
    await products.getByText(/^No tenant issues/).waitFor();
    await fix.waitFor({ state: "detached" });
    await products.getByText("Every product in the database shows on the storefront and can be bought.").waitFor();
    await dialog.waitFor({ state: "detached" });

    // The product is now sold from this store's own Bags.
    await page.goto(`${server.url}/category/bags`);
    await page.getByText("Misfiled Tote").first().waitFor();
    expect(consoleErrors).toEqual([]);
  }, 90_000);
});
