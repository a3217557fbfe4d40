import { ChevronLeft, ChevronRight, ChevronsLeft } from "lucide-react";
import { Link } from "react-router";
import { adminButtonClass } from "./admin-button.tsx";

/** A page position as the lists' query strings carry it (server/db/keyset-cursor.ts). */
export type PageLink = { after?: string; before?: string };

/**
 * First page, newer and older: links carrying an opaque cursor, so every page of a
 * newest-first list (orders, messages) has a URL of its own.
 */
export function KeysetPager({
  label,
  olderCursor,
  newerCursor,
  pageUrl,
}: {
  /** Names the navigation for screen readers, e.g. "Pages of orders". */
  label: string;
  olderCursor: string | null;
  newerCursor: string | null;
  pageUrl: (page: PageLink) => string;
}) {
  if (!olderCursor && !newerCursor) return null;
  const link = adminButtonClass("secondary", "h-11 sm:h-10");
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap gap-2">
        {newerCursor ? (
          <>
            <Link to={pageUrl({})} className={link}>
              <ChevronsLeft aria-hidden className="size-4" />
              First page
            </Link>
            <Link to={pageUrl({ before: newerCursor })} className={link}>
              <ChevronLeft aria-hidden className="size-4" />
              Newer
            </Link>
          </>
        ) : null}
      </div>
      {olderCursor ? (
        <Link to={pageUrl({ after: olderCursor })} className={link}>
          Older
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
