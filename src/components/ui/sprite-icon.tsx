import type { SVGProps } from "react";

/**
 * The icons of the public pages, drawn from one sprite (`/icons.svg`, src/app/icons.svg/route.ts)
 * instead of inline: a search page shows about 150 icons (seven per result card), each inline
 * lucide icon cost ~450 bytes of HTML plus a client reference with its path data in the server
 * components' payload, and a hydration of its own. Here an icon is `<svg><use/></svg>`, about
 * 90 bytes, with no client code (decision 0030). Lucide's glyphs, by their lucide names.
 */
export const SPRITE_ICONS = [
  "arrow-right",
  "badge-check",
  "building-2",
  "chart-column",
  "check",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "chevron-up",
  "download",
  "external-link",
  "factory",
  "file-text",
  "handshake",
  "image",
  "info",
  "log-in",
  "mail-check",
  "map-pin",
  "menu",
  "package",
  "plus",
  "search",
  "search-x",
  "send",
  "sliders-horizontal",
  "ticket",
  "users",
  "x",
] as const;

export type SpriteIconName = (typeof SPRITE_ICONS)[number];

/**
 * The sprite's content version (the first 8 hex digits of its SHA-256): its URL carries it, so a
 * browser keeps the sprite for a year and fetches the new one when it changes.
 * src/app/icons.svg/sprite.test.ts fails, with the value to put here, when the sprite changes.
 */
export const SPRITE_VERSION = "dc7312ba";

export const SPRITE_URL = `/icons.svg?v=${SPRITE_VERSION}`;

type SpriteIconProps = Omit<SVGProps<SVGSVGElement>, "children" | "name" | "aria-label" | "role"> & {
  name: SpriteIconName;
};

/**
 * One icon of the sprite, always decorative (`aria-hidden`, as lucide's are without a label): the
 * text beside it, or the control's label, names it. Sized 24 px by `.icon` (globals.css); a size
 * or stroke utility in `className` wins.
 */
export function SpriteIcon({ name, className, ...props }: SpriteIconProps) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden), named by the text beside it
    <svg {...props} aria-hidden="true" className={className ? `icon ${className}` : "icon"}>
      <use href={`${SPRITE_URL}#${name}`} />
    </svg>
  );
}
