import { readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { storeImage } from "../storage/image-processing.ts";
import { createLocalStorage, isSafeStorageKey, type FileStorage } from "../storage/local-storage.ts";
import { DEMO_FABRICS, DEMO_PRODUCTS, defaultFabricCode, demoFabric } from "./demo-catalog.ts";
import { renderLogo, renderProductPicture, renderSwatch } from "./demo-images.ts";

/** The demo store's pictures, as the URLs its rows hold. */
export interface DemoPictures {
  logo: string;
  /** fabric code → swatch */
  swatches: Record<string, string>;
  /** product slug → its three default image slots ("" for an empty one) */
  productDefaults: Record<string, string[]>;
  /** `${slug}:${fabricCode}` → pictures shown while that fabric is chosen */
  fabricOverrides: Record<string, string[]>;
}

/**
 * Draws the demo pictures (decision 002) and stores them through the upload pipeline.
 * Images are files, not rows: they are written before the seed's transaction, and a failed
 * seed leaves only unreferenced files behind. Drawing dominates a first start's time, so
 * pictures are made a few at a time to use every core.
 */
export async function drawDemoPictures(storage: FileStorage): Promise<DemoPictures> {
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
    swatches: Object.fromEntries(swatches),
    productDefaults: Object.fromEntries(productDefaults),
    fabricOverrides: Object.fromEntries(fabricOverrides),
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

// Drawn once, copied many times: a test run starts a dozen shops, and each would spend
// seconds of both cores drawing the same pictures (the names are content hashes, so a
// copy is what drawing would have written).

const MANIFEST = "pictures.json";
const FILES = "files";

const manifestSchema = z.object({
  /** Every storage key written while drawing: the stored pictures and their narrower variants. */
  files: z.array(z.string().refine(isSafeStorageKey, "not a storage key")),
  pictures: z.object({
    logo: z.string(),
    swatches: z.record(z.string(), z.string()),
    productDefaults: z.record(z.string(), z.array(z.string())),
    fabricOverrides: z.record(z.string(), z.array(z.string())),
  }),
});

/** Draws the demo pictures into `dir` for `copyDrawnDemoPictures` (the folder must exist). */
export async function saveDrawnDemoPictures(dir: string): Promise<void> {
  const files = createLocalStorage(path.join(dir, FILES));
  const written: string[] = [];
  const recording: FileStorage = {
    ...files,
    put: (key, data) => {
      written.push(key);
      return files.put(key, data);
    },
  };
  const pictures = await drawDemoPictures(recording);
  const manifest: z.infer<typeof manifestSchema> = { files: written, pictures };
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest));
}

/** Stores the pictures `saveDrawnDemoPictures` drew into `dir`, instead of drawing them again. */
export async function copyDrawnDemoPictures(storage: FileStorage, dir: string): Promise<DemoPictures> {
  const text = await readFile(path.join(dir, MANIFEST), "utf8").catch((error: unknown) => {
    throw new Error(`DEMO_PICTURES_DIR ${dir} holds no drawn demo pictures`, { cause: error });
  });
  const manifest = manifestSchema.parse(JSON.parse(text));
  for (const key of manifest.files) {
    await storage.put(key, await readFile(path.join(dir, FILES, key)));
  }
  return manifest.pictures;
}
