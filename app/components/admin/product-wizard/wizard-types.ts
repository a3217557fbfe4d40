/** A category the product may belong to. */
export interface CategoryChoice {
  id: string;
  name: string;
}

/** A fabric of the store's library, as the wizard's picker shows it. */
export interface LibraryFabric {
  id: string;
  code: string;
  name: string;
  color: string;
  priceCents: number;
  swatchUrl: string;
  images: string[];
  inStock: boolean;
}
