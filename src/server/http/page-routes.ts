import { readdirSync } from "node:fs";
import path from "node:path";

// The route pattern of a page request for the metrics ("/oem/company/[id]", as Next names it),
// so that requests are counted per page, not under one "(page)" label nor one label per URL
// (which would grow without bound). The patterns come from the app directory itself (src/app):
// its page and route files, and the metadata files Next serves (robots.txt, sitemap.xml, …).

type Segment =
  | { kind: "static"; name: string }
  | { kind: "dynamic" }
  | { kind: "catchAll"; optional: boolean };
interface Pattern {
  label: string;
  segments: Segment[];
}

/** Files that make their folder a URL; the metadata ones map to the URL Next serves. */
const ROUTE_FILE = /^(page|route)\.(tsx?|jsx?)$/;
const METADATA_FILE: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^robots\.(ts|js|txt)$/, () => "robots.txt"],
  [/^sitemap\.(ts|js|xml)$/, () => "sitemap.xml"],
  [/^(opengraph-image|twitter-image)\.(tsx?|jsx?)$/, (m) => m[1]!],
  [/^(opengraph-image|twitter-image)\.(png|jpe?g|gif)$/, (m) => `${m[1]}.${m[2]}`],
  [/^(icon|apple-icon)\.(svg|png|ico|jpe?g)$/, (m) => `${m[1]}.${m[2]}`],
];

function segmentOf(dir: string): Segment | undefined {
  if (dir.startsWith("(") || dir.startsWith("@")) return undefined; // a route group or a slot: not in the URL
  const optional = /^\[\[\.\.\.[^\]]+\]\]$/.test(dir);
  if (optional || /^\[\.\.\.[^\]]+\]$/.test(dir)) return { kind: "catchAll", optional };
  if (/^\[[^\]]+\]$/.test(dir)) return { kind: "dynamic" };
  return { kind: "static", name: dir };
}

function labelOf(dirs: string[], file?: string): string {
  const parts = dirs.filter((d) => !d.startsWith("(") && !d.startsWith("@"));
  if (file) parts.push(file);
  return `/${parts.join("/")}`;
}

/** Every URL pattern under `appDir`, the most specific first (static segments before dynamic ones). */
export function scanPageRoutes(appDir: string): Pattern[] {
  const found: Pattern[] = [];
  const walk = (dirs: string[]) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(path.join(appDir, ...dirs), { withFileTypes: true });
    } catch {
      return;
    }
    const segments = dirs.map(segmentOf).filter((s): s is Segment => s !== undefined);
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!e.name.startsWith("_")) walk([...dirs, e.name]); // _folders are private to Next
        continue;
      }
      if (ROUTE_FILE.test(e.name)) found.push({ label: labelOf(dirs), segments });
      for (const [re, url] of METADATA_FILE) {
        const m = e.name.match(re);
        if (m)
          found.push({
            label: labelOf(dirs, url(m)),
            segments: [...segments, { kind: "static", name: url(m) }],
          });
      }
    }
  };
  walk([]);
  const rank = (p: Pattern) =>
    `${p.segments.map((s) => (s.kind === "static" ? "0" : s.kind === "dynamic" ? "1" : "2")).join("")}3`;
  return found.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
}

function matches(segments: Segment[], parts: string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.kind === "catchAll") return s.optional || parts.length > i;
    if (i >= parts.length) return false;
    if (s.kind === "static" && s.name !== parts[i]) return false;
  }
  return parts.length === segments.length;
}

/** The pattern of a request path ("/oem/company/123?x" → "/oem/company/[id]"); unknown paths share one label. */
export function pageRouteOf(patterns: Pattern[], url: string): string {
  const pathname = url.split(/[?#]/)[0] ?? "/";
  if (pathname.startsWith("/_next/image")) return "/_next/image";
  if (pathname.startsWith("/_next/")) return "(next asset)";
  const parts = pathname.split("/").filter(Boolean);
  for (const p of patterns) if (matches(p.segments, parts)) return p.label;
  return "(page not found)";
}

const holder = globalThis as unknown as { __oemPageRoutes?: Pattern[] };

/** pageRouteOf with the patterns of this app's src/app, scanned once. */
export function pageRoute(url: string): string {
  holder.__oemPageRoutes ??= scanPageRoutes(path.join(process.cwd(), "src/app"));
  return pageRouteOf(holder.__oemPageRoutes, url);
}
