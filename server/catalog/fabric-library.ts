import { asc, eq } from "drizzle-orm";
import { fabricLibrary } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";

/** A fabric of the store's library (SPEC §3 Fabric library item), as the owner's pages show it. */
export interface LibraryFabric {
  id: string;
  code: string;
  name: string;
  description: string;
  color: string;
  customColor: string;
  priceCents: number;
  swatchUrl: string;
  inStock: boolean;
  images: string[];
}

/** The store's fabric library, lower sort order first, then by name (the library page and the wizard's picker). */
export function listLibraryFabrics(scope: StoreScope): Promise<LibraryFabric[]> {
  return scope.db
    .select({
      id: fabricLibrary.id,
      code: fabricLibrary.code,
      name: fabricLibrary.name,
      description: fabricLibrary.description,
      color: fabricLibrary.color,
      customColor: fabricLibrary.customColor,
      priceCents: fabricLibrary.priceCents,
      swatchUrl: fabricLibrary.swatchUrl,
      inStock: fabricLibrary.inStock,
      images: fabricLibrary.images,
    })
    .from(fabricLibrary)
    .where(eq(fabricLibrary.tenantId, scope.tenantId))
    .orderBy(asc(fabricLibrary.sortOrder), asc(fabricLibrary.name), asc(fabricLibrary.id));
}
