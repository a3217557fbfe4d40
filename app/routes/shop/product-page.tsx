import { useState } from "react";
import { data, isRouteErrorResponse, Link, useNavigate } from "react-router";
import type { Route } from "./+types/product-page";
import { CURRENCY } from "../../../core/constants.ts";
import { toProductCard } from "../../../server/catalog/product-cards.ts";
import { findProductRedirect, getProductBySlug, listLatestProducts } from "../../../server/catalog/product-catalog.ts";
import { isProductAvailable } from "../../../core/product-availability.ts";
import { firstImage } from "../../../core/images.ts";
import { storeContext } from "../../../server/context.ts";
import { streamedPart } from "../../../server/http/database-outage.ts";
import { movedPermanently } from "../../../server/http/moved-permanently.ts";
import { Breadcrumb } from "../../components/shop/breadcrumb.tsx";
import { categoryPath, productPath } from "../../components/shop/nav-links.ts";
import { PageMessage } from "../../components/shop/page-message.tsx";
import { ProductGallery } from "../../components/shop/product-gallery.tsx";
import { ProductPurchase } from "../../components/shop/product-purchase.tsx";
import { RelatedProducts } from "../../components/shop/related-products.tsx";
import { firstInStockFabric } from "../../lib/cart-lines.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { PLACEHOLDER_IMAGE } from "../../components/ui/fallback-image.tsx";
import { absoluteUrl, seoMeta, summarize } from "../../lib/seo.ts";

export const PRODUCT_NOT_FOUND = "Product Not Found";
/** "You Might Also Like": at most 4 from the same category (spec §9). */
const RELATED_COUNT = 4;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(storeContext);
  const product = await getProductBySlug(scope, params.slug);
  if (!product) {
    // A renamed product's old links move for good, as a category's do.
    const current = await findProductRedirect(scope, params.slug);
    if (current) throw movedPermanently(request, productPath(current));
    throw data(PRODUCT_NOT_FOUND, { status: 404 });
  }
  // Below the fold: streamed after the product itself.
  const related = streamedPart(
    listLatestProducts(scope, {
      categorySlug: product.categorySlug,
      excludeSlug: product.slug,
      limit: RELATED_COUNT,
    }).then((list) => list.map(toProductCard)),
    { request, context },
  );
  const { createdAt: _createdAt, ...rest } = product;
  return {
    product: {
      ...rest,
      images: product.defaultImages.filter((image) => image.trim() !== ""),
      // The built-in "default" option of a product without fabric choice is not shown.
      fabrics: product.hasFabricSelection ? product.fabrics : [],
      available: isProductAvailable(product),
    },
    related,
  };
}

type LoadedProduct = Route.ComponentProps["loaderData"]["product"];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
      {/* A new slug is a new product: quantity, picture and fabric start over. */}
      <ProductDetail key={product.id} product={product} />
      <RelatedProducts products={related} />
    </div>
  );
}

function ProductDetail({ product }: { product: LoadedProduct }) {
  // SPEC starts with the first fabric; one out of stock cannot be chosen, so the first in
  // stock. A choice that is no longer in stock (fresh data after a revalidation) falls back too.
  const [picked, setFabricCode] = useState<string | null>(() => firstInStockFabric(product.fabrics)?.code ?? null);
  const fabric =
    product.fabrics.find((option) => option.code === picked && option.inStock) ?? firstInStockFabric(product.fabrics);
  const fabricCode = fabric?.code ?? null;
  const override = fabric?.imgOverride.filter((image) => image.trim() !== "") ?? [];
  const images = override.length > 0 ? override : product.images;

  return (
    <>
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: product.categoryName, to: categoryPath(product.categorySlug) },
          { label: product.name },
        ]}
      />
      <div className="mt-8 grid gap-10 lg:grid-cols-2 lg:gap-16">
        <ProductGallery key={images.join("|")} images={images} name={product.name} />
        <div className="flex flex-col gap-7 lg:pt-4">
          <div>
            <Link
              to={categoryPath(product.categorySlug)}
              className="text-ink/70 hover:text-ink text-xs font-semibold tracking-[0.25em] wrap-anywhere uppercase"
            >
              {product.categoryName}
            </Link>
            <h1 className="mt-3 font-serif text-4xl leading-tight wrap-anywhere sm:text-5xl">{product.name}</h1>
            <div aria-hidden="true" className="bg-brand mt-5 h-px w-12" />
          </div>
          <ProductPurchase
            product={product}
            fabricCode={fabricCode}
            onFabricChange={setFabricCode}
            image={images[0] ?? ""}
          />
          <div className="border-ink/10 border-t pt-7">
            <h2 className="text-sm font-medium">Description</h2>
            <p className="text-ink/80 mt-3 leading-relaxed whitespace-pre-line">{product.description}</p>
          </div>
          <p className="text-ink/65 text-sm">
            Handmade in Colorado · Local handoff available · Shipping arranged after purchase
          </p>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageMessage title={PRODUCT_NOT_FOUND}>
        <p>The product you&apos;re looking for doesn&apos;t exist or is no longer available.</p>
        <Link to="/" className={buttonClass("primary")}>
          Back to Home
        </Link>
      </PageMessage>
    );
  }
  return (
    <PageMessage title="Something went wrong" tone="error">
      <p role="alert">Error loading product. Please try again later.</p>
      <Button variant="primary" onClick={() => void navigate(-1)}>
        Go Back
      </Button>
    </PageMessage>
  );
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const storeName = root?.store.name ?? "Selvage";
  const origin = root?.origin ?? "";
  if (!loaderData) return [{ title: `${PRODUCT_NOT_FOUND} | ${storeName}` }, { name: "robots", content: "noindex" }];
  const { product } = loaderData;
  const image = firstImage(product.images) ?? PLACEHOLDER_IMAGE;
  const url = absoluteUrl(origin, productPath(params.slug));
  return [
    ...seoMeta({
      origin,
      storeName,
      path: productPath(params.slug),
      title: product.name,
      description: summarize(product.description),
      image,
      type: "product",
    }),
    { property: "product:price:amount", content: (product.priceCents / 100).toFixed(2) },
    { property: "product:price:currency", content: CURRENCY },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        image: product.images.map((src) => absoluteUrl(origin, src)),
        sku: product.slug,
        productID: product.id,
        category: product.categoryName,
        brand: { "@type": "Brand", name: storeName },
        offers: {
          "@type": "Offer",
          url,
          price: (product.priceCents / 100).toFixed(2),
          priceCurrency: CURRENCY,
          availability: product.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
        },
      },
    },
  ];
}
