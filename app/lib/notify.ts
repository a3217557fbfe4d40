import { useEffect } from "react";

// Toasts come from sonner, loaded on first use rather than with the page: it is not
// needed to show a page, and it keeps the storefront's initial JavaScript small.
const loadSonner = () => import("sonner");

// The spec wants one toast at a time: every notice reuses one id, so a new message
// replaces the one on screen instead of stacking under it.
const NOTICE_ID = "shop-notice";

export function notify(message: string): void {
  void loadSonner().then(({ toast }) => toast(message, { id: NOTICE_ID }));
}

export function notifyError(message: string): void {
  void loadSonner().then(({ toast }) => toast.error(message, { id: NOTICE_ID }));
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
