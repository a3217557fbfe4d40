/** A category as the header, drawer and footer link to it. */
export interface NavCategory {
  slug: string;
  name: string;
}

export const categoryPath = (slug: string) => `/category/${slug}`;
export const productPath = (slug: string) => `/product/${slug}`;
/** A search's results, from page 1 (the first needs no page in its address). */
export const searchPath = (query: string, page = 1) =>
  `/search?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ""}`;
