import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export { japaneseDate } from "@/lib/japanese-date";

// Japanese PDFs (invoices, the brochure) with Noto Sans JP from an npm package, so no
// system font is needed; pdfkit embeds only the glyphs used.
const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`@expo-google-fonts/noto-sans-jp/${file}`);

export const FONT = { regular: "NotoSansJP", bold: "NotoSansJP-Bold" } as const;

// Each font (a 5 MB file) is read and parsed once per process, not once per document: pdfkit takes
// a parsed fontkit font, whose tables and glyphs stay decoded (issue 35: parsing them again was
// most of an order PDF's 110 ms of CPU). Each document still embeds its own subset.
type ParsedFont = { layout: (...args: never[]) => unknown };
const parsedFonts = new Map<string, ParsedFont>();
function parsedFont(file: string): ParsedFont {
  const cached = parsedFonts.get(file);
  if (cached) return cached;
  // pdfkit's own fontkit, so the font objects are of the version it embeds.
  const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as {
    create: (bytes: Buffer) => ParsedFont;
  };
  const font = fontkit.create(readFileSync(fontPath(file)));
  parsedFonts.set(file, font);
  return font;
}

// pdfkit loads on the first PDF, not at start-up (half a second of a restart on a busy machine).
let PDFDocument: typeof import("pdfkit") | undefined;

/** `bufferPages` keeps every page open until the end, to write 「n / N」 on each. */
export function newDocument(info: {
  title: string;
  author?: string;
  bufferPages?: boolean;
}): PDFKit.PDFDocument {
  PDFDocument ??= require("pdfkit") as typeof import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    bufferPages: info.bufferPages ?? false,
    info: { Title: info.title, Author: info.author ?? "OEMマッチ" },
  });
  // pdfkit (0.20) accepts a parsed font where its types say a path or bytes.
  doc.registerFont(FONT.regular, parsedFont("400Regular/NotoSansJP_400Regular.ttf") as unknown as Buffer);
  doc.registerFont(FONT.bold, parsedFont("700Bold/NotoSansJP_700Bold.ttf") as unknown as Buffer);
  for (const name of [FONT.bold, FONT.regular]) shareLayouts(doc.font(name), name);
  return doc;
}

/**
 * A string's shaped glyphs depend on the font alone, yet pdfkit keeps them per document: Japanese
 * text has no spaces, so every label is shaped again in every PDF (a third of an order PDF's CPU).
 * The documents of a process share one cache per font, emptied past LAYOUT_CACHE_MAX strings so
 * that names and addresses do not pile up; pdfkit copies what it changes (the cached runs stay as shaped).
 */
const LAYOUT_CACHE_MAX = 5_000;
const layoutCaches = new Map<string, Record<string, unknown>>();
function shareLayouts(doc: PDFKit.PDFDocument, name: string): void {
  const font = (doc as unknown as { _font?: { layoutCache?: Record<string, unknown> } })._font;
  if (!font?.layoutCache) return;
  let cache = layoutCaches.get(name);
  if (!cache) {
    let entries = 0;
    cache = new Proxy(Object.create(null) as Record<string, unknown>, {
      set(target, key, value) {
        if (++entries > LAYOUT_CACHE_MAX) {
          for (const k of Object.keys(target)) delete target[k];
          entries = 1;
        }
        target[key as string] = value;
        return true;
      },
    });
    layoutCaches.set(name, cache);
  }
  font.layoutCache = cache;
}

/** Ends the document and collects its bytes. */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/**
 * Wraps a name to `width` and appends an honorific (御中, 様) that never splits: it follows the
 * last line when it fits there, otherwise it starts the next line as a unit.
 */
export function linesWithHonorific(
  doc: PDFKit.PDFDocument,
  name: string,
  honorific: string,
  width: number,
): string[] {
  const lines: string[] = [];
  let line = "";
  for (const ch of Array.from(name)) {
    if (line && doc.widthOfString(line + ch) > width) {
      lines.push(line);
      line = "";
    }
    line += ch;
  }
  const suffix = `　${honorific}`;
  if (doc.widthOfString(line + suffix) <= width) lines.push(line + suffix);
  else lines.push(line, honorific);
  return lines;
}

/** The thin grey rule under a table row of an invoice or a purchase order, at `y`. */
export function rowRule(doc: PDFKit.PDFDocument, left: number, width: number, y: number): void {
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor("#e5e7eb")
    .stroke()
    .strokeColor("#000000");
}

/** The totals at the right edge (label, amount), the 合計 line in bold; returns the y below them. */
export function totalsBlock(
  doc: PDFKit.PDFDocument,
  rows: Array<[string, string]>,
  right: number,
  y: number,
): number {
  const label = right - 260;
  for (const [k, v] of rows) {
    doc.font(k.startsWith("合計") ? FONT.bold : FONT.regular).text(k, label, y, { width: 150 });
    doc.text(v, label + 150, y, { width: 110, align: "right" });
    y += 20;
  }
  return y;
}
