import { PackageOpen } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { notify } from "../../lib/notify.ts";
import { Button, buttonClass } from "../ui/button.tsx";

/** Home's "no products" state: a link to add one and a button to look again. */
export function FeaturedEmptyState({ productCount }: { productCount: number }) {
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  // Checks finished and checks reported: the report waits for the render with the new data.
  const [checks, setChecks] = useState(0);
  const reported = useRef(0);

  useEffect(() => {
    if (checks === reported.current) return;
    reported.current = checks;
    console.info(`Product check: the store lists ${productCount} product(s).`);
    notify("Product check complete. Check browser console for details.");
  }, [checks, productCount]);

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
          void revalidator.revalidate().then(() => setChecks((count) => count + 1));
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
