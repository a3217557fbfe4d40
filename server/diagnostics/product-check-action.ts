import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { parseForm } from "../../core/forms.ts";
import { servicesContext, storeContext } from "../context.ts";
import { isDatabaseUnavailable, SHOP_UNAVAILABLE_MESSAGE } from "../db/availability.ts";
import { readForm } from "../http/request-body.ts";
import { PRODUCT_CHECK_FAILED, type ProductCheckAnswer } from "../../core/diagnostics.ts";
import { checkProducts } from "./product-check.ts";

const requestSchema = z.object({ intent: z.literal("check-products") });

/**
 * The home page's 'Check for Products' (SPEC §2, §7): the same product check as the
 * Diagnostics page, counts only, so it is safe for any visitor. Reading nothing but
 * this store's own counts, it needs neither a session nor an origin check.
 */
export async function productCheckAction(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = parseForm(requestSchema, await readForm(request));
  if (!parsed.ok) return data<ProductCheckAnswer>({ ok: false, message: "Unknown request" }, { status: 400 });
  try {
    return data<ProductCheckAnswer>({ ok: true, check: await checkProducts(context.get(storeContext)) });
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      return data<ProductCheckAnswer>({ ok: false, message: SHOP_UNAVAILABLE_MESSAGE }, { status: 503 });
    }
    context.get(servicesContext).log.error({ err: error }, "product check failed");
    return data<ProductCheckAnswer>({ ok: false, message: PRODUCT_CHECK_FAILED }, { status: 500 });
  }
}
