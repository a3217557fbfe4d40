import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { responsiveImage } from "../../../core/images.ts";
import { usePageLoaded } from "../../lib/use-page-loaded.ts";
import { FallbackImage, PLACEHOLDER_IMAGE } from "../ui/fallback-image.tsx";

const MAIN_SIZES = "(min-width: 1024px) 600px, 100vw";
/** The frame takes the first picture's shape, within these bounds (width / height). */
const MIN_ASPECT = 3 / 4;
const MAX_ASPECT = 4 / 3;

/** The main frame's aspect ratio: the first picture's when its size is known, else square. */
function frameAspect(src: string): number {
  const { width, height } = responsiveImage(src);
  if (!width || !height) return 1;
  return Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, width / height));
}

/**
 * The product's pictures: one large image and a row of thumbnails that always shows
 * which one is on display. The parent remounts it (key) when the set of images changes,
 * so a new fabric starts again at its first picture.
 *
 * Pictures are never cropped (a strap or handle cut off misleads the shopper): the frame
 * takes the first picture's shape and every picture is contained in it.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const pictures = images.length > 0 ? images : [PLACEHOLDER_IMAGE];
  const [active, setActive] = useState(0);
  // The pictures behind the first wait for the page's load, or for the shopper's first choice.
  const [chosen, setChosen] = useState(false);
  const laterPicturesShown = usePageLoaded() || chosen;
  const count = pictures.length;
  const go = (index: number) => {
    setActive(((index % count) + count) % count);
    setChosen(true);
  };
  const arrow =
    "bg-paper/90 text-ink absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full shadow-md transition hover:bg-paper focus-visible:outline-2 focus-visible:outline-ink";

  return (
    <div
      className="flex flex-col gap-4"
      aria-roledescription="gallery"
      role="region"
      aria-label={`Pictures of ${name}`}
    >
      <div
        className="bg-ink/5 relative overflow-hidden rounded-3xl"
        style={{ aspectRatio: frameAspect(pictures[0] ?? PLACEHOLDER_IMAGE) }}
      >
        {pictures.map(
          (src, index) =>
            (index === 0 || laterPicturesShown) && (
              <FallbackImage
                key={`${src}-${index}`}
                src={src}
                alt={count > 1 ? `${name}, picture ${index + 1} of ${count}` : name}
                sizes={MAIN_SIZES}
                priority={index === 0}
                data-active={index === active}
                aria-hidden={index !== active}
                className={`absolute inset-0 h-full w-full object-contain transition-opacity duration-300 ${index === active ? "opacity-100" : "opacity-0"}`}
              />
            ),
        )}
        {count > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous picture"
              onClick={() => go(active - 1)}
              className={`${arrow} left-3`}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              aria-label="Next picture"
              onClick={() => go(active + 1)}
              className={`${arrow} right-3`}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-3" aria-label="Thumbnails">
          {pictures.map((src, index) => (
            <li key={`${src}-${index}`}>
              <button
                type="button"
                onClick={() => go(index)}
                aria-label={`Show picture ${index + 1} of ${count}`}
                aria-current={index === active ? "true" : undefined}
                className={`bg-ink/5 block size-20 overflow-hidden rounded-xl border-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink sm:size-24 ${
                  index === active ? "border-brand" : "border-transparent opacity-70 hover:opacity-100"
                }`}
              >
                <FallbackImage src={src} alt="" sizes="96px" className="h-full w-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
