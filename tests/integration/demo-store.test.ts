import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import { responsiveImage } from "../../core/images.ts";
import { loadConfig } from "../../server/config.ts";
import { listProducts } from "../../server/catalog/product-catalog.ts";
import {
  accounts,
  categories,
  fabricLibrary,
  productFabrics,
  products,
  storeMembers,
  storeSettings,
  users,
} from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { ensureDemoStore } from "../../server/seed/demo-store.ts";
import { createLocalStorage } from "../../server/storage/local-storage.ts";
import { createTestDatabase, ENGINES, type Engine, type TestDatabase } from "../support/test-database.ts";

// The embedded run draws the pictures, as a first start does. Drawing is the same on either
// engine, so the server's run takes the pictures `npm test` drew once for the whole run
// (scripts/test-fixtures.ts), as every test shop does, where there are some.
const drawnPictures = (engine: Engine) =>
  engine === "postgres" && process.env.DEMO_PICTURES_DIR ? { DEMO_PICTURES_DIR: process.env.DEMO_PICTURES_DIR } : {};

describe.each(ENGINES)("demo store on %s", (engine) => {
  let database: TestDatabase;
  const dataDir = mkdtempSync(path.join(tmpdir(), "selvage-seed-"));
  const storage = createLocalStorage(path.join(dataDir, "uploads"));
  const log = createLogger("silent");
  const seed = (env: Record<string, string> = {}) =>
    ensureDemoStore({
      db: database.db,
      storage,
      log,
      config: loadConfig({ DATA_DIR: dataDir, ...drawnPictures(engine), ...env }),
    });
  const rows = async (table: typeof products | typeof categories | typeof fabricLibrary | typeof productFabrics) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;
  let printed = "";

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      printed += String(chunk);
      return true;
    });
    try {
      await seed();
    } finally {
      write.mockRestore();
    }
  });
  afterAll(() => database?.dispose());

  it("creates the store with its settings and the four categories", async () => {
    const [settings] = await database.db.select().from(storeSettings).where(eq(storeSettings.tenantId, DEFAULT_TENANT));
    expect(settings).toMatchObject({
      storeName: "Selvage Handmade",
      contactEmail: "studio@example.com",
      contactPhone: "(303) 555-0142",
      primaryColor: "#D4AF37",
      textColor: "#1F1E1D",
      bgColor: "#FDFCF7",
    });
    const slugs = await database.db.select({ slug: categories.slug, name: categories.name }).from(categories);
    expect(slugs.map((c) => c.slug).sort()).toEqual(["bags", "other-products", "purses", "wallets"]);
    expect(slugs.find((c) => c.slug === "other-products")?.name).toBe("Other Products");
  });

  it("fills the catalogue as a real shop would look", async () => {
    const catalogue = await listProducts({ db: database.db, tenantId: DEFAULT_TENANT });
    expect(catalogue.length).toBeGreaterThanOrEqual(12);
    expect(new Set(catalogue.map((p) => p.categorySlug)).size).toBe(4);
    const withSelection = catalogue.filter((p) => p.hasFabricSelection);
    expect(catalogue.some((p) => !p.hasFabricSelection)).toBe(true);
    expect(withSelection.length).toBeGreaterThan(catalogue.length / 2);
    for (const product of withSelection) expect(product.fabrics.length).toBeGreaterThanOrEqual(2);
    expect(withSelection.some((p) => p.fabrics.some((f) => f.upchargeCents > 0))).toBe(true);
    expect(withSelection.some((p) => p.fabrics.some((f) => f.imgOverride.length > 0))).toBe(true);

    const library = await database.db.select().from(fabricLibrary);
    expect(library.length).toBeGreaterThanOrEqual(10);
    expect(new Set(library.map((f) => f.color)).size).toBeGreaterThanOrEqual(5);
  });

  it("stores every picture it refers to, with its responsive variants", async () => {
    const catalogue = await listProducts({ db: database.db, tenantId: DEFAULT_TENANT });
    const urls = catalogue.flatMap((p) => [
      ...p.defaultImages.filter(Boolean),
      ...p.fabrics.flatMap((f) => [f.swatchUrl, ...f.imgOverride].filter(Boolean)),
    ]);
    expect(urls.length).toBeGreaterThan(catalogue.length);
    for (const url of urls) {
      const { srcSet } = responsiveImage(url);
      expect(srcSet, url).toBeDefined();
      for (const candidate of srcSet!.split(", ")) {
        const file = path.join(storage.root, candidate.split(" ")[0]!.replace("/uploads/", ""));
        expect(existsSync(file), file).toBe(true);
      }
    }
  });

  it("creates the owner with a generated password, printed once", async () => {
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(password).toBeDefined();
    const [owner] = await database.db
      .select({ id: users.id, hash: accounts.password })
      .from(users)
      .innerJoin(accounts, eq(accounts.userId, users.id))
      .where(eq(users.email, "studio@example.com"));
    expect(owner?.hash).not.toContain(password);
    expect(await verifyPassword({ hash: owner!.hash!, password: password! })).toBe(true);
    const [member] = await database.db.select().from(storeMembers).where(eq(storeMembers.userId, owner!.id));
    expect(member).toMatchObject({ tenantId: DEFAULT_TENANT, role: "owner" });
  });

  it("never seeds twice", async () => {
    const before = await Promise.all([rows(products), rows(categories), rows(fabricLibrary), rows(productFabrics)]);
    await seed({ ADMIN_EMAIL: "someone-else@example.com", ADMIN_PASSWORD: "another-password" });
    const after = await Promise.all([rows(products), rows(categories), rows(fabricLibrary), rows(productFabrics)]);
    expect(after).toEqual(before);
    expect(await database.db.select().from(users).where(eq(users.email, "someone-else@example.com"))).toEqual([]);
  });
});
