import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cart-prices";
import { MAX_PRICED_LINES, priceCartLines } from "../../../server/catalog/cart-pricing.ts";
import { requestContext, servicesContext } from "../../../server/context.ts";

// POST /api/cart/prices — the cart page asks for the current truth about its lines.
// The browser sends only product ids and fabric codes; every price comes from here.

const requestSchema = z.object({
  lines: z
    .array(z.object({ productId: z.string().max(64), fabricCode: z.string().max(100) }))
    .max(MAX_PRICED_LINES),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const parsed = requestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ error: "Invalid cart" }, { status: 400 });
  const { db } = context.get(servicesContext);
  const { tenantId } = context.get(requestContext);
  const lines = await priceCartLines(db, tenantId, parsed.data.lines);
  return data({ lines }, { headers: { "Cache-Control": "no-store" } });
}
