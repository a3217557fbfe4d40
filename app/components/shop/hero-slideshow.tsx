import { ChevronLeft, ChevronRight, ImageOff, Pause, Play } from "lucide-react";
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import { Link } from "react-router";
import { usePageLoaded } from "../../lib/use-page-loaded.ts";
import { FallbackImage } from "../ui/fallback-image.tsx";
import { productPath } from "./nav-links.ts";

// Spec §4 / §9: auto-advance every 5 s, paused on hover and during a transition; a
// transition locks input for 600 ms; wraps at both ends; a swipe over 50 px turns.
export const AUTO_ADVANCE_MS = 5000;
export const TRANSITION_LOCK_MS = 600;
export const SWIPE_THRESHOLD_PX = 50;

export type HeroSlide =
  | { kind: "collage"; title: string; images: { src: string; alt: string }[] }
  | { kind: "product"; slug: string; name: string; image: string };

const HERO_SIZES = "(min-width: 1024px) 50vw, 100vw";
/** Square like the shop's pictures; object-contain keeps any other shape whole. */
const frame = "bg-ink/5 aspect-square overflow-hidden rounded-3xl";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    // The server cannot know; no slide moves before hydration anyway.
    () => false,
  );
}

export function HeroSlideshow({ slides }: { slides: HeroSlide[] }) {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [transitioning, setTransitioning] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const count = slides.length;

  // The later slides' pictures wait for the page's load, or for the first turn: the first turn
  // is five seconds away.
  const [turned, setTurned] = useState(false);
  const laterPicturesShown = usePageLoaded() || turned;

  const goTo = useCallback(
    (target: number) => {
      if (transitioning || count < 2) return;
      setActive(((target % count) + count) % count);
      setTransitioning(true);
      setTurned(true);
    },
    [transitioning, count],
  );

  useEffect(() => {
    if (!transitioning) return;
    const timer = setTimeout(() => setTransitioning(false), TRANSITION_LOCK_MS);
    return () => clearTimeout(timer);
  }, [transitioning]);

  const paused = hovered || focused || stopped || reducedMotion || transitioning;
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => goTo(active + 1), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [paused, count, active, goTo]);

  if (count === 0) {
    return (
      <div className="border-ink/15 bg-ink/[0.03] flex aspect-square w-full flex-col items-center justify-center gap-3 rounded-3xl border border-dashed p-8 text-center">
        <ImageOff aria-hidden="true" className="text-ink/40 size-10" strokeWidth={1.5} />
        <p className="font-serif text-xl">No product images available</p>
        <p className="text-ink/65 text-sm">Product images will appear here once they are added</p>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") goTo(active + 1);
    else if (event.key === "ArrowLeft") goTo(active - 1);
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    goTo(dx < 0 ? active + 1 : active - 1);
  };

  const arrow =
    "pointer-events-auto bg-paper/90 text-ink absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full shadow-md backdrop-blur transition hover:bg-paper focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink";

  return (
    // Arrow keys anywhere in the carousel turn it; every control is also a real button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label="Product slideshow"
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      {/* Slides share one grid cell: the tallest caption sets the height, so turning never shifts the page. */}
      <div
        className="relative grid touch-pan-y select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        {slides.map((slide, index) => {
          const current = index === active;
          return (
            <div
              key={slide.kind === "collage" ? "collage" : slide.slug}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!current}
              inert={!current}
              data-active={current}
              className={`[grid-area:1/1] transition-opacity duration-[600ms] ease-out ${current ? "opacity-100" : "opacity-0"}`}
            >
              {slide.kind === "collage" ? (
                <CollageSlide slide={slide} priority={index === 0} />
              ) : (
                <Link to={productPath(slide.slug)} className="group block focus-visible:outline-none" draggable={false}>
                  <div className={`${frame} group-focus-visible:outline-ink group-focus-visible:outline-2`}>
                    {(index === 0 || laterPicturesShown) && (
                      <FallbackImage
                        src={slide.image}
                        alt={slide.name}
                        sizes={HERO_SIZES}
                        priority={index === 0}
                        draggable={false}
                        className="h-full w-full object-contain"
                      />
                    )}
                  </div>
                  <SlideCaption>{slide.name}</SlideCaption>
                </Link>
              )}
            </div>
          );
        })}
        {count > 1 && (
          // Over the picture only (the caption below stays clear); the buttons take the clicks.
          <div className="pointer-events-none absolute inset-x-0 top-0 aspect-square">
            <button
              type="button"
              aria-label="Previous slide"
              onClick={() => goTo(active - 1)}
              className={`${arrow} left-3`}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              aria-label="Next slide"
              onClick={() => goTo(active + 1)}
              className={`${arrow} right-3`}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        )}
      </div>
      {count > 1 && (
        <div className="mt-1 flex items-center justify-center">
          <button
            type="button"
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? "Play slideshow" : "Pause slideshow"}
            className="text-ink/70 hover:text-ink inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ink"
          >
            {stopped ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
          </button>
          {slides.map((slide, index) => (
            <button
              key={slide.kind === "collage" ? "collage" : slide.slug}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === active ? "true" : undefined}
              onClick={() => goTo(index)}
              className="group inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ink"
            >
              <span
                className={`block h-2 rounded-full transition-all duration-300 ${
                  index === active ? "bg-brand w-6" : "bg-ink/25 group-hover:bg-ink/45 w-2"
                }`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function CollageSlide({ slide, priority }: { slide: Extract<HeroSlide, { kind: "collage" }>; priority: boolean }) {
  const images = slide.images.slice(0, 4);
  const layout =
    images.length === 3
      ? "grid-cols-2 grid-rows-2 [&>*:first-child]:row-span-2"
      : images.length === 2
        ? "grid-cols-2"
        : "grid-cols-2 grid-rows-2";
  return (
    <div>
      <div className={`${frame} grid gap-1.5 ${layout}`}>
        {images.map((image, index) => (
          <FallbackImage
            key={`${image.src}-${index}`}
            src={image.src}
            alt={image.alt}
            sizes="(min-width: 1024px) 25vw, 50vw"
            priority={priority && index < 2}
            draggable={false}
            className="h-full min-h-0 w-full object-contain"
          />
        ))}
      </div>
      <SlideCaption>{slide.title}</SlideCaption>
    </div>
  );
}

/** A slide's name, under its picture so it covers none of it. */
function SlideCaption({ children }: { children: string }) {
  return (
    <p className="text-ink mt-3 text-center font-serif text-lg leading-snug text-balance wrap-anywhere">{children}</p>
  );
}
