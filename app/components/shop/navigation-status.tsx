import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Wait this long before showing a loading notice, so quick navigations never flash one. */
const SHOW_AFTER_MS = 250;

function loadingText(pathname: string): string {
  if (pathname.startsWith("/product/")) return "Loading product...";
  return "Loading products...";
}

/**
 * While the next page's data loads, a thin gold bar runs along the top and, after a short
 * wait, the spec's loading text ('Loading product...' / 'Loading products...') appears.
 */
export function NavigationStatus() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" ? navigation.location : null;
  const pathname = loading?.pathname ?? null;
  // The navigation (by its unique key) whose wait has passed the delay.
  const [slowNavigation, setSlowNavigation] = useState<string | null>(null);

  const key = loading?.key ?? null;

  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setSlowNavigation(key), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key]);

  const showText = key !== null && slowNavigation === key;
  return (
    <>
      {pathname && (
        <div aria-hidden="true" className="bg-brand nav-progress fixed inset-x-0 top-0 z-50 h-0.5 origin-left" />
      )}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-24 z-40 flex justify-center"
      >
        {showText && (
          <span className="bg-ink text-paper rounded-full px-5 py-2 text-sm shadow-lg">
            {loadingText(pathname ?? "")}
          </span>
        )}
      </div>
    </>
  );
}
