import { useSyncExternalStore } from "react";
import { MAX_LINE_QUANTITY } from "../../core/constants.ts";
import {
  addLine,
  CART_MESSAGES,
  CART_STORAGE_KEY,
  parseStoredCart,
  removeLine,
  serializeCart,
  setLineQuantity,
  type CartLine,
} from "./cart-lines.ts";
import { notify, notifyError } from "./notify.ts";

// The cart lives in the browser (localStorage), so storefront pages stay identical for
// every visitor and cacheable. The server renders an empty cart; the real one appears
// after hydration, and other tabs follow through the `storage` event.

const EMPTY: CartLine[] = [];
let lines: CartLine[] = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

function load(): void {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  lines = readStorage();
  window.addEventListener("storage", (event) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    lines = readStorage();
    emit();
  });
}

function readStorage(): CartLine[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.error("The cart could not be read from browser storage", error);
    return EMPTY;
  }
  const parsed = parseStoredCart(raw);
  if (parsed === null) {
    // Unparseable data is ignored, not fatal (spec §4).
    console.error(`Ignoring unreadable cart data in localStorage "${CART_STORAGE_KEY}"`);
    return EMPTY;
  }
  return parsed;
}

function emit(): void {
  for (const listener of listeners) listener();
}

function save(next: CartLine[]): void {
  lines = next;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(next));
  } catch (error) {
    console.error("The cart could not be saved to browser storage", error);
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  load();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): CartLine[] {
  load();
  return lines;
}

const getServerSnapshot = () => EMPTY;

/** The cart's lines; empty during server rendering and the first (hydrating) render. */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export const cart = {
  /** Adds the line (or raises its quantity) and answers which happened: "limited" when not all of it fitted. */
  add(item: Omit<CartLine, "quantity">, quantity: number): "added" | "updated" | "limited" {
    load();
    const result = addLine(lines, item, quantity);
    save(result.lines);
    if (result.outcome === "limited") notifyError(CART_MESSAGES.atMostPerLine);
    else notify(result.outcome === "added" ? CART_MESSAGES.added : CART_MESSAGES.updated);
    return result.outcome;
  },
  setQuantity(productId: string, fabricCode: string, quantity: number): void {
    load();
    save(setLineQuantity(lines, productId, fabricCode, quantity));
    if (quantity > MAX_LINE_QUANTITY) notifyError(CART_MESSAGES.atMostPerLine);
    else notify(quantity <= 0 ? CART_MESSAGES.removed : CART_MESSAGES.updated);
  },
  remove(productId: string, fabricCode: string): void {
    load();
    save(removeLine(lines, productId, fabricCode));
    notify(CART_MESSAGES.removed);
  },
  clear(): void {
    load();
    save([]);
    notify(CART_MESSAGES.cleared);
  },
  /** Replaces the lines without a notice (server reconciliation). */
  replace(next: CartLine[]): void {
    load();
    save(next);
  },
  current(): CartLine[] {
    load();
    return lines;
  },
};
