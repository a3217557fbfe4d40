import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { responsiveImage } from "../../../core/images.ts";

export const PLACEHOLDER_IMAGE = "/images/placeholder.jpg";

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  /** A stored image (gets its responsive variants) or any URL; empty shows the fallback. */
  src: string | null | undefined;
  fallback?: string;
  /** Sets fetchpriority="high" and eager loading: the page's main picture. */
  priority?: boolean;
};

/**
 * An image that swaps to a fallback once when it fails to load, never retrying (spec §4).
 * A failure before hydration fires no React onError, so the mount effect checks too.
 */
export function FallbackImage({
  src,
  fallback = PLACEHOLDER_IMAGE,
  priority = false,
  alt = "",
  ...props
}: FallbackImageProps) {
  // Remembers which source failed, so a new src gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const url = !src || failedSrc === src ? fallback : src;
  const image = responsiveImage(url);

  useEffect(() => {
    const element = ref.current;
    if (element && element.complete && element.naturalWidth === 0 && src && url !== fallback) setFailedSrc(src);
  }, [url, fallback, src]);

  return (
    <img
      ref={ref}
      {...props}
      alt={alt}
      src={image.src}
      srcSet={image.srcSet}
      width={props.width ?? image.width}
      height={props.height ?? image.height}
      loading={priority ? "eager" : (props.loading ?? "lazy")}
      fetchPriority={priority ? "high" : props.fetchPriority}
      decoding={priority ? "auto" : "async"}
      onError={() => {
        if (src && url !== fallback) setFailedSrc(src);
      }}
    />
  );
}
