import { env } from "@/env";
import { yen } from "@/lib/yen";
import {
  FONT,
  japaneseDate,
  linesWithHonorific,
  newDocument,
  rowRule,
  toBuffer,
  totalsBlock,
} from "@/server/pdf/pdf";

export interface InvoiceForPdf {
  number: string;
  issuedOn: string;
  dueOn: string | null;
  companyName: string;
  lines: Array<{ label: string; quantity: number; unitPriceYen: number; amountYen: number; taxRate: number }>;
  subtotalYen: number;
  taxYen: number;
  totalYen: number;
}

/**
 * A qualified invoice (適格請求書): issuer and registration number, date, recipient, items,
 * the total and the tax per rate (10%), and the payee account.
 */
export async function renderInvoicePdf(inv: InvoiceForPdf): Promise<Buffer> {
  const e = env();
  const doc = newDocument({ title: `請求書 ${inv.number}` });
  const left = 48;
  const width = doc.page.width - 96;

  doc.font(FONT.bold).fontSize(22).text("請求書", left, 48, { width, align: "center" });
  doc.moveDown(0.3).font(FONT.regular).fontSize(9).text("（適格請求書）", { width, align: "center" });

  doc.fontSize(10).text(`請求書番号：${inv.number}`, left, 110, { width, align: "right" });
  doc.text(`発行日：${japaneseDate(inv.issuedOn)}`, { width, align: "right" });
  if (inv.dueOn) doc.text(`お支払期限：${japaneseDate(inv.dueOn)}`, { width, align: "right" });

  // The recipient wraps by our own measure, so 御中 never breaks apart or from the name.
  doc.font(FONT.bold).fontSize(14);
  const nameLines = linesWithHonorific(doc, inv.companyName, "御中", width / 2);
  nameLines.forEach((line, i) => {
    doc.text(line, left, i === 0 ? 110 : undefined, { width: width / 2, lineBreak: false });
  });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .moveDown(0.5)
    .text("下記のとおりご請求申し上げます。", { width: width / 2 });

  const issuerTop = 190;
  doc
    .fontSize(10)
    .text(e.INVOICE_ISSUER_NAME, left + width / 2, issuerTop, { width: width / 2, align: "right" });
  doc.text(e.INVOICE_ISSUER_ADDRESS, { width: width / 2, align: "right" });
  doc.text(`登録番号：${e.INVOICE_ISSUER_NUMBER}`, { width: width / 2, align: "right" });

  // A name of three lines pushes the amount (and the items) down instead of overlapping it.
  const amountTop = Math.max(200, doc.y + 12);
  doc
    .font(FONT.bold)
    .fontSize(13)
    .text(`ご請求金額（税込）　${yen(inv.totalYen)}`, left, amountTop, { width: width / 2 });
  doc
    .moveTo(left, amountTop + 22)
    .lineTo(left + width / 2 - 10, amountTop + 22)
    .stroke();

  // Items
  let y = Math.max(270, amountTop + 70);
  const cols = [left, left + 250, left + 310, left + 400];
  doc.rect(left, y, width, 22).fill("#eef2ff").fillColor("#111827");
  doc.font(FONT.bold).fontSize(10);
  doc.text("品目", cols[0]! + 6, y + 6);
  doc.text("数量", cols[1]!, y + 6, { width: 50, align: "right" });
  doc.text("単価（税抜）", cols[2]!, y + 6, { width: 80, align: "right" });
  doc.text("金額（税抜）", cols[3]!, y + 6, { width: width - 400 - 6, align: "right" });
  doc.font(FONT.regular);
  y += 28;
  for (const l of inv.lines) {
    doc.text(`${l.label}（${Math.round(l.taxRate * 100)}%対象）`, cols[0]! + 6, y, { width: 240 });
    doc.text(String(l.quantity), cols[1]!, y, { width: 50, align: "right" });
    doc.text(yen(l.unitPriceYen), cols[2]!, y, { width: 80, align: "right" });
    doc.text(yen(l.amountYen), cols[3]!, y, { width: width - 400 - 6, align: "right" });
    y += 22;
    rowRule(doc, left, width, y - 4);
  }

  // Totals per tax rate
  y += 10;
  const rows: Array<[string, string]> = [
    ["10%対象　小計（税抜）", yen(inv.subtotalYen)],
    ["消費税（10%）", yen(inv.taxYen)],
    ["合計（税込）", yen(inv.totalYen)],
  ];
  y = totalsBlock(doc, rows, left + width, y);

  y += 20;
  doc.font(FONT.bold).text("お振込先", left, y);
  doc.font(FONT.regular).text(e.INVOICE_BANK_ACCOUNT, left, y + 16);
  doc.fontSize(9).text("※振込手数料はお客さまのご負担にてお願いいたします。", left, y + 34);
  doc.text("※消費税の端数は、請求書ごと・税率ごとに1回、切り捨てて計算しています。", left, y + 48);
  return toBuffer(doc);
}
