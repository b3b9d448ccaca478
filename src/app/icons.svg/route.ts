// GET /icons.svg – the sprite of SpriteIcon (src/components/ui/sprite-icon.tsx): lucide's glyphs
// of the public pages as <symbol>s. Pages reference it as /icons.svg?v={SPRITE_VERSION}#name; that
// URL never changes its content, so a browser keeps it for a year. Any other `v` (an old page
// in a cache, a hand-typed URL) gets today's sprite, revalidated on every use.
import { SPRITE_VERSION } from "@/components/ui/sprite-icon";
import { iconSprite } from "./sprite";

export const dynamic = "force-dynamic";

export function GET(req: Request): Response {
  const { svg, version } = iconSprite();
  const current = new URL(req.url).searchParams.get("v") === SPRITE_VERSION && version === SPRITE_VERSION;
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      ETag: `"${version}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
