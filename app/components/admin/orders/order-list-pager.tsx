import { ChevronLeft, ChevronRight, ChevronsLeft } from "lucide-react";
import { Link } from "react-router";
import { orderListQuery, type OrderListFilters } from "../../../../core/order-list.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";
import { adminButtonClass } from "../admin-button.tsx";

/** First page, newer and older orders: links carrying an opaque cursor, so every page has a URL. */
export function OrderListPager({
  filters,
  nextCursor,
  newerCursor,
}: {
  filters: OrderListFilters;
  nextCursor: string | null;
  newerCursor: string | null;
}) {
  if (!nextCursor && !newerCursor) return null;
  const to = (page: { after?: string; before?: string }) => `${adminPath("orders")}${orderListQuery(filters, page)}`;
  const link = adminButtonClass("secondary", "h-11 sm:h-10");
  return (
    <nav aria-label="Pages of orders" className="mt-6 flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap gap-2">
        {newerCursor ? (
          <>
            <Link to={to({})} className={link}>
              <ChevronsLeft aria-hidden className="size-4" />
              First page
            </Link>
            <Link to={to({ before: newerCursor })} className={link}>
              <ChevronLeft aria-hidden className="size-4" />
              Newer
            </Link>
          </>
        ) : null}
      </div>
      {nextCursor ? (
        <Link to={to({ after: nextCursor })} className={link}>
          Next page
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
