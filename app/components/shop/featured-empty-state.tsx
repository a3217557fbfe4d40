import { PackageOpen } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { PRODUCT_CHECK_FAILED, type ProductCheckAnswer } from "../../../core/diagnostics.ts";
import { notify, notifyError } from "../../lib/notify.ts";
import { Button, buttonClass } from "../ui/button.tsx";

/**
 * Home's "no products" state: a link to add one and a button that runs the product check
 * Diagnostics runs (the database against the storefront), reports it in the console and
 * loads the page's products again.
 */
export function FeaturedEmptyState({ productCount }: { productCount: number }) {
  const fetcher = useFetcher<ProductCheckAnswer>({ key: "product-check" });
  const busy = fetcher.state !== "idle";
  // The answer reported last: each check is reported once, after the products reloaded.
  const reported = useRef<ProductCheckAnswer | undefined>(undefined);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || answer === reported.current) return;
    reported.current = answer;
    if (!answer.ok) {
      console.warn(`Product check failed: ${answer.message}`);
      notifyError(PRODUCT_CHECK_FAILED);
      return;
    }
    const { databaseCount, storefrontCount, availableCount, categories } = answer.check;
    console.info(
      `Product check: the database holds ${databaseCount} product(s) for this store; ` +
        `the storefront shows ${storefrontCount} (${availableCount} can be bought), this page ${productCount}.`,
    );
    console.info(
      `Product check by category: ${categories.map((c) => `${c.name} ${c.products}`).join(", ") || "none"}.`,
    );
    notify("Product check complete. Check browser console for details.");
  }, [fetcher.state, fetcher.data, productCount]);

  return (
    <div className="border-ink/15 mx-auto flex max-w-xl flex-col items-center gap-4 rounded-3xl border border-dashed px-8 py-14 text-center">
      <PackageOpen aria-hidden="true" className="text-ink/40 size-10" strokeWidth={1.5} />
      <p className="font-serif text-xl">No products available yet.</p>
      <Link to="/admin/products/new" className={buttonClass("primary")}>
        Add Your First Product
      </Link>
      <Button
        variant="outline"
        disabled={busy}
        onClick={() => {
          void fetcher
            .submit({ intent: "check-products" }, { method: "post", action: "/?index" })
            .catch(() => notifyError(PRODUCT_CHECK_FAILED));
        }}
      >
        {busy ? "Checking products..." : "Check for Products"}
      </Button>
      <p className="text-ink/65 max-w-sm text-sm">
        If you have added products but they do not show here, click Check for Products to load them again.
      </p>
    </div>
  );
}
