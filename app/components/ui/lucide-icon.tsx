import { createElement, type Ref, type SVGProps } from "react";

/** An icon as lucide-react's icon modules describe it (`__iconData`). */
export interface LucideIconData {
  name: string;
  size?: number;
  node: [tag: string, attributes: Record<string, string>][];
}

export interface LucideIconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  ref?: Ref<SVGSVGElement>;
}

const labels = (props: object) =>
  Object.keys(props).some((name) => name.startsWith("aria-") || name === "role" || name === "title");

/**
 * The build makes lucide-react's icons with this in place of lucide's own `createLucideIcon`
 * (vite.config.ts, `lightLucideIcons`): the same drawing and attributes for the props this app
 * passes (size, stroke width, class, ARIA), without lucide's context provider, class names per
 * icon and attribute renaming, which cost every page about 1 KB of script.
 */
export default function createLucideIcon({ size: box = 24, node }: LucideIconData) {
  return function LucideIcon({ size = 24, strokeWidth = 2, className, children, ...props }: LucideIconProps) {
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: "none",
        stroke: "currentColor",
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className,
        // Like lucide's: a drawing nothing names is hidden from assistive technology.
        "aria-hidden": children || labels(props) ? undefined : "true",
        ...props,
      },
      ...node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  };
}
