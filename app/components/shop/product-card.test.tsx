import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductCard, type ProductCardData } from "./product-card.tsx";
import { ProductPurchase, SOLD_OUT_TEXT, UNAVAILABLE_TEXT } from "./product-purchase.tsx";

const tote: ProductCardData = {
  slug: "market-tote",
  name: "Market Tote",
  priceCents: 4500,
  hasFabricSelection: true,
  fabricCount: 3,
  available: true,
  image: "/uploads/products/tote/abc-1200x1200.webp",
};
const render = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);

describe("ProductCard", () => {
  it("links to the product and shows picture, name, price, fabric count and 'Shop now'", () => {
    const html = render(<ProductCard product={tote} />);
    expect(html).toContain('href="/product/market-tote"');
    expect(html).toContain('src="/uploads/products/tote/abc-1200x1200.webp"');
    expect(html).toContain('alt="Market Tote"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain("$45.00");
    expect(html).toContain("3 fabric options");
    expect(html).toContain("Shop now");
    expect(html).not.toContain("Not Available");
  });

  it("shows no fabric count for one fabric or without fabric selection", () => {
    expect(render(<ProductCard product={{ ...tote, fabricCount: 1 }} />)).not.toContain("fabric options");
    expect(render(<ProductCard product={{ ...tote, hasFabricSelection: false }} />)).not.toContain("fabric options");
  });

  it("marks a product with fabric selection but no fabrics 'Not Available', and falls back to the placeholder", () => {
    const html = render(<ProductCard product={{ ...tote, fabricCount: 0, available: false, image: null }} />);
    expect(html).toContain("Not Available");
    expect(html).toContain('src="/images/placeholder.jpg"');
  });

  it("loads the first cards' pictures eagerly with high priority", () => {
    const html = render(<ProductCard product={tote} priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/<img[^>]*fetchpriority="high"/i);
  });
});

describe("ProductPurchase", () => {
  const product = { id: "p1", name: "Market Tote", priceCents: 4500, hasFabricSelection: true, fabrics: [] };

  it("replaces Add to Cart with the unavailable text when fabric selection has no fabrics", () => {
    const html = render(<ProductPurchase product={product} fabricCode={null} onFabricChange={() => {}} image="" />);
    expect(html).toContain(UNAVAILABLE_TEXT);
    expect(html).not.toContain("Add to Cart");
  });

  it("prices the chosen fabric's upcharge and disables minus at quantity 1", () => {
    const html = render(
      <ProductPurchase
        product={{
          ...product,
          fabrics: [{ code: "rose", label: "Rose", swatchUrl: "", upchargeCents: 500, inStock: true }],
        }}
        fabricCode="rose"
        onFabricChange={() => {}}
        image=""
      />,
    );
    expect(html).toContain("$50.00");
    expect(html).toContain("+$5.00");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Decrease quantity of Market Tote"/);
    expect(html).toContain("Add to Cart");
  });

  it("shows a fabric out of stock disabled and marked, and is unavailable when none is in stock", () => {
    const fabric = (code: string, inStock: boolean) => ({
      code,
      label: code,
      swatchUrl: "",
      upchargeCents: 0,
      inStock,
    });
    const some = render(
      <ProductPurchase
        product={{ ...product, fabrics: [fabric("mint", false), fabric("navy", true)] }}
        fabricCode="navy"
        onFabricChange={() => {}}
        image=""
      />,
    );
    const mint = /<input[^>]*value="mint"[^>]*>/.exec(some)?.[0] ?? "";
    expect(mint).toContain('disabled=""');
    expect(mint).toContain('aria-describedby="fabric-stock-mint"');
    expect(/<input[^>]*value="navy"[^>]*>/.exec(some)?.[0]).not.toContain("disabled");
    expect(some).toContain('id="fabric-stock-mint"');
    expect(some).toContain("Out of stock");
    expect(some).toContain("Add to Cart");

    const none = render(
      <ProductPurchase
        product={{ ...product, fabrics: [fabric("mint", false)] }}
        fabricCode={null}
        onFabricChange={() => {}}
        image=""
      />,
    );
    // It offers a fabric, out of stock: not "no fabric options".
    expect(none).toContain(SOLD_OUT_TEXT);
    expect(none).not.toContain(UNAVAILABLE_TEXT);
    expect(none).not.toContain("Add to Cart");
  });
});
