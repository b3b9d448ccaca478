import { createRequire } from "node:module";

// Japanese PDFs (invoices, the brochure) with Noto Sans JP from an npm package, so no
// system font is needed; pdfkit embeds only the glyphs used.
const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`@expo-google-fonts/noto-sans-jp/${file}`);

export const FONT = { regular: "NotoSansJP", bold: "NotoSansJP-Bold" } as const;

// pdfkit loads on the first PDF, not at start-up (half a second of a restart on a busy machine).
let PDFDocument: typeof import("pdfkit") | undefined;

export function newDocument(info: { title: string; author?: string }): PDFKit.PDFDocument {
  PDFDocument ??= require("pdfkit") as typeof import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: info.title, Author: info.author ?? "OEMマッチ" },
  });
  doc.registerFont(FONT.regular, fontPath("400Regular/NotoSansJP_400Regular.ttf"));
  doc.registerFont(FONT.bold, fontPath("700Bold/NotoSansJP_700Bold.ttf"));
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

export const yen = (n: number) => `¥${n.toLocaleString("ja-JP")}`;
