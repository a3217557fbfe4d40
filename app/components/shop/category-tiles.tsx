import { Suspense } from "react";
import { Await, Link } from "react-router";
import { FallbackImage } from "../ui/fallback-image.tsx";
import { categoryPath } from "./nav-links.ts";
import { Reveal } from "./reveal.tsx";

export interface CategoryTile {
  slug: string;
  name: string;
  image: string | null;
}

/** Tiles fade in one after another, 100 ms apart (spec §9). */
const TILE_STAGGER_MS = 100;

// Two columns on phones, four on wide screens; the picture square and whole, the name below it.
const TILE_GRID = "grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4";

export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  return (
    <ul className={TILE_GRID}>
      {tiles.map((tile, index) => (
        <li key={tile.slug}>
          <Reveal delayMs={index * TILE_STAGGER_MS} className="h-full">
            <Link
              to={categoryPath(tile.slug)}
              className="group focus-visible:outline-ink border-ink/10 flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-[0_1px_2px_rgb(0_0_0/0.04)] transition duration-300 hover:-translate-y-0.5 hover:shadow-[0_18px_40px_-20px_rgb(0_0_0/0.35)] focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <div className="bg-ink/5 aspect-square overflow-hidden">
                <FallbackImage
                  src={tile.image}
                  alt=""
                  sizes="(min-width: 1280px) 296px, (min-width: 1024px) 23vw, 46vw"
                  className="h-full w-full object-contain transition duration-700 group-hover:scale-[1.04]"
                />
              </div>
              <div className="flex flex-1 flex-col items-start gap-3 p-3 sm:p-5">
                <h3 className="font-serif text-lg leading-snug wrap-anywhere sm:text-2xl">{tile.name}</h3>
                <span className="bg-ink text-paper group-hover:bg-brand group-hover:text-ink mt-auto rounded-full px-3 py-1.5 text-xs font-medium transition-colors sm:px-4 sm:py-2 sm:text-sm">
                  View Products
                </span>
              </div>
            </Link>
          </Reveal>
        </li>
      ))}
    </ul>
  );
}

/** Pulsing stand-ins while category tiles load. */
export function CategoryTilesSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className={TILE_GRID}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="bg-ink/10 aspect-[3/4] animate-pulse rounded-2xl" />
      ))}
    </ul>
  );
}

export const TILES_UNAVAILABLE = "The categories could not be loaded. Please try again later.";

/**
 * Tiles that arrive after the first paint: pulsing stand-ins until then, a short notice if
 * they fail. The notice must be an element: Await rethrows the error when errorElement is
 * empty, which would turn the whole page into an error.
 */
export function StreamedCategoryTiles({ tiles }: { tiles: Promise<CategoryTile[]> }) {
  return (
    <Suspense fallback={<CategoryTilesSkeleton />}>
      <Await resolve={tiles} errorElement={<p className="text-ink/70">{TILES_UNAVAILABLE}</p>}>
        {(loaded) => <CategoryTiles tiles={loaded} />}
      </Await>
    </Suspense>
  );
}
