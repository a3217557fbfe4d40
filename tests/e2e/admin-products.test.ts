import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FABRIC_CODE_FORMAT_MESSAGE, FABRIC_CODE_RESERVED_MESSAGE } from "../../core/product.ts";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import {
  baseUrl,
  createProduct,
  keepEditing,
  leaveQuestion,
  noisyPicture,
  signInAgain,
  signInAsOwner,
  signInOnPage,
  uniqueName,
  type OwnerSession,
} from "./support/owner.ts";
import { DRAFT_RESTORED_MESSAGE } from "../../app/components/admin/use-draft-across-sign-in.ts";
import { ProductWizardPage } from "./support/product-wizard-page.ts";
import { expectNoSeriousA11yViolations, waitForHydration, waitForToast } from "./support/storefront.ts";

// The owner builds her catalogue in the browser; shoppers then see exactly that. Every
// test makes its own products and removes them, so storefront tests never see them.

let browser: Browser;
let owner: OwnerSession;
const created: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signInAsOwner(browser, VIEWPORTS.desktop);
});

afterAll(async () => {
  // Leftovers of a failed test go too: search the list for each and delete it.
  for (const name of created) await deleteFromList(owner.page, name, { ifPresent: true });
  await owner?.context.close();
  await browser?.close();
});

async function openList(page: Page, search = ""): Promise<void> {
  await page.goto(`${baseUrl}/admin/products${search ? `?q=${encodeURIComponent(search)}` : ""}`);
  await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
  await waitForHydration(page);
}

async function deleteFromList(page: Page, name: string, { ifPresent = false } = {}): Promise<void> {
  await openList(page, name);
  const button = page.getByRole("button", { name: `Delete ${name}` });
  if (ifPresent && (await button.count()) === 0) return;
  await button.click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText("Are you sure you want to delete this product?").waitFor();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await waitForToast(page, "Product deleted successfully");
}

describe("product wizard", () => {
  it("creates a product through all three steps with a picture, two library fabrics and one manual fabric; shoppers see it", async () => {
    const { page } = owner;
    const wizard = new ProductWizardPage(page);
    const name = uniqueName("Wizard Tote");
    created.push(name);
    await wizard.openNew(baseUrl);

    // Step 1: the slug follows the name; the description starts from the store's template.
    expect(await wizard.field("Description *").inputValue()).not.toBe("");
    await wizard.fillBasics({ name, category: "Bags", price: "89.50" });
    const slug = await wizard.field("URL Slug *").inputValue();
    expect(slug).toBe(name.toLowerCase().replace(/ /g, "-"));
    await wizard.next();

    // Step 2: one uploaded picture.
    await wizard.stepHeading("Product Images").waitFor();
    await wizard.uploadPicture("Main image *");
    await wizard.next();

    // Step 3: two fabrics from the library (one with a custom upcharge), one typed in.
    await wizard.stepHeading("Fabric Options").waitFor();
    expect(await wizard.fabricSwitch().isChecked()).toBe(true);
    await wizard.openAddFabric("Select from Library");
    await page.getByRole("button", { name: "Navy", exact: true }).click(); // colour filter
    await wizard.libraryCard("Navy Gingham").click();
    await page.getByRole("button", { name: "Add Selected Fabric" }).click();
    await waitForToast(page, "Added Navy Gingham fabric option");
    await page.getByRole("button", { name: "All", exact: true }).click();
    await wizard.libraryCard("Rose Garden Floral").click();
    await wizard.field("Custom upcharge ($)").fill("7.25");
    await page.getByRole("button", { name: "Add Selected Fabric" }).click();
    await waitForToast(page, "Added Rose Garden Floral fabric option");

    await wizard.openAddFabric("Manual Entry");
    await wizard.field("Fabric Code *").fill("sunflower-canvas");
    await wizard.field("Fabric Name *").fill("Sunflower Canvas");
    await wizard.field("Price Upcharge ($)").fill("4");
    await wizard.uploadPicture("Fabric Swatch Image *", "Fabric swatch uploaded successfully");
    await page.getByRole("button", { name: "Add Fabric Option" }).click();
    await waitForToast(page, "Added Sunflower Canvas fabric option");

    await page.getByText("3 Fabric(s) Selected").waitFor();
    await page.getByRole("tab", { name: "View Selected Fabrics (3)" }).click();
    expect(await wizard.selectedFabrics().allInnerTexts()).toEqual([
      expect.stringContaining("Navy Gingham"),
      expect.stringMatching(/Rose Garden Floral[\s\S]*\+\$7\.25 upcharge/),
      expect.stringMatching(/Sunflower Canvas[\s\S]*\+\$4\.00 upcharge/),
    ]);
    await page.getByRole("button", { name: "Create Product" }).click();
    await page.waitForURL(`${baseUrl}/admin/products`);
    await waitForToast(page, "Product created successfully");
    await page.getByRole("cell", { name, exact: true }).waitFor();

    // The shopper's product page: price, fabrics and their upcharges.
    await page.goto(`${baseUrl}/product/${slug}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.getByText("$89.50").first().isVisible()).toBe(true);
    for (const fabric of ["Navy Gingham", "Rose Garden Floral", "Sunflower Canvas"]) {
      expect(await page.getByRole("radio", { name: fabric }).count()).toBe(1);
    }
    expect(await page.getByText("+$7.25").isVisible()).toBe(true);
    expect(await page.getByText("+$4.00").isVisible()).toBe(true);
    // The category page (its list streams in) and search list it.
    await page.goto(`${baseUrl}/category/bags`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .waitFor();
    await page.goto(`${baseUrl}/search?q=${encodeURIComponent(name)}`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .waitFor();
    // The newest product leads the home page, and the sitemap names it.
    await page.goto(`${baseUrl}/`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .waitFor();
    expect(await (await page.request.get(`${baseUrl}/sitemap.xml`)).text()).toContain(`/product/${slug}`);

    await deleteFromList(page, name);
    expect(await (await page.request.get(`${baseUrl}/sitemap.xml`)).text()).not.toContain(`/product/${slug}`);
  });

  it("saves in two steps with fabric selection off, and the product sells without a fabric choice", async () => {
    const { page } = owner;
    const wizard = new ProductWizardPage(page);
    const name = uniqueName("Plain Pouch");
    created.push(name);
    await wizard.openNew(baseUrl);
    await wizard.fillBasics({ name, category: "Wallets", price: "24" });
    await wizard.next();
    await wizard.uploadPicture("Main image *");
    await wizard.next();
    await wizard.fabricSwitch().click();
    // Back on step 2, now the last one: the switch and its notice stay within reach.
    await wizard.stepHeading("Product Images").waitFor();
    await page.getByText("a default fabric option will be created automatically").waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: "Fabric Options" }).count()).toBe(0);
    await page.getByRole("button", { name: "Create Product" }).click();
    await waitForToast(page, "Product created successfully");

    const slug = name.toLowerCase().replace(/ /g, "-");
    await page.goto(`${baseUrl}/product/${slug}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.getByRole("radio").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Add to Cart" }).isEnabled()).toBe(true);
    await deleteFromList(page, name);
  });

  it("asks before leaving a product with unsaved changes, and lets an untouched one go", async () => {
    const { page } = owner;
    const wizard = new ProductWizardPage(page);
    const addProduct = async () => {
      await page.getByRole("link", { name: "Add Product" }).first().click();
      await page.getByRole("heading", { name: "Add New Product" }).waitFor();
    };
    await openList(page);
    // Untouched: nothing to lose, nothing asked.
    await addProduct();
    await page.getByRole("link", { name: "Back to products" }).click();
    await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();

    await addProduct();
    const name = uniqueName("Unsaved Tote");
    await wizard.field("Product Name *").fill(name);
    await page.getByRole("link", { name: "Back to products" }).click();
    await keepEditing(page, "This product has not been created yet: what you entered will be lost.");
    expect(await wizard.field("Product Name *").inputValue()).toBe(name);
    expect(new URL(page.url()).pathname).toBe("/admin/products/new");

    // The browser's Back asks too; leaving then goes where Back goes.
    await page.goBack();
    await leaveQuestion(page).getByRole("button", { name: "Leave" }).click();
    await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/products");
  });

  it("keeps what was typed when her session ends before the save, and gives it back once she has signed in", async () => {
    // A session of its own: this one is ended on purpose.
    const { context, page } = await signInAsOwner(browser, VIEWPORTS.desktop);
    try {
      const wizard = new ProductWizardPage(page);
      const name = uniqueName("Signed Out Tote");
      created.push(name);
      await wizard.openNew(baseUrl);
      await wizard.fillBasics({ name, category: "Wallets", price: "23.50" });
      const slug = `${await wizard.field("URL Slug *").inputValue()}-own`;
      await wizard.field("URL Slug *").fill(slug);
      await wizard.next();
      await wizard.uploadPicture("Main image *");
      await wizard.next();
      await wizard.fabricSwitch().click();
      // Signed out meanwhile (on another device, or the session ran out): the save leads to sign-in.
      await context.clearCookies();
      await page.getByRole("button", { name: "Create Product" }).click();
      await signInAgain(page, "/admin/products/new");

      // Back at the wizard, on the step she saved from, with what she had typed and chosen.
      await waitForToast(page, DRAFT_RESTORED_MESSAGE);
      await wizard.stepHeading("Product Images").waitFor();
      await wizard.imageInput("Main image *").getByRole("img", { name: "Main image * preview" }).waitFor();
      expect(await wizard.fabricSwitch().getAttribute("aria-checked")).toBe("false");
      await wizard.previous();
      expect(await wizard.field("Product Name *").inputValue()).toBe(name);
      expect(await wizard.field("Price ($) *").inputValue()).toBe("23.50");
      // Her own slug stays hers: a change to the name does not take it back.
      const renamed = `${name} II`;
      created.push(renamed);
      await wizard.field("Product Name *").fill(renamed);
      expect(await wizard.field("URL Slug *").inputValue()).toBe(slug);
      await wizard.next();
      await wizard.stepHeading("Product Images").waitFor();
      await page.getByRole("button", { name: "Create Product" }).click();
      await waitForToast(page, "Product created successfully");
      // Given back once: the wizard opened again starts empty.
      await wizard.openNew(baseUrl);
      expect(await wizard.field("Product Name *").inputValue()).toBe("");

      // Signing out herself, past "Leave without saving?", keeps nothing.
      await wizard.field("Product Name *").fill(uniqueName("Dropped Tote"));
      await page.getByRole("button", { name: "Logout" }).click();
      await leaveQuestion(page).getByRole("button", { name: "Leave" }).click();
      await page.waitForURL(`${baseUrl}/admin/login`);
      await signInOnPage(page);
      await wizard.openNew(baseUrl);
      expect(await wizard.field("Product Name *").inputValue()).toBe("");
    } finally {
      await context.close();
    }
  });

  it("explains every refusal of the wizard and moves on only when the step is right", async () => {
    const { page } = owner;
    const wizard = new ProductWizardPage(page);
    await wizard.openNew(baseUrl);

    await wizard.field("Description *").fill("");
    await wizard.next();
    await waitForToast(page, "Please fill in all required fields");
    expect(await wizard.field("Product Name *").getAttribute("aria-invalid")).toBe("true");

    // A slug another product has.
    await wizard.fillBasics({
      name: "Larimer Top Handle Purse",
      price: "10",
      description: "Long enough description here.",
    });
    await wizard.next();
    await waitForToast(page, "A product with this slug already exists");
    await wizard.stepHeading("Basic Information").waitFor();
    await page.getByText("A product with this slug already exists").first().waitFor();

    await wizard.fillBasics({ name: uniqueName("Refusal Test"), price: "0" });
    await wizard.next();
    await waitForToast(page, "Price must be at least $0.01");

    await wizard.fillBasics({ name: uniqueName("Refusal Test"), price: "10" });
    await wizard.next();
    await wizard.stepHeading("Product Images").waitFor();
    await wizard.next();
    await waitForToast(page, "Please provide at least one product image");

    await wizard.uploadPicture("Main image *");
    await wizard.next();
    await wizard.openAddFabric("Manual Entry");
    await page.getByRole("button", { name: "Add Fabric Option" }).click();
    await waitForToast(page, "Please fill in all required fabric fields");
    // The reserved code and one with spaces or markup: refused on the code field, nothing added.
    await wizard.field("Fabric Name *").fill("House Canvas");
    await wizard.uploadPicture("Fabric Swatch Image *", "Fabric swatch uploaded successfully");
    for (const [code, message] of [
      ["default", FABRIC_CODE_RESERVED_MESSAGE],
      ["house canvas/<b>", FABRIC_CODE_FORMAT_MESSAGE],
    ] as const) {
      await wizard.field("Fabric Code *").fill(code);
      await page.getByRole("button", { name: "Add Fabric Option" }).click();
      await waitForToast(page, message);
      expect(await wizard.field("Fabric Code *").getAttribute("aria-invalid")).toBe("true");
      await page.locator("main").getByText(message).waitFor();
    }
    await page.getByText("0 Fabric(s) Selected").waitFor();
    await wizard.openAddFabric("Select from Library");
    await page.getByRole("button", { name: "Add Selected Fabric" }).click();
    await waitForToast(page, "Please select a fabric from the library");
    await wizard.libraryCard("Highland Plaid").click();
    await page.getByRole("button", { name: "Add Selected Fabric" }).click();
    await waitForToast(page, "Added Highland Plaid fabric option");
    await wizard.libraryCard("Highland Plaid").click();
    await page.getByRole("button", { name: "Add Selected Fabric" }).click();
    await waitForToast(page, "Fabric with code highland-plaid already exists");

    await page.getByRole("tab", { name: "View Selected Fabrics (1)" }).click();
    await page.getByRole("button", { name: "Remove Highland Plaid" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog
      .getByText('Are you sure you want to remove "Highland Plaid" from this product? This action cannot be undone.')
      .waitFor();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await page.getByText("0 Fabric(s) Selected").waitFor();
    // Nothing was saved along the way.
    await openList(page, "Refusal Test");
    await page.getByText(/No products match/).waitFor();
  });

  it("refuses a file that is not a picture and a file over 20 MB, with the spec's messages", async () => {
    const { page } = owner;
    const wizard = new ProductWizardPage(page);
    await wizard.openNew(baseUrl);
    await wizard.fillBasics({ name: uniqueName("Upload Refusal"), price: "10" });
    await wizard.next();
    await wizard.chooseFile("Main image *", {
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
    });
    await waitForToast(page, "File notes.png is not an image.");
    // The next notice reuses the one toast: let this one finish leaving first, so the second
    // is a toast of its own rather than an update to one on its way out.
    await page.locator("[data-sonner-toast]").waitFor({ state: "detached" });
    const big = Buffer.alloc(21 * 1024 * 1024);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    await wizard.chooseFile("Main image *", { name: "huge.png", mimeType: "image/png", buffer: big });
    await waitForToast(page, "File huge.png exceeds 20MB size limit.");
    expect(await wizard.imageInput("Main image *").getByRole("img").count()).toBe(0);
  });

  it("shows the upload progress bar moving on a large picture, then clears it", async () => {
    const { page, context } = owner;
    const wizard = new ProductWizardPage(page);
    await wizard.openNew(baseUrl);
    await wizard.fillBasics({ name: uniqueName("Progress"), price: "10" });
    await wizard.next();
    // Slow the upload so its progress is seen in steps.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const value = document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
        if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await wizard.chooseFile("Main image *", await noisyPicture(1400, 1000));
    await wizard.imageInput("Main image *").getByRole("img", { name: "Main image * preview" }).waitFor();
    await page.getByRole("progressbar").waitFor({ state: "detached" });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    const between = seen.filter((value) => value > 0 && value < 100);
    expect(between.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(100);
  });

  it("has no serious accessibility violations on the list and each wizard step", async () => {
    const { page } = owner;
    await openList(page);
    await expectNoSeriousA11yViolations(page);
    const wizard = new ProductWizardPage(page);
    await wizard.openNew(baseUrl);
    await expectNoSeriousA11yViolations(page);
    await wizard.fillBasics({ name: uniqueName("Accessible"), price: "10" });
    await wizard.next();
    await wizard.uploadPicture("Main image *");
    await expectNoSeriousA11yViolations(page);
    await wizard.next();
    await wizard.openAddFabric("Select from Library");
    await expectNoSeriousA11yViolations(page);
  });
});

describe("products table", () => {
  it("edits a product, then deletes it through the dialog; the shop follows", async () => {
    const { page } = owner;
    const { name, slug } = await createProduct(page);
    created.push(name);
    await openList(page, name);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const wizard = new ProductWizardPage(page);
    await page.getByRole("heading", { name: "Edit Product" }).waitFor();
    await waitForHydration(page);
    expect(await wizard.field("Price ($) *").inputValue()).toBe("42.00");
    await wizard.field("Price ($) *").fill("55.25");
    // A new address: the old one will lead to it, and the field says so.
    const renamed = `${slug}-renamed`;
    await wizard.field("URL Slug *").fill(renamed);
    await page
      .getByText(`Shoppers find it at /product/${renamed}; its old address, /product/${slug}, will lead here.`)
      .waitFor();
    await wizard.next();
    await wizard.stepHeading("Product Images").waitFor();
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");
    await page.getByRole("cell", { name: "$55.25" }).waitFor();

    await page.goto(`${baseUrl}/product/${slug}`);
    expect(page.url()).toBe(`${baseUrl}/product/${renamed}`);
    await page.getByText("$55.25").first().waitFor();

    await deleteFromList(page, name);
    await page.getByText(/No products match/).waitFor();
    for (const gone of [slug, renamed]) {
      const response = await page.goto(`${baseUrl}/product/${gone}`);
      expect(response?.status()).toBe(404);
    }
  });

  it("says so when an edited product no longer exists", async () => {
    const { page } = owner;
    await page.goto(`${baseUrl}/admin/products/edit/0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11`);
    await page.waitForURL(`${baseUrl}/admin/products`);
    await waitForToast(page, "Product not found");
  });
});

describe("on a phone", () => {
  it("the list fits the screen, the wizard's buttons stay reachable while notices show, and the menu steps aside for Leave without saving", async () => {
    const phone = await signInAsOwner(browser, VIEWPORTS.mobile);
    const { page } = phone;
    try {
      await openList(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.mobile.width,
      );
      const wizard = new ProductWizardPage(page);
      const name = uniqueName("Phone Pouch");
      created.push(name);
      await wizard.openNew(baseUrl);
      await wizard.fillBasics({ name, category: "Wallets", price: "19.99" });
      await wizard.next();
      await wizard.uploadPicture("Main image *");
      // The upload's notice is on screen; Next must not be covered by it.
      await wizard.next();
      await wizard.stepHeading("Fabric Options").waitFor();
      await wizard.fabricSwitch().click();

      // Signing out or going to the store from the menu asks first; Keep editing returns to
      // the wizard, with the menu closed.
      const menu = page.getByRole("dialog", { name: "Admin menu" });
      for (const choice of [{ name: "View Store" }, { name: "Logout" }]) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await menu.getByRole(choice.name === "Logout" ? "button" : "link", choice).click();
        await keepEditing(page);
        await menu.waitFor({ state: "detached" });
        expect(new URL(page.url()).pathname, choice.name).toBe("/admin/products/new");
      }
      await page.getByRole("button", { name: "Create Product" }).click();
      await waitForToast(page, "Product created successfully");
      await deleteFromList(page, name);
    } finally {
      await phone.context.close();
    }
  });
});
