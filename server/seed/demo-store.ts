import { availableParallelism } from "node:os";
import { eq } from "drizzle-orm";
import { DEFAULT_FABRIC_CODE, DEFAULT_FABRIC_LABEL, DEFAULT_TENANT, PRODUCT_SOURCE } from "../../core/constants.ts";
import { ensureOwner } from "../auth/owner.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { categories, fabricLibrary, productFabrics, products, storeSettings, tenants } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { storeImage } from "../storage/image-processing.ts";
import type { FileStorage } from "../storage/local-storage.ts";
import {
  DEMO_CATEGORIES,
  DEMO_FABRICS,
  DEMO_PRODUCTS,
  DEMO_STORE,
  defaultFabricCode,
  demoFabric,
} from "./demo-catalog.ts";
import { renderLogo, renderProductPicture, renderSwatch } from "./demo-images.ts";

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
// failed seed leaves only unreferenced files behind. Rendering dominates the
// seed's time, so pictures are made a few at a time to use every core.
async function renderDemoImages(storage: FileStorage): Promise<DemoImages> {
  const store = async (picture: Promise<Buffer>, folder: string) =>
    (await storeImage(storage, await picture, folder)).url;

  const swatchJobs = DEMO_FABRICS.map(
    (item) => async () => [item.code, await store(renderSwatch(item.look), `fabrics/${item.code}`)] as const,
  );
  const productJobs = DEMO_PRODUCTS.map((product) => async () => {
    const look = demoFabric(defaultFabricCode(product)).look;
    const slots = await Promise.all(
      (["main", "detail", "inside"] as const).map((view) =>
        product.images.includes(view)
          ? store(renderProductPicture(product.shape, look, view), `products/${product.slug}`)
          : "",
      ),
    );
    return [product.slug, slots] as const;
  });
  const overrideJobs = DEMO_PRODUCTS.flatMap((product) =>
    (product.hasFabricSelection ? product.fabrics : [])
      .filter((option) => option.withImages)
      .map((option) => async () => {
        const look = demoFabric(option.code).look;
        const pictures: string[] = [];
        for (const view of product.images) {
          pictures.push(await store(renderProductPicture(product.shape, look, view), `products/${product.slug}`));
        }
        return [`${product.slug}:${option.code}`, pictures] as const;
      }),
  );

  const concurrency = availableParallelism() * 2;
  const [logo, swatches, productDefaults, fabricOverrides] = await Promise.all([
    store(renderLogo(), "store"),
    runLimited(swatchJobs, concurrency),
    runLimited(productJobs, concurrency),
    runLimited(overrideJobs, concurrency),
  ]);
  return {
    logo,
    swatches: new Map(swatches),
    productDefaults: new Map(productDefaults),
    fabricOverrides: new Map(fabricOverrides),
  };
}

/** Runs jobs with at most `limit` in flight; answers their results in job order. */
async function runLimited<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/** Without images, only the store itself. Answers false when another process seeded it first. */
async function insertDemoStore(db: Database, images: DemoImages | null): Promise<boolean> {
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
          swatchUrl: images.swatches.get(item.code) ?? "",
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
            const overrides = images.fabricOverrides.get(`${product.slug}:${item.code}`) ?? [];
            return {
              tenantId,
              productId: row.id,
              code: item.code,
              label: item.name,
              swatchUrl: images.swatches.get(item.code) ?? "",
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
