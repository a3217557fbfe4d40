import { useEffect } from "react";

// Toasts come from sonner, loaded on first use rather than with the page: it is not
// needed to show a page, and it keeps the storefront's initial JavaScript small.
const loadSonner = () => import("sonner");

// The spec wants one toast at a time: a new notice dismisses the one on screen and shows
// under an id of its own. Reusing one fixed id would merge a notice that arrives during the
// previous toast's exit animation into the leaving toast, and it would never be seen.
let noticeCount = 0;
let shownId: string | null = null;

function show(message: string, tone: "success" | "error"): void {
  void loadSonner().then(({ toast }) => {
    if (shownId !== null) toast.dismiss(shownId);
    shownId = `shop-notice-${++noticeCount}`;
    if (tone === "error") toast.error(message, { id: shownId });
    else toast(message, { id: shownId });
  });
}

export function notify(message: string): void {
  show(message, "success");
}

export function notifyError(message: string): void {
  show(message, "error");
}

/**
 * A notice carried across a redirect (server/auth/flash.ts): a loader takes it from the
 * flash cookie and hands it to the page with an id of its own, fresh each time it is taken.
 */
export interface FlashNotice {
  id: string;
  message: string;
  tone: "success" | "error";
}

// Ids already shown in this tab. Kept outside any component, so neither a re-render, a
// remount nor the same loader data coming back (back and forward) shows a notice twice.
const shownNotices = new Set<string>();

/** Shows a loader's flash notice as a toast, once. */
export function useFlashNotice(notice: FlashNotice | null | undefined): void {
  useEffect(() => {
    if (!notice || shownNotices.has(notice.id)) return;
    shownNotices.add(notice.id);
    if (notice.tone === "error") notifyError(notice.message);
    else notify(notice.message);
  }, [notice]);
}
