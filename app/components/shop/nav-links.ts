/** A category as the header, drawer and footer link to it. */
export interface NavCategory {
  slug: string;
  name: string;
}

export const categoryPath = (slug: string) => `/category/${slug}`;
export const productPath = (slug: string) => `/product/${slug}`;
