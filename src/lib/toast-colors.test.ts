import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as toastModule from "./toast";

// Issue 33 item 23: sonner's light success toast is #008a2e on #ecfdf3 (4.25:1), below WCAG AA's
// 4.5:1 for its 13 px text. What a toast shows is our override of sonner's variables, else its own.

// The CSS sonner injects at run time (its index.mjs) is what a page gets.
const sonnerCss = readFileSync(path.resolve("node_modules/sonner/dist/index.mjs"), "utf8");
const light = /\[data-sonner-toaster\]\[data-sonner-theme=light\]\s*\{([^}]*)\}/.exec(sonnerCss)![1]!;

function sonnerDefault(name: string): string {
  return new RegExp(`${name}:\\s*([^;]+);`).exec(light)![1]!.trim();
}

/** #rrggbb or hsl(h, s%, l%) → [r, g, b] in 0..255. */
function rgbOf(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex)
    return [0, 2, 4].map((i) => Number.parseInt(hex[1]!.slice(i, i + 2), 16)) as [number, number, number];
  const [h, s, l] = /hsl\(\s*([\d.]+),\s*([\d.]+)%,\s*([\d.]+)%\s*\)/.exec(color)!.slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

function luminance(color: string): number {
  const [r, g, b] = rgbOf(color).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("toast colours", () => {
  it("reads sonner's own success colours as the audit measured them (4.25:1)", () => {
    expect(contrast(sonnerDefault("--success-text"), sonnerDefault("--success-bg"))).toBeCloseTo(4.25, 1);
  });

  it.each(["success", "error"])("the %s toast's text meets 4.5:1 on its background", (kind) => {
    const ours = ((toastModule as Record<string, unknown>).TOASTER_COLORS ?? {}) as Record<string, string>;
    const text = ours[`--${kind}-text`] ?? sonnerDefault(`--${kind}-text`);
    const bg = ours[`--${kind}-bg`] ?? sonnerDefault(`--${kind}-bg`);
    expect(contrast(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });
});
