import { type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { type AuditListRow, listAuditEntries } from "@/modules/audit/audit-log.service";
import { companyNames } from "@/modules/companies/company-counts.service";
import type { Db } from "@/server/db/client";
import type { AuditItem, AuditQuery } from "./owner.schema";

// The console's audit log: the operators' changes, with the changed record and its company in words.

const at = (s: string | null) => (s ? new Date(s) : null);

const prop = (v: unknown, key: string): unknown =>
  v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
const text = (v: unknown): string | undefined => (typeof v === "string" && v ? v : undefined);

/** The company of a change, from the ids its snapshots keep (a plan's sits in its contract). */
function auditCompanyId(l: AuditListRow["log"]): string | undefined {
  for (const snap of [l.after, l.before]) {
    const id =
      text(prop(snap, "companyId")) ??
      text(prop(snap, "buyerCompanyId")) ??
      text(prop(snap, "supplierCompanyId")) ??
      text(prop(prop(snap, "contract"), "companyId"));
    if (id) return id;
  }
  return undefined;
}

/** The changed record in words, where its type has a better name than its id. */
function auditTargetLabel(l: AuditListRow["log"]): string | null {
  const snap = l.after ?? l.before;
  const title = text(prop(snap, "title"));
  switch (l.targetType) {
    case "ticket_purchase": {
      const quantity = prop(snap, "quantity");
      return typeof quantity === "number" ? `チケット${quantity}枚の購入` : "チケットの購入";
    }
    case "ticket_usage":
      return "チケット1枚の利用";
    case "plan_contract":
      return "無制限プランの契約";
    case "inquiry":
      return title ? `問い合わせ「${title}」` : "問い合わせ";
    case "entry":
      return "問い合わせへのエントリー";
    case "deal_thread":
      return "商談スレッド";
    case "deal_message":
      return "商談メッセージの通報";
    case "news":
      return title ? `お知らせ「${title}」` : "お知らせ";
    case "supplier_certification": {
      const type = text(prop(snap, "typeName"));
      return type ? `証明書「${type}」` : "認証・許可の証明書";
    }
    case "process":
    case "material":
    case "certification_type": {
      const name = text(prop(snap, "name"));
      const word = { process: "加工", material: "素材", certification_type: "認証・許可" }[l.targetType];
      return name ? `${word}「${name}」` : word;
    }
    case "email_outbox": {
      const subject = text(prop(snap, "subject"));
      return subject ? `送信メール「${subject}」` : "送信メール";
    }
    default:
      return null;
  }
}

function auditItem(r: AuditListRow, names: Map<string, string>): AuditItem {
  const l = r.log;
  const companyId = auditCompanyId(l);
  const companyName = companyId ? names.get(companyId) : undefined;
  return {
    id: l.id,
    owner: l.ownerId && r.ownerEmail ? { id: l.ownerId, name: r.ownerName ?? "", email: r.ownerEmail } : null,
    action: l.action,
    targetType: l.targetType,
    targetId: l.targetId,
    targetLabel: auditTargetLabel(l),
    company: companyId && companyName ? { id: companyId, name: companyName } : null,
    before: l.before ?? null,
    after: l.after ?? null,
    requestId: l.requestId,
    createdAt: l.createdAt.toISOString(),
  };
}

const AUDIT_CSV: Array<CsvColumn<AuditItem>> = [
  { header: "日時", value: (r) => at(r.createdAt) },
  { header: "運営者", value: (r) => r.owner?.name },
  { header: "運営者メールアドレス", value: (r) => r.owner?.email },
  { header: "操作", value: (r) => r.action },
  { header: "対象の種類", value: (r) => r.targetType },
  { header: "対象ID", value: (r) => r.targetId },
  { header: "対象", value: (r) => r.targetLabel },
  { header: "企業名", value: (r) => r.company?.name },
  { header: "変更前", value: (r) => (r.before === null ? "" : JSON.stringify(r.before)) },
  { header: "変更後", value: (r) => (r.after === null ? "" : JSON.stringify(r.after)) },
  { header: "リクエストID", value: (r) => r.requestId },
];

export async function listAuditLog(db: Db, q: AuditQuery): Promise<Listing<AuditItem>> {
  const { rows, total } = await listAuditEntries(db, q, pageOf(q));
  const ids = [...new Set(rows.map((r) => auditCompanyId(r.log)).filter((id) => id !== undefined))];
  const names = await companyNames(db, ids);
  return listing(
    q,
    rows.map((r) => auditItem(r, names)),
    total,
    { name: "audit-log", columns: AUDIT_CSV },
  );
}
