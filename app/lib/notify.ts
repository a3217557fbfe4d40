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
