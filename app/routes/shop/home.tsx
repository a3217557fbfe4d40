import { Link } from "react-router";
import type { Route } from "./+types/home";
import { listCategoryTiles } from "../../../server/catalog/categories.ts";
import { toProductCard } from "../../../server/catalog/product-cards.ts";
import { listLatestProducts, listProductsWithImages } from "../../../server/catalog/product-catalog.ts";
import { firstImage } from "../../../core/images.ts";
import { storeContext } from "../../../server/context.ts";
import { streamedPart } from "../../../server/http/database-outage.ts";
import { productCheckAction } from "../../../server/diagnostics/product-check-action.ts";
import { StreamedCategoryTiles } from "../../components/shop/category-tiles.tsx";
import { FeaturedEmptyState } from "../../components/shop/featured-empty-state.tsx";
import { HeroSlideshow, type HeroSlide } from "../../components/shop/hero-slideshow.tsx";
import { ProductGrid } from "../../components/shop/product-grid.tsx";
import { Reveal } from "../../components/shop/reveal.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { seoMeta } from "../../lib/seo.ts";

const FEATURED_COUNT = 4;
/** Slides: a collage of up to 4 pictures, then up to 4 single products (spec §2, §9). */
const SLIDE_PRODUCTS = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);

  const [featured, withImages] = await Promise.all([
    listLatestProducts(scope, { limit: FEATURED_COUNT }),
    listProductsWithImages(scope, SLIDE_PRODUCTS),
  ]);
  // Below the fold: streamed after the first paint (pulsing tiles meanwhile). Started
  // only now, so a failure above cannot leave this promise rejected with no one awaiting it.
  const categoryTiles = streamedPart(listCategoryTiles(scope), { request, context });
  return { featured: featured.map(toProductCard), slides: heroSlides(withImages), categoryTiles };
}

// 'Check for Products' on the empty state: the product check Diagnostics runs; the page's
// products load again afterwards, as after any action.
export async function action({ request, context }: Route.ActionArgs) {
  return productCheckAction(request, context);
}

function heroSlides(products: { slug: string; name: string; defaultImages: string[] }[]): HeroSlide[] {
  const pictured = products.flatMap((product) => {
    const image = firstImage(product.defaultImages);
    return image ? [{ slug: product.slug, name: product.name, image }] : [];
  });
  const singles: HeroSlide[] = pictured.map((product) => ({ kind: "product", ...product }));
  if (pictured.length < 2) return singles;
  const collage: HeroSlide = {
    kind: "collage",
    title: "Product Collection",
    images: pictured.slice(0, 4).map((product) => ({ src: product.image, alt: product.name })),
  };
  return [collage, ...singles];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, slides, categoryTiles } = loaderData;
  return (
    <>
      <section className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-8 pb-16 sm:px-6 lg:grid-cols-[5fr_6fr] lg:gap-16 lg:px-8 lg:pt-14 lg:pb-24">
        <div className="flex flex-col items-start">
          <p className="text-ink/70 flex items-center gap-3 text-xs font-semibold tracking-[0.25em] uppercase">
            <span aria-hidden="true" className="bg-brand h-px w-10" />
            Small-batch · Colorado
          </p>
          <h1 className="mt-5 font-serif text-5xl leading-[1.05] tracking-tight text-balance sm:text-6xl lg:text-7xl">
            Handcrafted Bags &amp; Purses
          </h1>
          <p className="text-ink/75 mt-5 font-serif text-xl italic sm:text-2xl">Made with love in Colorado</p>
          <Link to="/category/purses" className={buttonClass("primary", "lg", "mt-9")}>
            Shop Now
          </Link>
        </div>
        <HeroSlideshow slides={slides} />
      </section>

      <Reveal>
        <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <SectionHeading id="featured-heading" eyebrow="New from the studio" title="Featured Products" />
          {featured.length === 0 ? (
            <FeaturedEmptyState productCount={featured.length} />
          ) : (
            <ProductGrid products={featured} label="Featured products" />
          )}
        </section>
      </Reveal>

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <SectionHeading id="categories-heading" eyebrow="Browse the collection" title="Categories" />
        <StreamedCategoryTiles tiles={categoryTiles} />
      </section>

      <Reveal>
        <section aria-labelledby="story-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <div className="bg-ink/[0.035] relative overflow-hidden rounded-3xl px-6 py-14 text-center sm:px-16 lg:py-20">
            <p className="text-ink/70 text-xs font-semibold tracking-[0.25em] uppercase">Our Story</p>
            <h2 id="story-heading" className="mt-4 font-serif text-4xl sm:text-5xl">
              Handcrafted with Love
            </h2>
            <div aria-hidden="true" className="bg-brand mx-auto mt-6 h-px w-16" />
            <div className="text-ink/80 mx-auto mt-8 max-w-2xl space-y-5 text-lg leading-relaxed">
              <p>
                Every purse, bag and wallet begins in our small Colorado studio, where each piece is cut, stitched and
                finished by hand. We choose our fabrics one bolt at a time for their colour, feel and durability.
              </p>
              <p>
                Because we sew in small batches, you can pick the fabric that suits you — and every seam, lining and
                pocket gets the attention it deserves, so your piece lasts for years.
              </p>
            </div>
            <Link to="/contact" className={buttonClass("dark", "md", "mt-10")}>
              Learn More<span className="sr-only"> about our studio and custom orders</span>
            </Link>
          </div>
        </section>
      </Reveal>
    </>
  );
}

function SectionHeading({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <div className="mb-10 text-center">
      <p className="text-ink/70 text-xs font-semibold tracking-[0.25em] uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 font-serif text-4xl">
        {title}
      </h2>
      <div aria-hidden="true" className="bg-brand mx-auto mt-5 h-px w-12" />
    </div>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const first = loaderData?.slides.find((slide) => slide.kind === "product");
  return seoMeta({
    origin: root?.origin ?? "",
    storeName: root?.store.name ?? "Selvage",
    path: "/",
    description:
      "Handcrafted purses, bags and wallets made with love in Colorado, sewn in a choice of quality fabrics.",
    image: first?.kind === "product" ? first.image : null,
  });
}
