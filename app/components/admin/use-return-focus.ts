import { useRef } from "react";

/**
 * Gives focus back when a dialog closes. Radix returns it only to a `Dialog.Trigger`, and
 * the admin's dialogs open from state, so each remembers the element that had focus when
 * it opened. If that element went meanwhile (its row was deleted), the heading of the
 * section it was in takes focus instead, else the page's heading: focus never falls to
 * <body>, where keyboard and screen-reader users would start over from the top.
 *
 * Spread the answer onto `Dialog.Content` or `AlertDialog.Content`. Radix calls it also when
 * the dialog goes with the row that holds it.
 */
export function useReturnFocus() {
  const opener = useRef<{ element: HTMLElement; heading: HTMLElement | null } | null>(null);
  return {
    onOpenAutoFocus: () => {
      const element = document.activeElement;
      opener.current =
        element instanceof HTMLElement && element !== document.body
          ? { element, heading: element.closest("section, main")?.querySelector<HTMLElement>("h1, h2, h3") ?? null }
          : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      if (!opener.current) return;
      const { element, heading } = opener.current;
      opener.current = null;
      const target = [element, heading, document.querySelector<HTMLElement>("main h1")].find(
        (candidate) => candidate?.isConnected,
      );
      if (!target) return;
      // Headings take focus only from script.
      if (target !== element && !target.hasAttribute("tabindex")) target.tabIndex = -1;
      target.focus();
    },
  };
}
