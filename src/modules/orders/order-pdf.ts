import { formatDateTime } from "@/lib/japanese-date";
import { yen } from "@/lib/yen";
import { FONT, japaneseDate, newDocument, toBuffer, totalsBlock } from "@/server/pdf/pdf";
import { Sheet } from "./order-pdf-layout";

// The order documents (取適法): 発注書 with every 4条 item, its changes and supplements,
// the supplier's 注文請書 and the 7条 transaction record. A4, Japanese, pdfkit.

export interface OrderPartyForPdf {
  name: string;
  address: string;
  phone: string | null;
  person: string | null;
  email: string | null;
}

export interface OrderForPdf {
  kind: "ORDER" | "CHANGE" | "SUPPLEMENT";
  number: string;
  version: number;
  replacesVersion: number | null;
  issuedOn: string;
  buyer: OrderPartyForPdf;
  supplier: OrderPartyForPdf;
  law: { toriteki: boolean; freelance: boolean; summary: string };
  item: { title: string; specification: string | null; quoteVersion: number };
  unit: string;
  lines: Array<{ label: string; quantity: number; unit: string; unitPriceYen: number; amountYen: number }>;
  subtotalYen: number;
  taxRatePercent: number;
  taxYen: number;
  totalYen: number;
  deliveries: Array<{
    seq: number;
    date: string;
    quantity: number;
    inspectionBy: string | null;
    paymentDue: string;
  }>;
  place: { address: string; contact: string | null };
  inspection: { required: boolean; daysAfterReceipt: number | null };
  payment: {
    termsLabel: string;
    method: "BANK_TRANSFER" | "ELECTRONIC_CLAIM";
    methodDetail: string | null;
    feeBorneBy: "BUYER";
  };
  paidMaterials: Array<{
    item: string;
    quantity: number;
    unit: string;
    unitPriceYen: number;
    handoverDate: string;
    settlementDate: string;
    settlementMethod: string;
  }>;
  openTerms: Array<{ label: string; reason: string; expectedBy: string }>;
  changeReason: string | null;
  notes: string | null;
}

const TITLES = { ORDER: "発注書", CHANGE: "変更発注書", SUPPLEMENT: "補充書面（未定事項の確定）" } as const;
const DATE_LABELS = { ORDER: "発注日", CHANGE: "変更日", SUPPLEMENT: "補充日" } as const;
const LEADS = {
  ORDER: "下記のとおり発注いたします。",
  CHANGE: "下記のとおり発注内容を変更いたします。",
  SUPPLEMENT: "発注時に未定であった事項を下記のとおり確定いたします。",
} as const;

const count = (n: number, unit: string) => `${n.toLocaleString("ja-JP")}${unit}`;

/** 「発注書」, 「変更発注書（第2版）」: the version shows from the second one. */
export function orderTitle(order: Pick<OrderForPdf, "kind" | "version">): string {
  return order.version > 1 ? `${TITLES[order.kind]}（第${order.version}版）` : TITLES[order.kind];
}

/** 支払方法 as 4条 wants it: the transfer fee on the buyer; an 電子記録債権 with its details. */
export function paymentMethodText(payment: OrderForPdf["payment"]): string {
  if (payment.method === "BANK_TRANSFER") {
    const detail = payment.methodDetail ? `（${payment.methodDetail}）` : "";
    return `銀行振込${detail} — 振込手数料は発注者負担`;
  }
  const detail = payment.methodDetail ? `（${payment.methodDetail}）` : "";
  return `電子記録債権${detail} — 支払期日までに満額を現金化できるもの。割引料等は発注者負担`;
}

function header(sheet: Sheet, title: string, meta: string[]): void {
  const { doc, left, width } = sheet;
  doc.font(FONT.bold).fontSize(20).fillColor("#111827").text(title, left, 40, { width, align: "center" });
  doc.font(FONT.regular).fontSize(9);
  let y = 72;
  for (const line of meta) {
    doc.text(line, left, y, { width, align: "right" });
    y = doc.y + 1;
  }
  sheet.y = y + 8;
}

/** 発注書 / 変更発注書 / 補充書面: every item of 取適法4条, on as many pages as it takes. */
export async function renderOrderPdf(order: OrderForPdf): Promise<Buffer> {
  const title = orderTitle(order);
  const doc = newDocument({ title: `${title} ${order.number}`, author: order.buyer.name, bufferPages: true });
  const sheet = new Sheet(doc);
  const replaces = order.replacesVersion ? `（第${order.replacesVersion}版を変更）` : "";
  header(sheet, title, [
    `発注番号：${order.number}`,
    `版：第${order.version}版${order.kind === "ORDER" ? "" : replaces}`,
    `${DATE_LABELS[order.kind]}：${japaneseDate(order.issuedOn)}`,
  ]);
  sheet.parties([
    { role: "受注者", party: order.supplier, honorific: "御中", personLabel: "担当者" },
    { role: "発注者", party: order.buyer, personLabel: "発行者" },
  ]);
  sheet.paragraph(LEADS[order.kind], { size: 10 });
  sheet.gap(4);
  if (order.law.summary) sheet.note(order.law.summary);

  if (order.kind !== "ORDER") {
    sheet.section(order.kind === "CHANGE" ? "変更の内容" : "補充の内容");
    if (order.replacesVersion) sheet.field("変更前の版", `第${order.replacesVersion}版`);
    sheet.field(order.kind === "CHANGE" ? "変更理由" : "確定した事項", order.changeReason ?? "—");
  }

  sheet.section("品名・仕様");
  sheet.field("品名", order.item.title, { bold: true });
  sheet.field("仕様", order.item.specification ?? "—");
  sheet.field("見積", `第${order.item.quoteVersion}版に基づく`);
  sheet.field("発注金額（税込）", yen(order.totalYen), { bold: true, size: 12 });

  sheet.section("数量・単価・金額", 60);
  sheet.table(
    [
      { title: "品目", width: 220 },
      { title: "数量", width: 90, align: "right" },
      { title: "単価（税抜）", width: 90, align: "right" },
      { title: "金額（税抜）", width: 100, align: "right" },
    ],
    order.lines.map((l) => [l.label, count(l.quantity, l.unit), yen(l.unitPriceYen), yen(l.amountYen)]),
  );
  sheet.need(70);
  sheet.y = totalsBlock(
    doc,
    [
      ["小計（税抜）", yen(order.subtotalYen)],
      [`消費税（${order.taxRatePercent}%）`, yen(order.taxYen)],
      ["合計（税込）", yen(order.totalYen)],
    ],
    sheet.left + sheet.width,
    sheet.y + 4,
  );

  sheet.section("納期・検査完了期日・支払期日", 60);
  sheet.table(
    [
      { title: "回", width: 50, align: "center" },
      { title: "納期", width: 110 },
      { title: "数量", width: 90, align: "right" },
      { title: "検査完了期日", width: 120 },
      { title: "支払期日", width: 120 },
    ],
    order.deliveries.map((d) => [
      `第${d.seq}回`,
      japaneseDate(d.date),
      count(d.quantity, order.unit),
      order.inspection.required && d.inspectionBy ? japaneseDate(d.inspectionBy) : "検査なし",
      japaneseDate(d.paymentDue),
    ]),
  );
  sheet.gap(4);
  const place = order.place.contact
    ? `${order.place.address}\n担当：${order.place.contact}`
    : order.place.address;
  sheet.field("納入場所", place);
  const days = order.inspection.daysAfterReceipt;
  sheet.field(
    "検査",
    order.inspection.required ? `あり（受領後${days ?? "—"}日以内に検査を完了します）` : "検査なし",
  );

  sheet.section("支払");
  sheet.field("支払条件", order.payment.termsLabel);
  sheet.field("支払方法", paymentMethodText(order.payment));

  sheet.section("有償支給材", order.paidMaterials.length ? 60 : 20);
  if (order.paidMaterials.length === 0) sheet.field("有償支給材", "なし");
  else
    sheet.table(
      [
        { title: "品名", width: 120 },
        { title: "数量", width: 70, align: "right" },
        { title: "単価", width: 70, align: "right" },
        { title: "引渡日", width: 95 },
        { title: "決済日", width: 95 },
        { title: "決済方法", width: 110 },
      ],
      order.paidMaterials.map((m) => [
        m.item,
        count(m.quantity, m.unit),
        yen(m.unitPriceYen),
        japaneseDate(m.handoverDate),
        japaneseDate(m.settlementDate),
        m.settlementMethod,
      ]),
    );

  if (order.openTerms.length > 0) {
    sheet.section("未定事項", 60);
    sheet.table(
      [
        { title: "事項", width: 130 },
        { title: "定められない理由", width: 250 },
        { title: "確定予定日", width: 110 },
      ],
      order.openTerms.map((t) => [t.label, t.reason, japaneseDate(t.expectedBy)]),
    );
    sheet.paragraph("未定事項は確定し次第、直ちに補充書面で通知します。", { size: 8.5 });
  }

  if (order.notes) {
    sheet.section("備考", 20);
    sheet.paragraph(order.notes);
  }
  sheet.gap(10);
  sheet.paragraph(
    `※本書面は、OEMマッチの商談で発注先に決定した見積（第${order.item.quoteVersion}版）に基づき、電子的に交付しています。`,
    { size: 8, color: "#6b7280" },
  );
  sheet.finish(`${title}　${order.number}（続き）`, `${order.number}　第${order.version}版`);
  return toBuffer(doc);
}

export interface OrderAcceptanceForPdf {
  number: string;
  version: number;
  acceptedOn: string;
  buyer: OrderPartyForPdf;
  supplier: OrderPartyForPdf;
  item: { title: string };
  totalYen: number;
  deliveries: OrderForPdf["deliveries"];
  /** The inquiry's unit (本) after each delivery quantity; optional so callers without it still compile. */
  unit?: string;
}

/** 注文請書: the supplier accepts the order version, addressed to the buyer. */
export async function renderAcceptancePdf(a: OrderAcceptanceForPdf): Promise<Buffer> {
  const doc = newDocument({ title: `注文請書 ${a.number}`, author: a.supplier.name, bufferPages: true });
  const sheet = new Sheet(doc);
  header(sheet, "注文請書", [
    `注文番号：${a.number}`,
    `版：第${a.version}版`,
    `請書日：${japaneseDate(a.acceptedOn)}`,
  ]);
  sheet.parties([
    { role: "発注者", party: a.buyer, honorific: "御中", personLabel: "担当者" },
    { role: "受注者", party: a.supplier, personLabel: "担当者" },
  ]);
  sheet.paragraph(
    `貴社発注書（${a.number} 第${a.version}版）の内容にて、下記のとおりご注文をお請けいたします。`,
    {
      size: 10,
    },
  );
  sheet.section("ご注文の内容");
  sheet.field("品名", a.item.title, { bold: true });
  sheet.field("注文金額（税込）", yen(a.totalYen), { bold: true, size: 12 });
  sheet.section("納期・検査完了期日・支払期日", 60);
  sheet.table(
    [
      { title: "回", width: 50, align: "center" },
      { title: "納期", width: 110 },
      { title: "数量", width: 90, align: "right" },
      { title: "検査完了期日", width: 120 },
      { title: "支払期日", width: 120 },
    ],
    a.deliveries.map((d) => [
      `第${d.seq}回`,
      japaneseDate(d.date),
      count(d.quantity, a.unit ?? ""),
      d.inspectionBy ? japaneseDate(d.inspectionBy) : "検査なし",
      japaneseDate(d.paymentDue),
    ]),
  );
  sheet.gap(10);
  sheet.paragraph("※その他の取引条件は、上記発注書の記載によります。", { size: 8, color: "#6b7280" });
  sheet.finish(`注文請書　${a.number}（続き）`, `${a.number}　第${a.version}版`);
  return toBuffer(doc);
}

export interface OrderRecordForPdf {
  number: string;
  buyerName: string;
  supplierName: string;
  title: string;
  generatedAt: string;
  events: Array<{ at: string; kind: string; actor: string; detail: string; reason: string | null }>;
}

/** 取引記録（取適法7条）: every event of the order in a table that runs over as many pages as needed. */
export async function renderOrderRecordPdf(r: OrderRecordForPdf): Promise<Buffer> {
  const doc = newDocument({ title: `取引記録 ${r.number}`, author: r.buyerName, bufferPages: true });
  const sheet = new Sheet(doc);
  header(sheet, "取引記録（取適法第7条）", [
    `発注番号：${r.number}`,
    `作成日時：${formatDateTime(r.generatedAt)}`,
  ]);
  sheet.field("発注者", r.buyerName);
  sheet.field("受注者", r.supplierName);
  sheet.field("件名", r.title);
  sheet.section(`記録（${r.events.length}件）`, 60);
  sheet.table(
    [
      { title: "日時", width: 86 },
      { title: "種別", width: 56 },
      { title: "実施者", width: 128 },
      { title: "内容", width: 140 },
      { title: "理由", width: 90 },
    ],
    r.events.map((e) => [formatDateTime(e.at), e.kind, e.actor, e.detail, e.reason ?? ""]),
    8.5,
  );
  sheet.gap(8);
  sheet.paragraph("※発注者は、この記録を取適法第7条に基づき2年間保存します。", { size: 8, color: "#6b7280" });
  sheet.finish(`取引記録　${r.number}（続き）`, `取引記録　${r.number}`);
  return toBuffer(doc);
}
