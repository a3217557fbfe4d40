import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Reads out the new page's title after a move within the app: such a move loads no new
 * document, which a screen reader would have read out. It lives in the root layout, so it stays
 * mounted, and remembers the address it last saw, when a move replaces the page's whole frame
 * (to or from the not-found page or an error page) or goes between the shop and the admin.
 */
export function PageAnnouncer() {
  const { pathname, search } = useLocation();
  const address = pathname + search;
  const shown = useRef(address);
  const [title, setTitle] = useState("");
  useEffect(() => {
    if (shown.current === address) return;
    shown.current = address;
    // The new page's title is in place once React has committed it.
    const frame = requestAnimationFrame(() => setTitle(document.title));
    return () => cancelAnimationFrame(frame);
  }, [address]);
  return (
    <p id="page-announcer" aria-live="polite" className="sr-only">
      {title}
    </p>
  );
}
