import { useEffect, useState } from "react";
import type { PricedCartLine } from "../../core/cart-pricing.ts";
import { lineLabel, type CartLine } from "./cart-lines.ts";
import { cart } from "./cart-store.ts";

/** What the server answers about a line (app/routes/shop/cart-prices.ts). */
export type ServerLine = PricedCartLine;

/** A line the server refused, with its reason when the server gave one. */
export type RemovedLine = CartLine & { reason?: string };

/**
 * Replaces what the browser remembered with the server's current truth: new prices,
 * names and labels; lines whose product or fabric is gone, or whose fabric is out of
 * stock, are dropped and reported.
 */
export function reconcileWithServer(
  lines: readonly CartLine[],
  serverLines: readonly ServerLine[],
): { lines: CartLine[]; removed: RemovedLine[]; repriced: CartLine[] } {
  const truth = new Map(serverLines.map((line) => [`${line.productId}\u0000${line.fabricCode}`, line]));
  const kept: CartLine[] = [];
  const removed: RemovedLine[] = [];
  const repriced: CartLine[] = [];
  for (const line of lines) {
    const server = truth.get(`${line.productId}\u0000${line.fabricCode}`);
    if (!server) {
      kept.push(line); // not asked about yet (added while the request was under way)
      continue;
    }
    if (!server.available) {
      removed.push(server.reason ? { ...line, reason: server.reason } : line);
      continue;
    }
    const next: CartLine = {
      ...line,
      name: server.name,
      fabricLabel: server.fabricLabel,
      priceCents: server.priceCents,
      image: server.image ?? line.image,
    };
    if (next.priceCents !== line.priceCents) repriced.push(next);
    kept.push(next);
  }
  return { lines: kept, removed, repriced };
}

export interface CartCorrections {
  /**
   * Lines dropped because the product or its fabric no longer exists (product and fabric), or
   * because the fabric is out of stock (the server's reason, naming product and fabric).
   */
  removed: string[];
  /** Names of lines whose price changed since they were added. */
  repriced: string[];
}

/**
 * Asks the server for the current price, name and availability of every cart line and
 * writes the answer into the cart, so the page shows the truth, not what the browser
 * remembered from an earlier visit.
 */
export function useServerCartPrices(lines: CartLine[]): {
  checking: boolean;
  corrections: CartCorrections;
  slugs: Map<string, string>;
} {
  const [checking, setChecking] = useState(false);
  const [slugs, setSlugs] = useState(() => new Map<string, string>());
  const [corrections, setCorrections] = useState<CartCorrections>({ removed: [], repriced: [] });
  // Only the identities matter: quantity changes need no new prices.
  const identity = lines.map((line) => `${line.productId}\u0000${line.fabricCode}`).join("\u0001");

  useEffect(() => {
    if (!identity) return;
    const keys = identity.split("\u0001").map((key) => {
      const [productId = "", fabricCode = ""] = key.split("\u0000");
      return { productId, fabricCode };
    });
    const controller = new AbortController();
    setChecking(true);
    fetch("/api/cart/prices", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ lines: keys }),
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Cart prices: ${response.status}`);
        const body = (await response.json()) as { lines: ServerLine[] };
        setSlugs(
          new Map(
            body.lines.flatMap((line) => (line.available && line.slug ? [[line.productId, line.slug] as const] : [])),
          ),
        );
        const result = reconcileWithServer(cart.current(), body.lines);
        if (result.removed.length > 0 || result.repriced.length > 0 || changed(cart.current(), result.lines)) {
          cart.replace(result.lines);
        }
        setCorrections((previous) => ({
          removed: [...previous.removed, ...result.removed.map((line) => line.reason ?? lineLabel(line))],
          repriced: [...new Set([...previous.repriced, ...result.repriced.map((line) => line.name)])],
        }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The cart still works with the remembered prices; checkout prices on the server anyway.
        console.error("Could not refresh cart prices", error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setChecking(false);
      });
    return () => controller.abort();
  }, [identity]);

  return { checking, corrections, slugs };
}

function changed(before: CartLine[], after: CartLine[]): boolean {
  return JSON.stringify(before) !== JSON.stringify(after);
}
