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

export interface PurchaseOrderForPdf {
  poNumber: string;
  issuedOn: string;
  buyer: { name: string; address: string; person: string };
  supplier: { name: string; address: string };
  title: string;
  quoteVersion: number;
  lines: Array<{ label: string; quantity: number; unitPriceYen: number; amountYen: number }>;
  subtotalYen: number;
  taxYen: number;
  totalYen: number;
  paymentTerms: string;
  leadTimeDays: number;
  validUntil: string;
  notes: string | null;
}

/** 発注書: the buyer orders from the supplier on the awarded quote version (A4, Japanese). */
export async function renderPurchaseOrderPdf(po: PurchaseOrderForPdf): Promise<Buffer> {
  const doc = newDocument({ title: `発注書 ${po.poNumber}`, author: po.buyer.name });
  const left = 48;
  const width = doc.page.width - 96;
  const half = width / 2;

  doc.font(FONT.bold).fontSize(22).text("発注書", left, 48, { width, align: "center" });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(`発注書番号：${po.poNumber}`, left, 100, { width, align: "right" });
  doc.text(`発行日：${japaneseDate(po.issuedOn)}`, { width, align: "right" });

  // The supplier (addressee) on the left, 御中 never split from the name.
  doc.font(FONT.bold).fontSize(14);
  linesWithHonorific(doc, po.supplier.name, "御中", half).forEach((line, i) => {
    doc.text(line, left, i === 0 ? 100 : undefined, { width: half, lineBreak: false });
  });
  doc.font(FONT.regular).fontSize(9);
  if (po.supplier.address) doc.text(po.supplier.address, { width: half });
  doc.fontSize(10).moveDown(0.5).text("下記のとおり発注いたします。", { width: half });

  // The buyer (issuer) on the right.
  const issuerTop = Math.max(170, doc.y + 6);
  doc
    .font(FONT.bold)
    .fontSize(11)
    .text(po.buyer.name, left + half, issuerTop, { width: half, align: "right" });
  doc.font(FONT.regular).fontSize(9);
  if (po.buyer.address) doc.text(po.buyer.address, { width: half, align: "right" });
  if (po.buyer.person) doc.text(`担当：${po.buyer.person}`, { width: half, align: "right" });

  let y = Math.max(doc.y + 16, 240);
  doc.font(FONT.regular).fontSize(10).text(`件名：${po.title}`, left, y, { width });
  y = doc.y + 4;
  doc.text(`見積：第${po.quoteVersion}版に基づく`, left, y, { width });
  y = doc.y + 8;
  doc
    .font(FONT.bold)
    .fontSize(13)
    .text(`発注金額（税込）　${yen(po.totalYen)}`, left, y, { width: half + 40 });
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(left + half + 20, doc.y + 2)
    .stroke();

  // Items
  y = doc.y + 18;
  const cols = [left, left + 250, left + 320, left + 410];
  doc.rect(left, y, width, 22).fill("#eef2ff").fillColor("#111827");
  doc.font(FONT.bold).fontSize(10);
  doc.text("品目", cols[0]! + 6, y + 6);
  doc.text("数量", cols[1]!, y + 6, { width: 60, align: "right" });
  doc.text("単価（税抜）", cols[2]!, y + 6, { width: 80, align: "right" });
  doc.text("金額（税抜）", cols[3]!, y + 6, { width: width - 410 - 6, align: "right" });
  doc.font(FONT.regular);
  y += 28;
  for (const l of po.lines) {
    doc.text(l.label, cols[0]! + 6, y, { width: 240 });
    const rowBottom = doc.y;
    doc.text(l.quantity.toLocaleString("ja-JP"), cols[1]!, y, { width: 60, align: "right" });
    doc.text(yen(l.unitPriceYen), cols[2]!, y, { width: 80, align: "right" });
    doc.text(yen(l.amountYen), cols[3]!, y, { width: width - 410 - 6, align: "right" });
    y = Math.max(rowBottom, y + 16) + 6;
    rowRule(doc, left, width, y - 4);
  }

  y += 10;
  const rows: Array<[string, string]> = [
    ["小計（税抜）", yen(po.subtotalYen)],
    ["消費税（10%）", yen(po.taxYen)],
    ["合計（税込）", yen(po.totalYen)],
  ];
  y = totalsBlock(doc, rows, left + width, y);

  y += 16;
  const terms: Array<[string, string]> = [
    ["支払条件", po.paymentTerms],
    ["量産リードタイム", `${po.leadTimeDays}日`],
    ["見積の有効期限", japaneseDate(po.validUntil)],
  ];
  doc.font(FONT.bold).fontSize(10).text("取引条件", left, y);
  doc.font(FONT.regular);
  for (const [k, v] of terms) doc.text(`${k}：${v}`, left, doc.y + 2, { width });
  if (po.notes) {
    doc.font(FONT.bold).text("備考", left, doc.y + 10);
    doc.font(FONT.regular).text(po.notes, left, doc.y + 2, { width });
  }
  doc
    .fontSize(8)
    .fillColor("#6b7280")
    .text(
      "※本発注書はOEMマッチの商談スレッドで発注先に決定した見積に基づき作成されています。",
      left,
      doc.y + 16,
      {
        width,
      },
    );
  return toBuffer(doc);
}
