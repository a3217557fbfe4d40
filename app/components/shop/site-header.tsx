import { useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { FallbackImage } from "../ui/fallback-image.tsx";
import { CartLink } from "./cart-link.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { categoryPath, type NavCategory } from "./nav-links.ts";
import { SearchForm } from "./search-form.tsx";

export const DEFAULT_LOGO = "/images/logo.png";
/** Scrolled further than this, the header turns compact with a shadow (spec §9). */
const SCROLL_THRESHOLD_PX = 10;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `relative flex min-h-11 max-w-48 items-center justify-center px-1 text-sm tracking-wide whitespace-nowrap transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-ink ${
    isActive ? "text-ink after:bg-brand after:absolute after:inset-x-1 after:bottom-2 after:h-0.5" : "text-ink/75"
  }`;

// The logo or name takes at most this room, so that beside it and the search box even four
// long category names (up to 60 characters) keep 44 px links on one line. On a phone it
// leaves room for the cart and menu buttons.
const BRAND_MAX_WIDTH = "max-w-[calc(100vw-8.5rem)] md:max-w-48 lg:max-w-56 xl:max-w-xs";

export function SiteHeader({
  storeName,
  logoUrl,
  categories,
}: {
  storeName: string;
  logoUrl: string | null;
  categories: NavCategory[];
}) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  return (
    <header
      data-scrolled={scrolled}
      className={`bg-paper/95 fixed inset-x-0 top-0 z-40 border-b backdrop-blur transition-[height,box-shadow,border-color] duration-300 ${
        scrolled ? "border-ink/10 h-16 shadow-[0_6px_24px_-12px_rgb(0_0_0/0.25)]" : "h-20 border-transparent"
      }`}
    >
      <a
        href="#main"
        className="bg-ink text-paper sr-only z-50 rounded focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:px-4 focus:py-3"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4 lg:gap-6 lg:px-8">
        <Link
          to="/"
          className="inline-flex min-h-11 shrink-0 items-center rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ink"
        >
          {logoUrl ? (
            <FallbackImage
              src={logoUrl}
              fallback={DEFAULT_LOGO}
              alt={`${storeName} home`}
              width={500}
              height={200}
              sizes="150px"
              priority
              className={`w-auto object-contain object-left transition-[height] duration-300 ${BRAND_MAX_WIDTH} ${scrolled ? "h-10" : "h-12"}`}
            />
          ) : (
            // A store without a logo is named in words: the default logo spells another name.
            // Two lines before an ellipsis, a size smaller in the tablet's narrow room, so a
            // name of two or three words shows whole.
            <span
              className={`text-ink line-clamp-2 font-serif leading-tight wrap-anywhere transition-[font-size] duration-300 ${BRAND_MAX_WIDTH} ${scrolled ? "text-xl" : "text-2xl md:text-xl lg:text-2xl"}`}
            >
              {storeName}
              <span className="sr-only"> home</span>
            </span>
          )}
        </Link>
        <nav aria-label="Main" className="hidden min-w-0 flex-1 justify-center md:flex">
          {/* A grid shares out the room equally, so short names show whole and long ones end
              in an ellipsis rather than wrapping: each link is 44 px to 12rem wide. */}
          <ul className="grid min-w-0 auto-cols-[minmax(2.75rem,max-content)] grid-flow-col items-center gap-1 lg:gap-3 xl:gap-6">
            <li>
              <NavLink to="/" end className={navLinkClass}>
                Home
              </NavLink>
            </li>
            {categories.map((category) => (
              <li key={category.slug}>
                <NavLink to={categoryPath(category.slug)} className={navLinkClass} title={category.name}>
                  <span className="truncate">{category.name}</span>
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/contact" className={navLinkClass}>
                Contact
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0 md:gap-2">
          <SearchForm className="hidden w-32 md:block lg:w-48 xl:w-60" />
          <CartLink />
          <MobileMenu categories={categories} />
        </div>
      </div>
    </header>
  );
}
