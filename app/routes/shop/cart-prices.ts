import { data } from "react-router";
import { z } from "zod";
import { isCleanText } from "../../../core/text.ts";
import type { Route } from "./+types/cart-prices";
import { MAX_PRICED_LINES } from "../../../core/cart-pricing.ts";
import { priceCartLines } from "../../../server/catalog/cart-pricing.ts";
import { storeContext } from "../../../server/context.ts";
import { readJson } from "../../../server/http/request-body.ts";

// POST /api/cart/prices — the cart page asks for the current truth about its lines.
// The browser sends only product ids and fabric codes; every price comes from here.

// Ids and codes are plain text: control characters or halves of surrogate pairs make the cart invalid.
const key = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => isCleanText(value));
const requestSchema = z.object({
  lines: z.array(z.object({ productId: key(64), fabricCode: key(100) })).max(MAX_PRICED_LINES),
});

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = requestSchema.safeParse(await readJson(request));
  if (!parsed.success) return data({ error: "Invalid cart" }, { status: 400 });
  const scope = context.get(storeContext);
  const lines = await priceCartLines(scope, parsed.data.lines);
  return data({ lines }, { headers: { "Cache-Control": "no-store" } });
}
