import { lazy, Suspense } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** How long a toast stays before it dismisses itself (spec preface, decision 9). */
export const TOAST_DURATION_MS = 4000;

// Loaded after hydration, in its own chunk (see app/lib/notify.ts).
const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Below the md breakpoint a bottom toast would cover the buttons at the end of a form (the wizard's Next). */
const PHONE_QUERY = "(max-width: 767px)";
/**
 * A toast at the top stays below the sticky header (the shop's is 80 px tall, the admin's 56), so
 * the cart's count, which the toast's news just changed, stays in sight.
 */
const BELOW_HEADER = { top: 88 };

/**
 * The one place toasts appear: bottom centre (top centre, below the header, on a phone), one at a
 * time, self-dismissing.
 */
export function Toaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={window.matchMedia(PHONE_QUERY).matches ? "top-center" : "bottom-center"}
        offset={BELOW_HEADER}
        mobileOffset={BELOW_HEADER}
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        closeButton
        toastOptions={{ className: "selvage-toast" }}
      />
    </Suspense>
  );
}
