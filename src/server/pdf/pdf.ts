import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export { japaneseDate } from "@/lib/japanese-date";

// Japanese PDFs (invoices, the brochure) with Noto Sans JP from an npm package, so no
// system font is needed; pdfkit embeds only the glyphs used.
const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`@expo-google-fonts/noto-sans-jp/${file}`);

export const FONT = { regular: "NotoSansJP", bold: "NotoSansJP-Bold" } as const;

// Each font file (5 MB) is read once per process, not once per document.
const fontFiles = new Map<string, Buffer>();
function fontBytes(file: string): Buffer {
  const cached = fontFiles.get(file);
  if (cached) return cached;
  const bytes = readFileSync(fontPath(file));
  fontFiles.set(file, bytes);
  return bytes;
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
  doc.registerFont(FONT.regular, fontBytes("400Regular/NotoSansJP_400Regular.ttf"));
  doc.registerFont(FONT.bold, fontBytes("700Bold/NotoSansJP_700Bold.ttf"));
  doc.font(FONT.regular);
  return doc;
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
