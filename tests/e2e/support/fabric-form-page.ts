import type { Locator, Page } from "playwright-core";
import { newFabricInput, type FabricInput } from "../../../core/fabric.ts";
import { baseUrl, pictureFile, uniqueName, uploadPicture } from "./owner.ts";
import { waitForHydration, waitForToast } from "./storefront.ts";

/**
 * The fabric form as the owner sees it, on its page (/admin/fabrics/new, /admin/fabrics/edit/:id)
 * or in the library's dialog (pass the dialog as `root`), and the library page around it.
 */
export class FabricFormPage {
  readonly page: Page;
  readonly root: Locator;
  constructor(page: Page, root?: Locator) {
    this.page = page;
    this.root = root ?? page.locator("main");
  }

  /** The same form inside the library page's open dialog. */
  inDialog(): FabricFormPage {
    return new FabricFormPage(this.page, this.page.getByRole("dialog"));
  }

  async openNew(): Promise<void> {
    await this.page.goto(`${baseUrl}/admin/fabrics/new`);
    await this.page.getByRole("heading", { name: "Add Fabric", level: 1 }).waitFor();
    await waitForHydration(this.page);
  }

  async openEdit(fabricId: string): Promise<void> {
    await this.page.goto(`${baseUrl}/admin/fabrics/edit/${fabricId}`);
    await this.page.getByRole("heading", { name: "Edit Fabric", level: 1 }).waitFor();
    await waitForHydration(this.page);
  }

  async openLibrary(): Promise<void> {
    await this.page.goto(`${baseUrl}/admin/fabrics`);
    await this.page.getByRole("heading", { name: "Fabric Library", level: 1 }).waitFor();
    await waitForHydration(this.page);
  }

  field(label: string): Locator {
    return this.root.getByLabel(label, { exact: true });
  }

  async fill(values: {
    name?: string;
    code?: string;
    description?: string;
    color?: string;
    customColor?: string;
    price?: string;
    sortOrder?: string;
  }): Promise<void> {
    if (values.name !== undefined) await this.field("Fabric Name *").fill(values.name);
    if (values.code !== undefined) await this.field("Fabric Code *").fill(values.code);
    if (values.description !== undefined) await this.field("Description").fill(values.description);
    if (values.color !== undefined) await this.field("Colour Category *").selectOption({ label: values.color });
    if (values.customColor !== undefined) await this.field("Custom Colour Name").fill(values.customColor);
    if (values.price !== undefined) await this.field("Price Upcharge ($)").fill(values.price);
    if (values.sortOrder !== undefined) await this.field("Sort Order").fill(values.sortOrder);
  }

  generateButton(): Locator {
    return this.root.getByRole("button", { name: "Generate a unique fabric code" });
  }

  stockSwitch(): Locator {
    return this.root.getByRole("switch", { name: "In Stock" });
  }

  imageInput(label: string): Locator {
    return this.root.getByRole("group", { name: label, exact: true });
  }

  /** Uploads a fresh swatch through the file chooser and waits for its preview and notice. */
  async uploadSwatch(label = "Fabric Swatch Image *"): Promise<void> {
    const chooser = this.page.waitForEvent("filechooser");
    await this.imageInput(label)
      .getByRole("button", { name: /Choose a picture/ })
      .click();
    await (await chooser).setFiles(await pictureFile("swatch.png"));
    await this.imageInput(label)
      .getByRole("img", { name: `${label} preview` })
      .waitFor();
    await waitForToast(this.page, "Fabric swatch uploaded successfully");
  }

  async submit(label: "Add Fabric" | "Update Fabric"): Promise<void> {
    await this.root.getByRole("button", { name: label, exact: true }).click();
  }

  /** A fabric's card on the library page, found by its name. */
  card(name: string): Locator {
    return this.page
      .getByRole("list", { name: "Fabrics" })
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  }

  /** The library id of a fabric, read from its card's Edit link (the library page must be open). */
  async fabricId(name: string): Promise<string> {
    const href = await this.card(name)
      .getByRole("link", { name: `Edit ${name}` })
      .getAttribute("href");
    const id = href?.split("/").pop();
    if (!id) throw new Error(`no Edit link for ${name}`);
    return id;
  }
}

export interface CreatedFabric {
  id: string;
  name: string;
  code: string;
  swatchUrl: string;
}

/**
 * Adds a fabric the way the form saves one (the library's action, with the owner's session)
 * and answers its id, read back from the library page.
 */
export async function createFabric(page: Page, overrides: Partial<FabricInput> = {}): Promise<CreatedFabric> {
  await page.goto(`${baseUrl}/admin/fabrics`);
  const name = overrides.name ?? uniqueName("Test Fabric");
  const fabric: FabricInput = {
    ...newFabricInput(0),
    code: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    swatchUrl: overrides.swatchUrl ?? (await uploadPicture(page, "fabric")),
    ...overrides,
    name,
  };
  const status = await page.evaluate(async (body) => {
    const response = await fetch("/admin/fabrics", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "save", fabricId: null, fabric: body }),
      redirect: "manual",
    });
    return response.type === "opaqueredirect" ? 302 : response.status;
  }, fabric);
  if (status !== 302) throw new Error(`creating fabric ${name} answered ${status}`);
  const library = new FabricFormPage(page);
  await library.openLibrary();
  return { id: await library.fabricId(name), name, code: fabric.code, swatchUrl: fabric.swatchUrl };
}

/** Removes a fabric through the library's action; quietly does nothing when it is already gone. */
export async function deleteFabric(page: Page, fabricId: string): Promise<void> {
  await page.evaluate(async (id) => {
    await fetch("/admin/fabrics", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "delete", fabricId: id }),
      redirect: "manual",
    });
  }, fabricId);
}
