import { japaneseDate } from "@/lib/japanese-date";
import { yen } from "@/lib/yen";
import type { OrderEventRow } from "./order.repository";

// The 7条 record's events in the product's words: a label per kind and one line of what happened,
// built from the event's data (never typed by anyone). Shared by the order page, the CSV and the PDF.

const LABELS: Record<string, string> = {
  ISSUED: "発注（発注書の発行）",
  SENT: "発注書の送付（電子）",
  OPENED: "受注者が発注書を開封",
  ACCEPTED: "受注（注文請書）",
  RETURNED: "差し戻し",
  CHANGE_PROPOSED: "変更発注の提示",
  CHANGE_ACCEPTED: "変更発注の承諾",
  CHANGE_REJECTED: "変更発注の不承諾",
  SUPPLEMENTED: "未定事項の補充",
  OPEN_TERMS_REMINDED: "未定事項の補充の督促",
  CONSULTATION_REQUESTED: "価格協議の申し入れ",
  CONSULTATION_ANSWERED: "価格協議への回答",
  CONSULTATION_OVERDUE: "価格協議の回答期限超過",
};

export function eventLabel(kind: string): string {
  return LABELS[kind] ?? kind;
}

type Data = Record<string, unknown>;
const num = (v: unknown) => (typeof v === "number" ? v.toLocaleString("ja-JP") : "");
const str = (v: unknown) => (typeof v === "string" ? v : "");

function deliveriesText(d: Data, unit: string): string {
  const list = Array.isArray(d.deliveries) ? (d.deliveries as Data[]) : [];
  return list
    .map(
      (x) =>
        `${japaneseDate(str(x.date))} ${num(x.quantity)}${unit}（支払期日 ${japaneseDate(str(x.paymentDue))}）`,
    )
    .join("、");
}

/** One line of what the event changed or recorded, from its data. */
export function eventDetail(e: Pick<OrderEventRow, "kind" | "data" | "version">): string {
  const d = (e.data ?? {}) as Data;
  const unit = str(d.unit);
  switch (e.kind) {
    case "ISSUED":
    case "CHANGE_PROPOSED":
    case "CHANGE_ACCEPTED": {
      const parts = [`第${e.version}版`];
      if (typeof d.quantity === "number") parts.push(`数量 ${num(d.quantity)}${unit}`);
      if (typeof d.unitPriceYen === "number") parts.push(`単価 ${yen(d.unitPriceYen)}`);
      if (typeof d.totalYen === "number") parts.push(`合計（税込）${yen(d.totalYen)}`);
      if (Array.isArray(d.deliveries)) parts.push(`納期 ${deliveriesText(d, unit)}`);
      if (d.place) parts.push(`納入場所 ${str(d.place)}`);
      if (d.paymentMethod)
        parts.push(`支払方法 ${d.paymentMethod === "ELECTRONIC_CLAIM" ? "電子記録債権" : "銀行振込"}`);
      return parts.join("／");
    }
    case "SENT":
      return "プラットフォーム上で交付し、受注者の全メンバーにメールで通知";
    case "SUPPLEMENTED":
      return `第${e.version}版：${str(d.label)}を確定（${str(d.value)}）`;
    case "CONSULTATION_REQUESTED":
      return typeof d.requestedUnitPriceYen === "number"
        ? `希望単価 ${yen(d.requestedUnitPriceYen)}、回答期限 ${japaneseDate(str(d.dueOn))}`
        : `回答期限 ${japaneseDate(str(d.dueOn))}`;
    case "CONSULTATION_ANSWERED":
      return `${str(d.answerLabel)}${typeof d.counterUnitPriceYen === "number" ? `（提示単価 ${yen(d.counterUnitPriceYen)}）` : ""}`;
    case "CONSULTATION_OVERDUE":
      return `回答期限 ${japaneseDate(str(d.dueOn))} を経過`;
    case "OPEN_TERMS_REMINDED":
      return `未補充：${Array.isArray(d.labels) ? (d.labels as string[]).join("・") : ""}`;
    default:
      return e.version ? `第${e.version}版` : "";
  }
}
