import { eq } from "drizzle-orm";
import { DEFAULT_FABRIC_CODE, DEFAULT_FABRIC_LABEL, DEFAULT_TENANT, PRODUCT_SOURCE } from "../../core/constants.ts";
import { ensureOwner } from "../auth/owner.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { categories, fabricLibrary, productFabrics, products, storeSettings, tenants } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { FileStorage } from "../storage/local-storage.ts";
import { DEMO_CATEGORIES, DEMO_FABRICS, DEMO_PRODUCTS, DEMO_STORE } from "./demo-catalog.ts";
import { copyDrawnDemoPictures, drawDemoPictures, type DemoPictures } from "./demo-pictures.ts";

interface SeedDeps {
  /** Bound to the demo store (row-level security). */
  db: Database;
  storage: FileStorage;
  config: Config;
  log: Logger;
}

const DAY_MS = 86_400_000;

/**
 * On first start, fills an empty database with the store: with the demo catalogue,
 * or (DEMO_DATA=false) only its settings and the four categories, ready for the
 * owner's own products. A store that exists is never touched again, so restarts
 * neither re-seed nor duplicate.
 */
export async function ensureDemoStore({ db, storage, config, log }: SeedDeps): Promise<void> {
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, DEFAULT_TENANT));
  if (!existing && !config.DEMO_DATA) {
    if (await insertDemoStore(db, null)) log.info("store created without demo products");
  } else if (!existing) {
    const started = Date.now();
    log.info("first start: creating the demo store and its pictures (this takes a little while)");
    const images = config.DEMO_PICTURES_DIR
      ? await copyDrawnDemoPictures(storage, config.DEMO_PICTURES_DIR)
      : await drawDemoPictures(storage);
    const seeded = await insertDemoStore(db, images);
    if (seeded) log.info({ ms: Date.now() - started, products: DEMO_PRODUCTS.length }, "demo store seeded");
  }
  await ensureOwner(db, { config, log, tenantId: DEFAULT_TENANT, fallbackEmail: DEMO_STORE.email });
}

/** Without images, only the store itself. Answers false when another process seeded it first. */
async function insertDemoStore(db: Database, images: DemoPictures | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(tenants).values({ id: DEFAULT_TENANT }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    const tenantId = DEFAULT_TENANT;

    await tx.insert(storeSettings).values({
      tenantId,
      storeName: DEMO_STORE.name,
      contactEmail: DEMO_STORE.email,
      contactPhone: DEMO_STORE.phone,
      logoUrl: images?.logo ?? null,
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
    if (!images) return true;

    const libraryRows = await tx
      .insert(fabricLibrary)
      .values(
        DEMO_FABRICS.map((item) => ({
          tenantId,
          code: item.code,
          name: item.name,
          description: item.description,
          color: item.color,
          customColor: item.customColor ?? "",
          priceCents: item.priceCents,
          swatchUrl: images.swatches[item.code] ?? "",
          inStock: item.inStock,
          sortOrder: item.sortOrder,
        })),
      )
      .returning({ id: fabricLibrary.id, code: fabricLibrary.code });
    const libraryIds = new Map(libraryRows.map((row) => [row.code, row.id]));

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
          defaultImages: images.productDefaults[product.slug] ?? [],
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
            const overrides = images.fabricOverrides[`${product.slug}:${item.code}`] ?? [];
            return {
              tenantId,
              productId: row.id,
              code: item.code,
              label: item.name,
              swatchUrl: images.swatches[item.code] ?? "",
              upchargeCents: option.upchargeCents ?? item.priceCents,
              imgOverride: overrides,
              inStock: item.inStock,
              // Follows the library unless the product set its own.
              upchargeCustom: option.upchargeCents !== undefined && option.upchargeCents !== item.priceCents,
              imagesCustom: overrides.length > 0,
              sortOrder: index,
              libraryFabricId: libraryIds.get(item.code) ?? null,
            };
          })
        : // Without fabric selection the product still has its one "default" option.
          [
            {
              tenantId,
              productId: row.id,
              code: DEFAULT_FABRIC_CODE,
              label: DEFAULT_FABRIC_LABEL,
              swatchUrl: "",
              upchargeCents: 0,
              imgOverride: [],
              sortOrder: 0,
            },
          ];
      await tx.insert(productFabrics).values(options);
    }
    return true;
  });
}
