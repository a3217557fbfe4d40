import { prerenderToNodeStream } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { StreamedCategoryTiles, TILES_UNAVAILABLE } from "./category-tiles.tsx";
import type { ProductCardData } from "./product-card.tsx";
import { RELATED_HEADING, RelatedProducts } from "./related-products.tsx";

// Parts of a page streamed after its first paint, rendered on the server as a page is: a
// part that fails must show in place, never raise an error that fails the whole page.

async function render(element: React.ReactElement) {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<MemoryRouter>{element}</MemoryRouter>, {
    onError: (error) => void errors.push(error),
  });
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return { html, errors };
}

const failed = () => Promise.reject(new Error("the database is busy"));

const tote: ProductCardData = {
  slug: "market-tote",
  name: "Market Tote",
  priceCents: 4500,
  hasFabricSelection: false,
  fabricCount: 1,
  available: true,
  image: null,
};

describe("the home page's category tiles", () => {
  it("show the categories once loaded", async () => {
    const { html, errors } = await render(
      <StreamedCategoryTiles tiles={Promise.resolve([{ slug: "bags", name: "Bags", image: null }])} />,
    );
    expect(errors).toEqual([]);
    expect(html).toContain('href="/category/bags"');
    expect(html).not.toContain(TILES_UNAVAILABLE);
  });

  it("say the categories could not be loaded when they fail, without failing the page", async () => {
    const { html, errors } = await render(<StreamedCategoryTiles tiles={failed()} />);
    expect(errors).toEqual([]);
    expect(html).toContain(TILES_UNAVAILABLE);
  });
});

describe("the product page's related products", () => {
  it("show under their heading once loaded", async () => {
    const { html, errors } = await render(<RelatedProducts products={Promise.resolve([tote])} />);
    expect(errors).toEqual([]);
    expect(html).toContain(RELATED_HEADING);
    expect(html).toContain('href="/product/market-tote"');
  });

  it("show nothing when they fail, without failing the page", async () => {
    const { html, errors } = await render(<RelatedProducts products={failed()} />);
    expect(errors).toEqual([]);
    expect(html).not.toContain(RELATED_HEADING);
  });
});
