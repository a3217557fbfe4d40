import { Link } from "react-router";
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

export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {tiles.map((tile, index) => (
        <li key={tile.slug}>
          <Reveal delayMs={index * TILE_STAGGER_MS} className="h-full">
            <Link
              to={categoryPath(tile.slug)}
              className="group focus-visible:outline-ink relative block aspect-[4/3] overflow-hidden rounded-2xl sm:aspect-[3/4] focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <FallbackImage
                src={tile.image}
                alt=""
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                className="absolute inset-0 h-full w-full object-cover transition duration-700 group-hover:scale-105"
              />
              <div
                aria-hidden="true"
                className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/20 to-transparent"
              />
              <div className="absolute inset-x-0 bottom-0 flex flex-col items-start gap-3 p-6 text-white">
                <h3 className="font-serif text-2xl">{tile.name}</h3>
                <span className="bg-paper text-ink group-hover:bg-brand rounded-full px-4 py-2 text-sm font-medium transition-colors">
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
    <ul aria-hidden="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="bg-ink/10 aspect-[4/3] animate-pulse rounded-2xl sm:aspect-[3/4]" />
      ))}
    </ul>
  );
}
