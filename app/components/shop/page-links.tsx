import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "../ui/button.tsx";

/** A page link this shop never made (a crafted cursor or page number): answered with 400. */
export const BROKEN_PAGE_LINK = "This page link is not valid.";

/** Previous and next pages of a list too long for one (a category, a search's results). */
export function PageLinks({ label, previous, next }: { label: string; previous: string | null; next: string | null }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className="mt-12 flex items-center justify-between gap-4">
      {previous ? (
        <Link to={previous} className={buttonClass("outline")}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous page
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next} className={buttonClass("outline")}>
          Next page
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
