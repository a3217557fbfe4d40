// What the browser and the server say to each other about a cart's prices: the browser
// sends identities only, the server answers the truth (SPEC decision 2).

/** What the browser knows about a cart line: only identities, never a price it could forge. */
export interface CartLineKey {
  productId: string;
  fabricCode: string;
}

/** The server's current truth about one cart line. */
export type PricedCartLine =
  | (CartLineKey & {
      available: true;
      slug: string;
      name: string;
      fabricLabel: string;
      priceCents: number;
      image: string | null;
    })
  | (CartLineKey & {
      available: false;
      /** Why, in words for the shopper, when the shop knows (e.g. the fabric is out of stock). */
      reason?: string;
    });

/** Most lines one pricing request may ask about. */
export const MAX_PRICED_LINES = 100;
