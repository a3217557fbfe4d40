import { Search } from "lucide-react";
import { useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The shop's search box. An empty or whitespace-only query does nothing (spec §5);
 * otherwise the trimmed, URL-encoded query opens /search. Without JavaScript the
 * form still submits to /search. `label` names the search landmark, distinct for
 * each box on one page.
 */
export function SearchForm({
  label = "Site search",
  onSearch,
  className = "",
}: {
  label?: string;
  onSearch?: () => void;
  className?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // The box shows the search the page shows: the URL's term on the results page (after Back
  // too), none elsewhere. What the shopper types stays until the URL's term changes.
  const urlTerm = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [query, setQuery] = useState(urlTerm);
  const [shownUrlTerm, setShownUrlTerm] = useState(urlTerm);
  if (urlTerm !== shownUrlTerm) {
    setShownUrlTerm(urlTerm);
    setQuery(urlTerm);
  }
  const id = useId();
  return (
    <form
      role="search"
      aria-label={label}
      action="/search"
      method="get"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const term = query.trim();
        if (!term) return;
        onSearch?.();
        void navigate(`/search?q=${encodeURIComponent(term)}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search products..."
        autoComplete="off"
        className="h-11 w-full rounded-full border border-ink/15 bg-white/80 pr-11 pl-4 text-sm placeholder:text-ink/60 focus:border-ink/40 focus:bg-white focus:outline-2 focus:outline-offset-1 focus:outline-brand"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-full text-ink/70 hover:bg-ink/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-ink"
      >
        <Search aria-hidden="true" className="size-4" />
      </button>
    </form>
  );
}
