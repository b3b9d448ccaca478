import { describe, expect, it } from "vitest";
import { SPRITE_ICONS, SPRITE_VERSION } from "@/components/ui/sprite-icon";
import { iconSprite } from "./sprite";

describe("the icon sprite", () => {
  const { svg, version } = iconSprite();

  it("holds one symbol per icon name, each with lucide's glyph", () => {
    const ids = [...svg.matchAll(/<symbol id="([a-z0-9-]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)];
    expect(ids.map((m) => m[1])).toEqual([...SPRITE_ICONS]);
    for (const [, , body] of ids) expect(body).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse) /);
    // lucide's map pin, as its module draws it (the React component's own key attributes dropped)
    expect(svg).toContain('<symbol id="map-pin" viewBox="0 0 24 24"><path d="M20 10c0 4.993');
    expect(svg).toContain('<circle cx="12" cy="10" r="3"/>');
    expect(svg).not.toContain("key=");
  });

  it("is the version its URL names (else put the new version into SPRITE_VERSION)", () => {
    expect(version, `SPRITE_VERSION in src/components/ui/sprite-icon.tsx must be "${version}"`).toBe(
      SPRITE_VERSION,
    );
  });
});
