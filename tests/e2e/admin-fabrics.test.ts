import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fabricCodeFromName } from "../../core/fabric.ts";
import { FABRIC_CODE_FORMAT_MESSAGE, FABRIC_CODE_RESERVED_MESSAGE } from "../../core/product.ts";
import { DRAFT_RESTORED_MESSAGE } from "../../app/components/admin/use-draft-across-sign-in.ts";
import { launchBrowser, VIEWPORTS } from "./support/browser.ts";
import { createFabric, deleteFabric, FabricFormPage } from "./support/fabric-form-page.ts";
import {
  baseUrl,
  createProduct,
  keepEditing,
  signInAgain,
  signInAsOwner,
  uniqueName,
  uploadPicture,
  type OwnerSession,
} from "./support/owner.ts";
import {
  CART_KEY,
  expectNoSeriousA11yViolations,
  shopperContext,
  waitForHydration,
  waitForToast,
} from "./support/storefront.ts";

// The owner's fabric library in the browser: the library page, its dialog and the fabric
// form, and one stock switch reaching every product that offers the fabric. Each test makes
// its own fabrics and products and removes them (storefront tests share this shop).

let browser: Browser;
let owner: OwnerSession;
const createdFabricIds: string[] = [];
const createdFabricNames: string[] = [];
const createdProducts: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signInAsOwner(browser, VIEWPORTS.desktop);
});

afterAll(async () => {
  // Leftovers of a failed test go too.
  if (owner) {
    for (const name of createdProducts) await deleteProductNamed(owner.page, name);
    const library = new FabricFormPage(owner.page);
    await library.openLibrary();
    for (const name of createdFabricNames) {
      if ((await library.card(name).count()) > 0) createdFabricIds.push(await library.fabricId(name));
    }
    for (const id of createdFabricIds) await deleteFabric(owner.page, id);
    await owner.context.close();
  }
  await browser?.close();
});

/** Deletes a product through the products table's action, if it still exists. */
async function deleteProductNamed(page: Page, name: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/products?q=${encodeURIComponent(name)}`);
  const edit = page.getByRole("link", { name: `Edit ${name}`, exact: true });
  if ((await edit.count()) === 0) return;
  const productId = (await edit.getAttribute("href"))!.split("/").pop()!;
  await page.evaluate(async (id) => {
    const body = new URLSearchParams({ intent: "delete", productId: id });
    await fetch("/admin/products", { method: "POST", body, redirect: "manual" });
  }, productId);
}

/** The current truth about one cart line, as the cart page asks the server for it. */
async function cartLineAvailable(page: Page, line: { productId: string; fabricCode: string }): Promise<boolean> {
  const answer = await page.evaluate(async (body) => {
    const response = await fetch("/api/cart/prices", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [body] }),
    });
    return (await response.json()) as { lines: { available: boolean }[] };
  }, line);
  return answer.lines[0]!.available;
}

describe("fabric form page", () => {
  it("adds a fabric with a generated code and an uploaded swatch; the library shows its card", async () => {
    const { page } = owner;
    const form = new FabricFormPage(page);
    const name = uniqueName("Harbor Linen");
    createdFabricNames.push(name);
    await form.openNew();
    expect(await form.field("Sort Order").inputValue()).toBe("0");
    expect(await form.stockSwitch().isChecked()).toBe(true);

    // The code needs a name first, then follows it until generated.
    await form.generateButton().click();
    await waitForToast(page, "Please enter a fabric name first");
    await form.fill({ name });
    expect(await form.field("Fabric Code *").inputValue()).toBe(fabricCodeFromName(name));
    await form.generateButton().click();
    await waitForToast(page, "Unique fabric code generated");
    const slug = name.toLowerCase().replace(/ /g, "-");
    const code = await form.field("Fabric Code *").inputValue();
    expect(code).toMatch(new RegExp(`^${slug.slice(0, 14)}\\d{6}$`));
    // A generated code stays when the name changes afterwards.
    const finalName = `${name} Wide`;
    createdFabricNames.push(finalName);
    await form.fill({ name: finalName });
    expect(await form.field("Fabric Code *").inputValue()).toBe(code);

    await form.fill({
      description: "A washed linen in sea blue.",
      color: "Teal",
      customColor: "Sea Glass",
      price: "3.5",
    });
    await form.uploadSwatch();
    expect(await form.imageInput("Fabric Swatch Image *").innerText()).toContain("Supports: JPG, PNG, GIF (max 20MB)");
    await form.submit("Add Fabric");
    await page.waitForURL(`${baseUrl}/admin/fabrics`);
    await waitForToast(page, "Fabric added successfully");

    const card = form.card(finalName);
    const text = await card.innerText();
    expect(text).toContain("Sea Glass");
    expect(text).toContain("Teal");
    expect(text).toContain("A washed linen in sea blue.");
    expect(text).toContain("+$3.50 upcharge");
    expect(text).toContain(code);
    expect(text).not.toContain("Out of Stock");
    expect(await card.getByRole("img", { name: `${finalName} swatch` }).getAttribute("src")).toMatch(/^\/uploads\//);

    // Deleting a fabric no product offers says so.
    await card.getByRole("button", { name: `Delete ${finalName}` }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(`Are you sure you want to delete "${finalName}"? This action cannot be undone.`).waitFor();
    expect(await dialog.innerText()).toContain("No product offers this fabric.");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await waitForToast(page, "Fabric deleted successfully");
    await card.waitFor({ state: "detached" });
  });

  it("explains every refusal and saves nothing", async () => {
    const { page } = owner;
    const taken = await createFabric(page);
    createdFabricIds.push(taken.id);
    const form = new FabricFormPage(page);
    await form.openNew();

    await form.submit("Add Fabric");
    await waitForToast(page, "Name, code, and swatch image are required");
    expect(await form.field("Fabric Name *").getAttribute("aria-invalid")).toBe("true");
    expect(await form.field("Fabric Code *").getAttribute("aria-invalid")).toBe("true");
    await form.root.getByText("Name, code, and swatch image are required").first().waitFor();
    // A fabric named Default is offered another code: "default" means no fabric at all.
    await form.fill({ name: "Default" });
    expect(await form.field("Fabric Code *").inputValue()).toBe("default-fabric");

    // A code the store already has: refused by the server, said on the code field.
    const name = uniqueName("Refused Fabric");
    await form.fill({ name, code: taken.code });
    await form.uploadSwatch();
    await form.submit("Add Fabric");
    await waitForToast(page, "Failed to add fabric:");
    expect(await page.locator("[data-sonner-toast]").first().innerText()).toContain(taken.code);
    expect(await form.field("Fabric Code *").getAttribute("aria-invalid")).toBe("true");
    expect(page.url()).toBe(`${baseUrl}/admin/fabrics/new`);

    // The reserved code and one with spaces or markup: refused in the form, on the code field.
    for (const [code, message] of [
      ["default", FABRIC_CODE_RESERVED_MESSAGE],
      ["<b>x</b> y", FABRIC_CODE_FORMAT_MESSAGE],
    ] as const) {
      await form.fill({ code });
      await form.submit("Add Fabric");
      await waitForToast(page, message);
      expect(await form.field("Fabric Code *").getAttribute("aria-invalid")).toBe("true");
      await form.root.getByText(message).waitFor();
    }

    // An upcharge that is not money.
    await form.fill({ code: fabricCodeFromName(name), price: "-2" });
    await form.submit("Add Fabric");
    expect(await form.field("Price Upcharge ($)").getAttribute("aria-invalid")).toBe("true");

    await form.openLibrary();
    expect(await form.card(name).count()).toBe(0);

    // An unknown fabric sends the owner back to the library.
    await page.goto(`${baseUrl}/admin/fabrics/edit/0b6f3d8e-6c1a-4f5e-9a57-1f0c2d9e8b11`);
    await page.waitForURL(`${baseUrl}/admin/fabrics`);
    await waitForToast(page, "Fabric not found");
  });
});

describe("fabric library page", () => {
  it("filters the cards by colour", async () => {
    const { page } = owner;
    const mint = await createFabric(page, { name: uniqueName("Mint Filter"), color: "mint" });
    createdFabricIds.push(mint.id);
    const coral = await createFabric(page, { name: uniqueName("Coral Filter"), color: "coral" });
    createdFabricIds.push(coral.id);
    const library = new FabricFormPage(page);
    await library.openLibrary();
    const filters = page.getByRole("group", { name: "Filter by colour" });
    expect(await filters.getByRole("button", { name: "All", exact: true }).getAttribute("aria-pressed")).toBe("true");

    await filters.getByRole("button", { name: "Mint", exact: true }).click();
    await library.card(coral.name).waitFor({ state: "detached" });
    expect(await library.card(mint.name).count()).toBe(1);
    const badges = await page.getByRole("list", { name: "Fabrics" }).getByRole("listitem").allInnerTexts();
    expect(badges.every((card) => card.includes("Mint"))).toBe(true);

    await filters.getByRole("button", { name: "All", exact: true }).click();
    await library.card(coral.name).waitFor();
    expect(await library.card(mint.name).count()).toBe(1);
  });

  it("adds and edits through the dialog, then edits on the page", async () => {
    const { page } = owner;
    const fabric = await createFabric(page, { description: "", price: "2" });
    createdFabricIds.push(fabric.id);
    const library = new FabricFormPage(page);
    await library.openLibrary();
    expect(await library.card(fabric.name).innerText()).toContain("No description available");

    // Quick add: the dialog's sort order starts at the number of fabrics.
    const count = await page.getByRole("list", { name: "Fabrics" }).getByRole("listitem").count();
    await page.getByRole("button", { name: "Quick add" }).click();
    const dialog = library.inDialog();
    await page.getByRole("dialog").getByRole("heading", { name: "Add Fabric" }).waitFor();
    expect(await dialog.field("Sort Order").inputValue()).toBe(String(count));
    const added = uniqueName("Dialog Denim");
    createdFabricNames.push(added);
    await dialog.fill({ name: added, color: "Blue" });
    await dialog.uploadSwatch();
    await dialog.submit("Add Fabric");
    await waitForToast(page, "Fabric added successfully");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await library.card(added).waitFor();

    // Quick edit: the dialog opens filled in; the card follows the save.
    await library
      .card(fabric.name)
      .getByRole("button", { name: `Quick edit ${fabric.name}` })
      .click();
    expect(await dialog.field("Fabric Name *").inputValue()).toBe(fabric.name);
    expect(await dialog.field("Price Upcharge ($)").inputValue()).toBe("2.00");
    expect(await dialog.generateButton().isDisabled()).toBe(true);
    const renamed = `${fabric.name} Renamed`;
    await dialog.fill({ name: renamed, price: "6.75" });
    await dialog.submit("Update Fabric");
    await waitForToast(page, "Fabric updated successfully");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await library.card(renamed).innerText()).toContain("+$6.75 upcharge");

    // The page: the Edit link opens the same form, filled in.
    await library
      .card(renamed)
      .getByRole("link", { name: `Edit ${renamed}` })
      .click();
    await page.getByRole("heading", { name: "Edit Fabric", level: 1 }).waitFor();
    await waitForHydration(page);
    expect(await library.field("Fabric Name *").inputValue()).toBe(renamed);
    expect(await library.generateButton().isDisabled()).toBe(true);
    await library.fill({ description: "Now with a description." });
    await library.submit("Update Fabric");
    await page.waitForURL(`${baseUrl}/admin/fabrics`);
    await waitForToast(page, "Fabric updated successfully");
    expect(await library.card(renamed).innerText()).toContain("Now with a description.");

    // A link away asks first, and Keep editing keeps what was typed; Cancel leaves without saving.
    await library.openEdit(fabric.id);
    await library.fill({ description: "Not saved." });
    await page.getByRole("link", { name: "Back to Fabric Library" }).click();
    await keepEditing(page, "Your changes to this fabric have not been saved and will be lost.");
    expect(await library.field("Description").inputValue()).toBe("Not saved.");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${baseUrl}/admin/fabrics`);
    expect(await library.card(renamed).innerText()).not.toContain("Not saved.");
  });

  it("keeps what was typed in a dialog or on the page when her session ends before the save", async () => {
    // A session of its own: this one is ended on purpose.
    const { context, page } = await signInAsOwner(browser, VIEWPORTS.desktop);
    try {
      const fabric = await createFabric(page, { price: "2" });
      createdFabricIds.push(fabric.id);
      const library = new FabricFormPage(page);
      const dialog = library.inDialog();

      // Quick edit: signed out meanwhile, the save leads to sign-in; back at the library, the
      // same dialog opens again with what she had typed.
      await library.openLibrary();
      await library
        .card(fabric.name)
        .getByRole("button", { name: `Quick edit ${fabric.name}` })
        .click();
      const renamed = `${fabric.name} Kept`;
      await dialog.fill({ name: renamed, price: "4.25" });
      await context.clearCookies();
      await dialog.submit("Update Fabric");
      await signInAgain(page, "/admin/fabrics");
      await waitForToast(page, DRAFT_RESTORED_MESSAGE);
      await page.getByRole("dialog").getByRole("heading", { name: "Edit Fabric" }).waitFor();
      expect(await dialog.field("Fabric Name *").inputValue()).toBe(renamed);
      expect(await dialog.field("Price Upcharge ($)").inputValue()).toBe("4.25");
      await dialog.submit("Update Fabric");
      await waitForToast(page, "Fabric updated successfully");
      expect(await library.card(renamed).innerText()).toContain("+$4.25 upcharge");

      // The form page: a code of her own stays hers once given back.
      await library.openNew();
      const added = uniqueName("Kept Canvas");
      createdFabricNames.push(added);
      await library.fill({ name: added, color: "Green" });
      const code = `${fabricCodeFromName(added).slice(0, 20).replace(/-+$/, "")}-own`;
      await library.fill({ code });
      await library.uploadSwatch();
      await context.clearCookies();
      await library.submit("Add Fabric");
      await signInAgain(page, "/admin/fabrics/new");
      await waitForToast(page, DRAFT_RESTORED_MESSAGE);
      expect(await library.field("Fabric Name *").inputValue()).toBe(added);
      await library.fill({ name: `${added} Twill` });
      createdFabricNames.push(`${added} Twill`);
      expect(await library.field("Fabric Code *").inputValue()).toBe(code);
      await library.submit("Add Fabric");
      await page.waitForURL(`${baseUrl}/admin/fabrics`);
      await waitForToast(page, "Fabric added successfully");
      expect(await library.card(`${added} Twill`).innerText()).toContain(code);
      // Given back once: the library opens no dialog now, the form opens empty.
      await library.openLibrary();
      expect(await page.getByRole("dialog").count()).toBe(0);
      await library.openNew();
      expect(await library.field("Fabric Name *").inputValue()).toBe("");
    } finally {
      await context.close();
    }
  });

  it("gives focus back to the button that opened a dialog, or to the heading once its card is gone", async () => {
    const { page } = owner;
    const fabric = await createFabric(page);
    createdFabricIds.push(fabric.id);
    const library = new FabricFormPage(page);
    await library.openLibrary();
    const card = library.card(fabric.name);
    const hasFocus = (element: Locator) => element.evaluate((node) => node === document.activeElement);
    const openers = [
      { opener: card.getByRole("button", { name: `Delete ${fabric.name}` }), dialog: page.getByRole("alertdialog") },
      { opener: card.getByRole("button", { name: `Quick edit ${fabric.name}` }), dialog: page.getByRole("dialog") },
    ];
    for (const { opener, dialog } of openers) {
      for (const close of ["Escape", "Cancel"]) {
        await opener.focus();
        await page.keyboard.press("Enter");
        await dialog.waitFor();
        if (close === "Escape") await page.keyboard.press("Escape");
        else await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
        await expect.poll(() => hasFocus(opener), { message: `${close} closing the dialog` }).toBe(true);
      }
    }

    await openers[0]!.opener.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await waitForToast(page, "Fabric deleted successfully");
    await card.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(page.getByRole("heading", { name: "Fabric Library", level: 1 }))).toBe(true);
  });

  it("has no serious accessibility violations on the library, the form and the dialog", async () => {
    const { page } = owner;
    const fabric = await createFabric(page, { inStock: false });
    createdFabricIds.push(fabric.id);
    const library = new FabricFormPage(page);
    await library.openLibrary();
    expect(await library.card(fabric.name).innerText()).toContain("Out of Stock");
    await expectNoSeriousA11yViolations(page);
    await library
      .card(fabric.name)
      .getByRole("button", { name: `Quick edit ${fabric.name}` })
      .click();
    await page.getByRole("dialog").waitFor();
    expect(await library.inDialog().stockSwitch().isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await library.openNew();
    await expectNoSeriousA11yViolations(page);
  });
});

describe("one stock switch, every product", () => {
  it("takes an out-of-stock fabric off both products that offer it and out of the cart, then brings it back", async () => {
    const { page } = owner;
    const fabric = await createFabric(page, { name: uniqueName("Stock Gingham") });
    createdFabricIds.push(fabric.id);
    const option = {
      code: fabric.code,
      label: fabric.name,
      swatchUrl: fabric.swatchUrl,
      upcharge: "0.00",
      imgOverride: [],
      libraryFabricId: fabric.id,
    };
    // One product also offers a fabric of its own; the other offers only the library fabric.
    const manual = {
      code: "own-canvas",
      label: "Own Canvas",
      swatchUrl: await uploadPicture(page, "fabric"),
      upcharge: "0.00",
      imgOverride: [],
      libraryFabricId: null,
    };
    const both = await createProduct(page, {
      name: uniqueName("Stock Tote"),
      hasFabricSelection: true,
      fabrics: [option, manual],
    });
    createdProducts.push(both.name);
    const only = await createProduct(page, {
      name: uniqueName("Stock Pouch"),
      hasFabricSelection: true,
      fabrics: [option],
    });
    createdProducts.push(only.name);

    // The library counts them and links to them.
    const library = new FabricFormPage(page);
    await library.openLibrary();
    await library.card(fabric.name).getByRole("link", { name: "Used by 2 products" }).click();
    await page.getByText(`Showing products that offer the library fabric ${fabric.name}`).waitFor();
    expect(await page.getByRole("cell", { name: both.name, exact: true }).count()).toBe(1);
    expect(await page.getByRole("cell", { name: only.name, exact: true }).count()).toBe(1);
    expect(await page.getByRole("row").count()).toBe(3);

    // A shopper puts the tote in the library fabric into her cart.
    const shopper = await shopperContext(browser, VIEWPORTS.desktop);
    const shop = await shopper.newPage();
    try {
      await shop.goto(`${baseUrl}/product/${both.slug}`);
      await waitForHydration(shop);
      await shop.locator("label", { has: shop.getByRole("radio", { name: fabric.name }) }).click();
      await shop.getByRole("button", { name: "Add to Cart" }).click();
      await waitForToast(shop, "Item added to your cart");
      const [line] = JSON.parse((await shop.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? "[]") as {
        productId: string;
        fabricCode: string;
      }[];
      expect(line?.fabricCode).toBe(fabric.code);
      expect(await cartLineAvailable(shop, line!)).toBe(true);

      // Out of stock on the fabric's page.
      await library.openEdit(fabric.id);
      await library.stockSwitch().click();
      expect(await library.stockSwitch().isChecked()).toBe(false);
      await library.submit("Update Fabric");
      await waitForToast(page, "Fabric updated successfully");
      expect(await library.card(fabric.name).innerText()).toContain("Out of Stock");

      // The tote shows it, not selectable; the pouch, with no fabric left to sell, says it is sold out.
      await shop.goto(`${baseUrl}/product/${both.slug}`);
      await waitForHydration(shop);
      expect(await shop.getByRole("radio", { name: fabric.name }).isDisabled()).toBe(true);
      expect(await shop.getByRole("radio", { name: "Own Canvas" }).isDisabled()).toBe(false);
      await shop.getByText("Out of stock").first().waitFor();
      await shop.goto(`${baseUrl}/product/${only.slug}`);
      await waitForHydration(shop);
      await shop.getByText("This product is currently out of stock in every fabric").waitFor();
      expect(await shop.getByRole("button", { name: "Add to Cart" }).count()).toBe(0);

      // The cart refuses the line: the server prices it as unavailable and the cart page says so.
      expect(await cartLineAvailable(shop, line!)).toBe(false);
      await shop.goto(`${baseUrl}/cart`);
      await waitForHydration(shop);
      await shop
        .getByText(new RegExp(`(no longer available|out of stock).*${both.name}`, "i"))
        .first()
        .waitFor();

      // Back in stock: selectable again, and the cart may hold it.
      await library.openEdit(fabric.id);
      await library.stockSwitch().click();
      await library.submit("Update Fabric");
      await waitForToast(page, "Fabric updated successfully");
      expect(await library.card(fabric.name).innerText()).not.toContain("Out of Stock");
      await shop.goto(`${baseUrl}/product/${both.slug}`);
      await waitForHydration(shop);
      expect(await shop.getByRole("radio", { name: fabric.name }).isDisabled()).toBe(false);
      await shop.goto(`${baseUrl}/product/${only.slug}`);
      await waitForHydration(shop);
      expect(await shop.getByRole("button", { name: "Add to Cart" }).isEnabled()).toBe(true);
      expect(await cartLineAvailable(shop, line!)).toBe(true);
    } finally {
      await shopper.close();
    }

    // Deleting the fabric says how many products offer it, and takes it off them.
    await library.openLibrary();
    await library
      .card(fabric.name)
      .getByRole("button", { name: `Delete ${fabric.name}` })
      .click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(`Are you sure you want to delete "${fabric.name}"? This action cannot be undone.`).waitFor();
    expect(await dialog.innerText()).toContain("2 products offer this fabric; it will be removed from them.");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await waitForToast(page, "Fabric deleted successfully");
    await library.card(fabric.name).waitFor({ state: "detached" });
    await page.goto(`${baseUrl}/product/${both.slug}`);
    await page.getByRole("radio", { name: "Own Canvas" }).waitFor();
    expect(await page.getByRole("radio", { name: fabric.name }).count()).toBe(0);
  });
});
