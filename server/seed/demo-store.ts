import { eq } from "drizzle-orm";
import { DEFAULT_TENANT, PRODUCT_SOURCE } from "../../core/constants.ts";
import { ensureOwner } from "../auth/owner.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { categories, fabricLibrary, productFabrics, products, storeSettings, tenants } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { storeImage } from "../storage/images.ts";
import type { FileStorage } from "../storage/local-storage.ts";
import { DEMO_CATEGORIES, DEMO_FABRICS, DEMO_PRODUCTS, DEMO_STORE, type DemoFabric } from "./demo-catalog.ts";
import { renderLogo, renderProductPicture, renderSwatch } from "./demo-images.ts";

interface SeedDeps {
  db: Database;
  storage: FileStorage;
  config: Config;
  log: Logger;
}

const DAY_MS = 86_400_000;

/**
 * On first start, fills an empty database with the demo store. A store that
 * exists is never touched again, so restarts neither re-seed nor duplicate.
 */
export async function ensureDemoStore({ db, storage, config, log }: SeedDeps): Promise<void> {
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, DEFAULT_TENANT));
  if (!existing) {
    const started = Date.now();
    const images = await renderDemoImages(storage);
    const seeded = await insertDemoStore(db, images);
    if (seeded) log.info({ ms: Date.now() - started, products: DEMO_PRODUCTS.length }, "demo store seeded");
  }
  await ensureOwner(db, { config, log, tenantId: DEFAULT_TENANT, fallbackEmail: DEMO_STORE.email });
}

interface DemoImages {
  logo: string;
  swatches: Map<string, string>;
  /** product slug → its three default image slots */
  productDefaults: Map<string, string[]>;
  /** `${slug}:${fabricCode}` → images shown while that fabric is chosen */
  fabricOverrides: Map<string, string[]>;
}

// Images are files, not rows: they are written before the transaction, and a
// failed seed leaves only unreferenced files behind.
async function renderDemoImages(storage: FileStorage): Promise<DemoImages> {
  const fabricsByCode = new Map(DEMO_FABRICS.map((fabric) => [fabric.code, fabric]));
  const fabric = (code: string): DemoFabric => {
    const found = fabricsByCode.get(code);
    if (!found) throw new Error(`Demo product refers to unknown fabric ${code}`);
    return found;
  };

  const logo = (await storeImage(storage, await renderLogo(), "store")).url;
  const swatches = new Map<string, string>();
  for (const item of DEMO_FABRICS) {
    swatches.set(item.code, (await storeImage(storage, await renderSwatch(item.look), `fabrics/${item.code}`)).url);
  }

  const productDefaults = new Map<string, string[]>();
  const fabricOverrides = new Map<string, string[]>();
  for (const product of DEMO_PRODUCTS) {
    const mainFabricCode = product.hasFabricSelection ? product.fabrics[0]?.code : product.fixedFabric;
    if (!mainFabricCode) throw new Error(`Demo product ${product.slug} has no fabric to picture`);
    const slots: string[] = [];
    for (const view of ["main", "detail", "inside"] as const) {
      if (!product.images.includes(view)) {
        slots.push("");
        continue;
      }
      const picture = await renderProductPicture(product.shape, fabric(mainFabricCode).look, view);
      slots.push((await storeImage(storage, picture, `products/${product.slug}`)).url);
    }
    productDefaults.set(product.slug, slots);

    for (const option of product.hasFabricSelection ? product.fabrics : []) {
      if (!option.withImages || option.code === mainFabricCode) continue;
      const override: string[] = [];
      for (const view of product.images) {
        const picture = await renderProductPicture(product.shape, fabric(option.code).look, view);
        override.push((await storeImage(storage, picture, `products/${product.slug}`)).url);
      }
      fabricOverrides.set(`${product.slug}:${option.code}`, override);
    }
  }
  return { logo, swatches, productDefaults, fabricOverrides };
}

/** Answers false when another process seeded the store first. */
async function insertDemoStore(db: Database, images: DemoImages): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(tenants).values({ id: DEFAULT_TENANT }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    const tenantId = DEFAULT_TENANT;

    await tx.insert(storeSettings).values({
      tenantId,
      storeName: DEMO_STORE.name,
      contactEmail: DEMO_STORE.email,
      contactPhone: DEMO_STORE.phone,
      logoUrl: images.logo,
      primaryColor: DEMO_STORE.primaryColor,
      textColor: DEMO_STORE.textColor,
      bgColor: DEMO_STORE.bgColor,
      defaultProductDescription: DEMO_STORE.defaultProductDescription,
    });

    const categoryRows = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((category, index) => ({ tenantId, ...category, sortOrder: index })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

    await tx.insert(fabricLibrary).values(
      DEMO_FABRICS.map((item) => ({
        tenantId,
        code: item.code,
        name: item.name,
        description: item.description,
        color: item.color,
        customColor: item.customColor ?? "",
        priceCents: item.priceCents,
        swatchUrl: images.swatches.get(item.code) ?? "",
        inStock: item.inStock,
        sortOrder: item.sortOrder,
      })),
    );

    const fabricsByCode = new Map(DEMO_FABRICS.map((item) => [item.code, item]));
    const now = Date.now();
    for (const product of DEMO_PRODUCTS) {
      const categoryId = categoryIds.get(product.categorySlug);
      if (!categoryId) throw new Error(`Demo product ${product.slug} has unknown category ${product.categorySlug}`);
      const createdAt = new Date(now - product.createdDaysAgo * DAY_MS);
      const [row] = await tx
        .insert(products)
        .values({
          tenantId,
          slug: product.slug,
          name: product.name,
          description: product.description,
          priceCents: product.priceCents,
          categoryId,
          hasFabricSelection: product.hasFabricSelection,
          defaultImages: images.productDefaults.get(product.slug) ?? [],
          source: PRODUCT_SOURCE,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: products.id });
      if (!row) throw new Error(`Could not insert demo product ${product.slug}`);

      const options = product.hasFabricSelection
        ? product.fabrics.map((option, index) => {
            const item = fabricsByCode.get(option.code);
            if (!item) throw new Error(`Demo product ${product.slug} refers to unknown fabric ${option.code}`);
            return {
              tenantId,
              productId: row.id,
              code: item.code,
              label: item.name,
              swatchUrl: images.swatches.get(item.code) ?? "",
              upchargeCents: option.upchargeCents ?? item.priceCents,
              imgOverride: images.fabricOverrides.get(`${product.slug}:${item.code}`) ?? [],
              sortOrder: index,
            };
          })
        : // Without fabric selection the product still has its one "default" option.
          [{ tenantId, productId: row.id, code: "default", label: "Default", swatchUrl: "", upchargeCents: 0, imgOverride: [], sortOrder: 0 }];
      await tx.insert(productFabrics).values(options);
    }
    return true;
  });
}
