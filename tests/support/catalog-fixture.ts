import type { Database } from "../../server/db/client.ts";
import { categories, productFabrics, products, storeSettings, tenants } from "../../server/db/schema.ts";

export const FIXTURE_TENANT = "selvage";

/** A small store: a tote with three fabrics (one with an upcharge) and a wallet without fabric choice. */
export async function createCatalogFixture(db: Database) {
  await db.insert(tenants).values({ id: FIXTURE_TENANT }).onConflictDoNothing();
  await db
    .insert(storeSettings)
    .values({
      tenantId: FIXTURE_TENANT,
      storeName: "Selvage Handmade",
      contactEmail: "studio@example.com",
      contactPhone: "(303) 555-0142",
    })
    .onConflictDoNothing();
  const [bags] = await db
    .insert(categories)
    .values({ tenantId: FIXTURE_TENANT, slug: `bags-${Math.random().toString(36).slice(2, 8)}`, name: "Bags" })
    .returning();
  const [tote, wallet] = await db
    .insert(products)
    .values([
      {
        tenantId: FIXTURE_TENANT,
        slug: `market-tote-${Math.random().toString(36).slice(2, 8)}`,
        name: "Market Tote",
        description: "A roomy canvas tote for the farmers market.",
        priceCents: 6500,
        categoryId: bags!.id,
        hasFabricSelection: true,
        defaultImages: ["/uploads/products/tote-main.webp", "", ""],
        source: "selvage",
      },
      {
        tenantId: FIXTURE_TENANT,
        slug: `card-wallet-${Math.random().toString(36).slice(2, 8)}`,
        name: "Card Wallet",
        description: "A slim wallet for cards and cash.",
        priceCents: 3200,
        categoryId: bags!.id,
        hasFabricSelection: false,
        defaultImages: ["/uploads/products/wallet-main.webp"],
        source: "selvage",
      },
    ])
    .returning();
  await db.insert(productFabrics).values([
    {
      tenantId: FIXTURE_TENANT,
      productId: tote!.id,
      code: "navy-gingham",
      label: "Navy Gingham",
      upchargeCents: 0,
      sortOrder: 0,
    },
    {
      tenantId: FIXTURE_TENANT,
      productId: tote!.id,
      code: "rose-floral",
      label: "Rose Floral",
      upchargeCents: 700,
      imgOverride: ["/uploads/products/tote-rose.webp"],
      sortOrder: 1,
    },
    { tenantId: FIXTURE_TENANT, productId: wallet!.id, code: "default", label: "Default", sortOrder: 0 },
  ]);
  return { tote: tote!, wallet: wallet! };
}

export const CUSTOMER = {
  customerName: "Ada Lovelace",
  customerEmail: "ada@example.com",
  customerPhone: "303-555-0199",
  streetAddress: "1550 Blake St",
  apartment: "Unit 4",
  city: "Denver",
  state: "CO",
  zipCode: "80202",
  country: "United States",
  orderNotes: "Gift wrap, please.",
};
