import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
} from "react";
import { formatPrice, priceLineCents } from "../../../core/money.ts";
import { isProductAvailable } from "../../../core/product-availability.ts";
import { lineFor, lineQuantity, resolveFabric, CART_MESSAGES } from "../../lib/cart-lines.ts";
import { cart } from "../../lib/cart-store.ts";
import { notifyError } from "../../lib/notify.ts";
import { usePageLoaded } from "../../lib/use-page-loaded.ts";
import { buttonClass } from "../ui/button.tsx";
import { QuantityStepper } from "../ui/quantity-stepper.tsx";
import type { AddedToCart, AddedToCartPanel as Panel } from "./added-to-cart-panel.tsx";
import { FabricPicker, type FabricOptionView } from "./fabric-picker.tsx";

// Shown only after Add to Cart: not among the page's first scripts, but fetched once the page has
// loaded, so that the first Add to Cart does not wait on the network. Should its script fail to
// load, there is no panel: the toast and the cart's count still say what was added.
const loadPanel = () => import("./added-to-cart-panel.tsx");
const AddedToCartPanel = lazy<ComponentType<ComponentProps<typeof Panel>>>(() =>
  loadPanel().then(
    (module) => ({ default: module.AddedToCartPanel }),
    () => ({ default: () => null }),
  ),
);

export interface PurchasableProduct {
  id: string;
  name: string;
  priceCents: number;
  hasFabricSelection: boolean;
  fabrics: FabricOptionView[];
}

export const UNAVAILABLE_TEXT = "This product is currently unavailable (no fabric options)";
/** When it offers fabrics, all of them out of stock (the picker lists them as such). */
export const SOLD_OUT_TEXT = "This product is currently out of stock in every fabric";

/** Price, fabric choice, quantity and Add to Cart of the product page. */
export function ProductPurchase({
  product,
  fabricCode,
  onFabricChange,
  image,
}: {
  product: PurchasableProduct;
  fabricCode: string | null;
  onFabricChange: (code: string) => void;
  /** The picture the cart line shows: the chosen fabric's, else the product's. */
  image: string;
}) {
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState<AddedToCart | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const closePanel = useCallback(() => setAdded(null), []);
  const pageLoaded = usePageLoaded();
  useEffect(() => {
    if (pageLoaded) loadPanel().catch(() => undefined);
  }, [pageLoaded]);
  const available = isProductAvailable(product);
  // The fabric a line would get: a stale or out-of-stock choice falls back to the first in stock.
  const resolved = product.hasFabricSelection && available ? resolveFabric(product, fabricCode) : null;
  const chosen = resolved?.ok ? resolved.fabric : undefined;
  const unitCents = priceLineCents(product.priceCents, chosen?.upchargeCents ?? 0);

  const addToCart = () => {
    if (!available) {
      notifyError(CART_MESSAGES.productNoFabrics);
      return;
    }
    const result = resolveFabric(product, fabricCode);
    if (!result.ok) {
      notifyError(result.message);
      return;
    }
    const line = lineFor(product, result.fabric, image);
    const outcome = cart.add(line, quantity);
    // When not all of them fitted, the cart's notice says so, and no panel claims they were added.
    setAdded(outcome === "limited" ? null : { line, quantity, outcome });
  };

  return (
    <div className="flex flex-col gap-7">
      <p className="text-2xl font-medium tabular-nums" data-testid="product-price">
        {formatPrice(unitCents)}
        {chosen && chosen.upchargeCents > 0 && (
          <span className="text-ink/65 ml-3 text-sm font-normal">
            includes +{formatPrice(chosen.upchargeCents)} for {chosen.label}
          </span>
        )}
      </p>
      {product.hasFabricSelection && product.fabrics.length > 0 && (
        <FabricPicker fabrics={product.fabrics} value={fabricCode} onChange={onFabricChange} />
      )}
      {available ? (
        <div className="flex flex-wrap items-center gap-4">
          <QuantityStepper
            value={quantity}
            onChange={(next) => setQuantity(lineQuantity(next))}
            label={`Quantity of ${product.name}`}
          />
          <button
            ref={addButton}
            type="button"
            className={buttonClass("primary", "lg", "min-w-48 flex-1 sm:flex-none")}
            onClick={addToCart}
          >
            Add to Cart
          </button>
          {added && (
            <Suspense fallback={null}>
              <AddedToCartPanel added={added} onClose={closePanel} opener={addButton} />
            </Suspense>
          )}
        </div>
      ) : (
        <p className="rounded-xl border border-red-700/30 bg-red-50 px-4 py-3 text-red-800">
          {product.fabrics.length > 0 ? SOLD_OUT_TEXT : UNAVAILABLE_TEXT}
        </p>
      )}
    </div>
  );
}
