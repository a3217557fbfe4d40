import type { LucideProps } from "lucide-react";
import * as check from "lucide-react/icons/check";
import * as imageOff from "lucide-react/icons/image-off";
import * as shoppingBag from "lucide-react/icons/shopping-bag";
import * as trash from "lucide-react/icons/trash";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon, { type LucideIconData } from "./lucide-icon.tsx";

// Each lucide icon module exports its drawing as `__iconData` beside the component (not in its types).
const icons = { check, imageOff, shoppingBag, trash } as unknown as Record<
  string,
  { default: ComponentType<LucideProps>; __iconData: LucideIconData }
>;

/** Markup without the class names lucide adds of its own (`lucide lucide-check`). */
const withoutLucideClasses = (html: string) =>
  html.replace(/ class="([^"]*)"/, (_match, classes: string) => {
    const kept = classes.split(" ").filter((name) => name !== "lucide" && !name.startsWith("lucide-"));
    return kept.length > 0 ? ` class="${kept.join(" ")}"` : "";
  });

const PROPS: LucideProps[] = [
  {},
  { className: "size-4", strokeWidth: 3, "aria-hidden": "true" },
  { className: "text-ink/35 size-12", strokeWidth: 1.25 },
  { size: 20, "aria-label": "Remove" },
  { role: "img" },
];

describe("the light lucide icon the build uses", () => {
  for (const [name, icon] of Object.entries(icons)) {
    it(`draws ${name} as lucide-react does, for every way the shop passes props`, () => {
      const Light = createLucideIcon(icon.__iconData);
      const Lucide = icon.default;
      for (const props of PROPS) {
        expect(renderToStaticMarkup(<Light {...props} />)).toBe(
          withoutLucideClasses(renderToStaticMarkup(<Lucide {...props} />)),
        );
      }
    });
  }

  it("hides a drawing nothing names and keeps one that is named", () => {
    const Light = createLucideIcon(icons.check!.__iconData);
    expect(renderToStaticMarkup(<Light />)).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(<Light aria-label="Chosen" />)).not.toContain("aria-hidden");
  });
});
