import { FONT, linesWithHonorific, rowRule } from "@/server/pdf/pdf";

// A top-to-bottom flow over A4 pages for the order documents: sections, label/value fields and
// tables whose header row repeats on a new page; running header and 「n / N」 footer at the end.

export interface Column {
  title: string;
  width: number;
  align?: "left" | "right" | "center";
}

export interface BoxParty {
  name: string;
  address: string;
  phone: string | null;
  person: string | null;
  email: string | null;
}

export interface PartyBox {
  role: string; // 受注者, 発注者
  party: BoxParty;
  honorific?: string; // 御中 for the addressee
  personLabel: string; // 担当者, 発行者
}

const LABEL_WIDTH = 118;
const PAD = 5;
// A right-aligned figure keeps a wider gap from the left-aligned column after it.
const padRight = (c: Column) => (c.align === "right" ? 14 : PAD);
const GREY = "#6b7280";

export class Sheet {
  readonly left = 48;
  readonly width: number;
  private readonly bottom: number;
  y = 48;

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.width = doc.page.width - 96;
    this.bottom = doc.page.height - 48 - 18; // room for the footer line
  }

  /** Starts a new page when `height` does not fit below y; true when it did. */
  need(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = 48 + 22; // below the running header
    return true;
  }

  gap(points: number): void {
    this.y += points;
  }

  /** A section heading with a bar, kept with at least `keep` points of what follows. */
  section(title: string, keep = 40): void {
    this.need(22 + keep);
    this.y += 4;
    this.doc
      .rect(this.left, this.y + 1, 3, 13)
      .fill("#1d4ed8")
      .fillColor("#111827");
    this.doc
      .font(FONT.bold)
      .fontSize(11)
      .text(title, this.left + 9, this.y, { width: this.width - 9 });
    this.y += 19;
  }

  /** A label on the left and its (wrapping) value on the right. */
  field(label: string, value: string, opts: { bold?: boolean; size?: number } = {}): void {
    const { doc } = this;
    const size = opts.size ?? 9.5;
    const valueWidth = this.width - LABEL_WIDTH;
    doc.font(opts.bold ? FONT.bold : FONT.regular).fontSize(size);
    const h = Math.max(doc.heightOfString(value || "—", { width: valueWidth }), 12);
    this.need(h + 4);
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(GREY)
      .text(label, this.left, this.y + (size - 9), {
        width: LABEL_WIDTH - 8,
      });
    doc
      .font(opts.bold ? FONT.bold : FONT.regular)
      .fontSize(size)
      .fillColor("#111827")
      .text(value || "—", this.left + LABEL_WIDTH, this.y, { width: valueWidth });
    this.y += h + 3;
  }

  /** Plain wrapping text across the full width. */
  paragraph(text: string, opts: { size?: number; color?: string; bold?: boolean } = {}): void {
    const { doc } = this;
    doc.font(opts.bold ? FONT.bold : FONT.regular).fontSize(opts.size ?? 9.5);
    const h = doc.heightOfString(text, { width: this.width });
    this.need(h + 2);
    doc.fillColor(opts.color ?? "#111827").text(text, this.left, this.y, { width: this.width });
    doc.fillColor("#111827");
    this.y += h + 2;
  }

  /** A framed note (the law line): text on a tinted box. */
  note(text: string): void {
    const { doc } = this;
    doc.font(FONT.bold).fontSize(9.5);
    const h = doc.heightOfString(text, { width: this.width - 20 }) + 12;
    this.need(h + 6);
    doc.rect(this.left, this.y, this.width, h).fillAndStroke("#eff6ff", "#93c5fd");
    doc.fillColor("#1e3a8a").text(text, this.left + 10, this.y + 6, { width: this.width - 20 });
    doc.fillColor("#111827").strokeColor("#000000");
    this.y += h + 6;
  }

  /** A table; the column widths are scaled to the full width, the header repeats after a page break. */
  table(columns: Column[], rows: string[][], size = 9): void {
    const { doc } = this;
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const header = () => {
      doc.font(FONT.bold).fontSize(size);
      const h = Math.max(
        ...columns.map((c, i) => doc.heightOfString(c.title, { width: widths[i]! - PAD - padRight(c) })),
      );
      doc
        .rect(this.left, this.y, this.width, h + 8)
        .fill("#eef2ff")
        .fillColor("#111827");
      columns.forEach((c, i) => {
        doc.text(c.title, xs[i]! + PAD, this.y + 4, {
          width: widths[i]! - PAD - padRight(c),
          align: c.align ?? "left",
        });
      });
      this.y += h + 10;
    };
    this.need(40);
    header();
    for (const row of rows) {
      doc.font(FONT.regular).fontSize(size);
      const h = Math.max(
        ...row.map((cell, i) =>
          doc.heightOfString(cell || "—", { width: widths[i]! - PAD - padRight(columns[i]!) }),
        ),
      );
      if (this.need(h + 6)) header();
      doc.font(FONT.regular).fontSize(size);
      row.forEach((cell, i) => {
        doc.text(cell || "—", xs[i]! + PAD, this.y, {
          width: widths[i]! - PAD - padRight(columns[i]!),
          align: columns[i]!.align ?? "left",
        });
      });
      this.y += h + 3;
      rowRule(doc, this.left, this.width, this.y);
      this.y += 3;
    }
  }

  /** Two framed boxes side by side, one per party, each with its role, name and contacts. */
  parties(boxes: [PartyBox, PartyBox]): void {
    const { doc } = this;
    const gutter = 12;
    const w = (this.width - gutter) / 2;
    const top = this.y;
    let bottom = top;
    boxes.forEach((b, i) => {
      const x = this.left + i * (w + gutter) + 8;
      const inner = w - 16;
      doc.rect(x - 8, top, w, 16).fill("#f3f4f6");
      doc
        .font(FONT.bold)
        .fontSize(8.5)
        .fillColor(GREY)
        .text(b.role, x, top + 3, { width: inner });
      doc.fillColor("#111827").fontSize(12);
      const names = b.honorific ? linesWithHonorific(doc, b.party.name, b.honorific, inner) : [b.party.name];
      doc.text(names.join("\n"), x, top + 22, { width: inner });
      doc.font(FONT.regular).fontSize(8.5).moveDown(0.2);
      const rows: Array<[string, string | null]> = [
        ["住所", b.party.address || null],
        ["電話", b.party.phone],
        [b.personLabel, b.party.person],
        ["メール", b.party.email],
      ];
      for (const [k, v] of rows) if (v) doc.text(`${k}：${v}`, x, doc.y + 1, { width: inner });
      bottom = Math.max(bottom, doc.y + 8);
    });
    boxes.forEach((_, i) => {
      doc
        .rect(this.left + i * (w + gutter), top, w, bottom - top)
        .strokeColor("#d1d5db")
        .stroke();
    });
    doc.strokeColor("#000000");
    this.y = bottom + 10;
  }

  /** Writes the running header (from page 2) and 「n / N」 on every page; needs bufferPages. */
  finish(runningHeader: string, footer: string): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const keep = doc.page.margins.bottom;
      doc.page.margins.bottom = 0; // text below the margin must not open another page
      doc.font(FONT.regular).fontSize(8).fillColor(GREY);
      if (i > range.start) {
        doc.text(runningHeader, this.left, 40, { width: this.width, lineBreak: false });
        rowRule(doc, this.left, this.width, 54);
      }
      const y = doc.page.height - 40;
      doc.text(footer, this.left, y, { width: this.width / 2, lineBreak: false });
      doc.text(`${i - range.start + 1} / ${range.count}`, this.left + this.width / 2, y, {
        width: this.width / 2,
        align: "right",
        lineBreak: false,
      });
      doc.page.margins.bottom = keep;
      doc.fillColor("#111827");
    }
  }
}
