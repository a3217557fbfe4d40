import type { Locator, Page } from "playwright-core";
import { pictureFile } from "./owner.ts";
import { waitForHydration, waitForToast } from "./storefront.ts";

/** The product wizard as the owner sees it: its steps, fields and buttons by their labels. */
export class ProductWizardPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async openNew(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/admin/products/new`);
    await this.page.getByRole("heading", { name: "Add New Product" }).waitFor();
    await waitForHydration(this.page);
  }

  stepHeading(name: string): Locator {
    return this.page.getByRole("heading", { name, level: 2 });
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async fillBasics(values: { name: string; category?: string; price: string; description?: string }): Promise<void> {
    await this.field("Product Name *").fill(values.name);
    if (values.category) await this.field("Category *").selectOption({ label: values.category });
    await this.field("Price ($) *").fill(values.price);
    if (values.description !== undefined) await this.field("Description *").fill(values.description);
  }

  async next(): Promise<void> {
    await this.page.getByRole("button", { name: "Next" }).click();
  }

  async previous(): Promise<void> {
    await this.page.getByRole("button", { name: "Previous" }).click();
  }

  /** The picture group named `label` (an image input). */
  imageInput(label: string): Locator {
    return this.page.getByRole("group", { name: label, exact: true });
  }

  /** Chooses a file in the image input named `label`, as a click on "Choose a picture" would. */
  async chooseFile(label: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent("filechooser");
    await this.imageInput(label)
      .getByRole("button", { name: /Choose a picture/ })
      .click();
    await (await chooser).setFiles(file);
  }

  /** Uploads a fresh picture into `label` and waits until its preview shows. */
  async uploadPicture(label: string, toast = "Image uploaded successfully"): Promise<void> {
    await this.chooseFile(label, await pictureFile());
    await this.imageInput(label)
      .getByRole("img", { name: `${label} preview` })
      .waitFor();
    await waitForToast(this.page, toast);
  }

  fabricSwitch(): Locator {
    return this.page.getByRole("switch", { name: "Enable fabric selection for this product" });
  }

  async openAddFabric(tab: "Select from Library" | "Manual Entry"): Promise<void> {
    await this.page.getByRole("tab", { name: "Add Fabric from Catalog" }).click();
    await this.page.getByRole("tab", { name: tab }).click();
  }

  libraryCard(name: string): Locator {
    return this.page
      .getByRole("group", { name: "Library fabrics" })
      .getByRole("button", { name: new RegExp(`^${name}\\b`) });
  }

  selectedFabrics(): Locator {
    return this.page.getByRole("list", { name: "Selected fabrics" }).getByRole("listitem");
  }
}
