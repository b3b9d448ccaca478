// How the console words an audit row's change: Japanese field names, status words of the
// record's kind, dates in Japan time, and nothing of the internals (ids, row timestamps).
import * as L from "@/lib/owner/console-labels";

export interface AuditChange {
  field: string;
  from: string;
  to: string;
}

const FIELDS: Record<string, string> = {
  status: "状態",
  title: "件名",
  description: "依頼内容",
  quantity: "数量",
  entryDeadline: "エントリー締切",
  rejectionReason: "非承認の理由",
  reviewedAt: "審査日時",
  publishedAt: "公開日時",
  closedAt: "締切日時",
  cancelledAt: "取り消し日時",
  decidedAt: "判定日時",
  paidAt: "入金確認日時",
  refundedAt: "返還日時",
  ticketBalance: "チケット残り枚数",
  isGrant: "付与",
  totalYen: "合計金額",
  body: "本文",
  audience: "対象",
  attempts: "送信回数",
  nextAttemptAt: "次回送信",
  lastError: "直近のエラー",
  sentAt: "送信日時",
  paymentStatus: "プラン",
  "contract.status": "プランの状態",
  "contract.startsOn": "プラン開始日",
  "contract.endsOn": "プラン終了日",
  "contract.note": "メモ",
  "contract.cancelRequestedAt": "解約申込日時",
  reason: "確認の理由",
  reportResolvedAt: "通報の対応日時",
  resolutionNote: "対応の内容",
  nominationsSuspendedAt: "指名での依頼の停止日時",
  nominationsSuspendedReason: "指名での依頼の停止理由",
  expiredAt: "期限切れの処理日時",
  badgeShown: "「認証確認済み」の表示",
  name: "名前",
};

/** Which vocabulary the `status` of each kind of record uses. */
const STATUS_WORDS: Record<string, Record<string, string>> = {
  inquiry: L.INQUIRY_STATUS,
  entry: L.ENTRY_STATUS,
  news: L.NEWS_STATUS,
  ticket_purchase: L.PURCHASE_STATUS,
  plan_contract: L.PLAN_STATUS,
  email_outbox: L.OUTBOX_STATUS,
  support_request: L.SUPPORT_STATUS,
  supplier_certification: L.CERTIFICATE_STATUS,
};

const dateTime = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === "object" && !Array.isArray(v);

/** A snapshot's fields, a nested record (a plan's `contract`) as `contract.status` and so on. */
function flatten(snapshot: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isRecord(snapshot)) return out;
  for (const [k, v] of Object.entries(snapshot)) {
    if (isRecord(v)) for (const [k2, v2] of Object.entries(v)) out[`${k}.${k2}`] = v2;
    else out[k] = v;
  }
  return out;
}

function word(field: string, value: unknown, targetType: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "あり" : "なし";
  if (typeof value === "number")
    return field.endsWith("Yen") ? `${value.toLocaleString("ja-JP")}円` : String(value);
  const text = String(value);
  if (field === "status" || field === "contract.status") {
    const words = field === "contract.status" ? L.PLAN_STATUS : STATUS_WORDS[targetType];
    return (words as Record<string, string> | undefined)?.[text] ?? text;
  }
  if (field === "paymentStatus") return (L.PAYMENT_STATUS as Record<string, string>)[text] ?? text;
  if (field === "audience") return (L.AUDIENCE as Record<string, string>)[text] ?? text;
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return dateTime.format(new Date(text));
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text.replaceAll("-", "/");
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** The fields an operator's change moved, in Japanese; fields without a Japanese name are internal. */
export function auditChanges(before: unknown, after: unknown, targetType: string): AuditChange[] {
  const b = flatten(before);
  const a = flatten(after);
  return Object.keys(FIELDS)
    .filter((k) => (k in b || k in a) && JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: FIELDS[k]!, from: word(k, b[k], targetType), to: word(k, a[k], targetType) }));
}
