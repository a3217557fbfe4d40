import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  window.addEventListener("load", onChange);
  return () => window.removeEventListener("load", onChange);
};

/**
 * False until the page has loaded (its pictures, fonts and scripts), and during server rendering
 * and hydration. Pictures hidden behind the one on show wait for it: on a slow line they would
 * otherwise share it with the page's main picture.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.readyState === "complete",
    () => false,
  );
}
