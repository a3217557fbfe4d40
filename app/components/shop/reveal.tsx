import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";

/** Share of a section that must be visible before it fades in (spec §9). */
const REVEAL_THRESHOLD = 0.1;

/**
 * Fades its content in once, the first time it scrolls into view. Server-rendered
 * content is visible (no JavaScript, no hiding); only sections that start below the
 * fold are hidden after hydration and revealed by an IntersectionObserver.
 */
export function Reveal({
  children,
  className = "",
  delayMs = 0,
}: {
  children: ReactNode;
  className?: string;
  delayMs?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setHidden(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setHidden(false);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const style: CSSProperties | undefined = delayMs ? { transitionDelay: `${delayMs}ms` } : undefined;
  return (
    <div ref={ref} className={`reveal ${className}`} data-revealed={hidden ? "false" : undefined} style={style}>
      {children}
    </div>
  );
}
