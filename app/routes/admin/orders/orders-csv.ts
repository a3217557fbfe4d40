import type { Route } from "./+types/orders-csv";
import { parseOrderListFilters } from "../../../../core/order-list.ts";
import { storeContext } from "../../../../server/context.ts";
import { ordersCsvFilename, ordersCsvStream } from "../../../../server/orders/orders-csv.ts";

// GET /admin/orders.csv?status=…&q=…: the orders the list shows with the same filters (all
// pages), one row per item, streamed as they are read. Under the protected admin layout,
// so only the signed-in owner of this store gets it; never kept by any cache.

export function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseOrderListFilters(new URL(request.url).searchParams);
  return new Response(ordersCsvStream(context.get(storeContext), filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ordersCsvFilename(new Date())}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
