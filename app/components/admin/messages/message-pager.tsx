import { ChevronLeft, ChevronRight, ChevronsLeft } from "lucide-react";
import { Link } from "react-router";
import { messageListQuery, type MessageView } from "../../../../core/contact-message.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";
import { adminButtonClass } from "../admin-button.tsx";

/** First page, newer and older messages: links carrying an opaque cursor, so every page has a URL. */
export function MessagePager({
  view,
  olderCursor,
  newerCursor,
}: {
  view: MessageView;
  olderCursor: string | null;
  newerCursor: string | null;
}) {
  if (!olderCursor && !newerCursor) return null;
  const to = (page: { after?: string; before?: string }) => `${adminPath("messages")}${messageListQuery(view, page)}`;
  const link = adminButtonClass("secondary", "h-11 sm:h-10");
  return (
    <nav aria-label="Pages of messages" className="mt-6 flex flex-wrap items-center justify-between gap-2">
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
      {olderCursor ? (
        <Link to={to({ after: olderCursor })} className={link}>
          Older
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
