import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** The current page has no link. */
  to?: string;
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-ink/70 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2">
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`} className="flex min-w-0 items-center gap-2">
            {index > 0 && (
              <span aria-hidden="true" className="text-ink/35">
                /
              </span>
            )}
            {item.to ? (
              <Link
                to={item.to}
                className="hover:text-ink inline-flex min-h-11 min-w-11 items-center rounded wrap-anywhere underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ink"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-ink min-w-0 font-medium wrap-anywhere">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
