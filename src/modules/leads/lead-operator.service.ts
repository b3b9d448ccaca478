import { type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { SUPPORT_STATUS } from "@/lib/owner/console-labels";
import { audited, type OperatorActor } from "@/modules/audit/audit.service";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import * as repo from "./lead.repository";
import type {
  LeadItem,
  SupportQuery,
  SupportRequestItem,
  SupportStatusInput,
  TextListQuery,
} from "./lead-operator.schema";

// The operator's side of the inbox: the lists of brochure and support requests, and the support
// request's status (新規 → 対応中 → 完了, any order: a request may be reopened), audited.

const at = (s: string | null) => (s ? new Date(s) : null);

const LEAD_CSV: Array<CsvColumn<LeadItem>> = [
  { header: "日時", value: (r) => at(r.createdAt) },
  { header: "会社名", value: (r) => r.companyName },
  { header: "氏名", value: (r) => r.name },
  { header: "メールアドレス", value: (r) => r.email },
  { header: "電話番号", value: (r) => r.phone },
  { header: "役職・立場", value: (r) => r.role },
  { header: "関心", value: (r) => r.interest },
];

export async function listLeads(db: Db, q: TextListQuery): Promise<Listing<LeadItem>> {
  const { rows, total } = await repo.listLeads(db, q.keyword, pageOf(q));
  const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return listing(q, items, total, { name: "leads", columns: LEAD_CSV });
}

const SUPPORT_CSV: Array<CsvColumn<SupportRequestItem>> = [
  { header: "日時", value: (r) => at(r.createdAt) },
  { header: "種別", value: (r) => r.category },
  { header: "対応状況", value: (r) => SUPPORT_STATUS[r.status] },
  { header: "会社名", value: (r) => r.companyName },
  { header: "氏名", value: (r) => r.name },
  { header: "メールアドレス", value: (r) => r.email },
  { header: "電話番号", value: (r) => r.phone },
  { header: "内容", value: (r) => r.message },
  { header: "ユーザーID", value: (r) => r.userId },
  { header: "企業ID", value: (r) => r.companyId },
];

function supportItem(r: repo.SupportRow): SupportRequestItem {
  return {
    ...r,
    statusChangedAt: r.statusChangedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listSupportRequests(db: Db, q: SupportQuery): Promise<Listing<SupportRequestItem>> {
  const { rows, total } = await repo.listSupportRequests(db, q.keyword, q.status, pageOf(q));
  return listing(q, rows.map(supportItem), total, { name: "support-requests", columns: SUPPORT_CSV });
}

const SUPPORT_NOT_FOUND = "お問い合わせが見つかりませんでした。";

/** Sets a support request's status; the audit row keeps the status before and after. */
export async function updateSupportRequestStatus(
  db: Db,
  actor: OperatorActor,
  id: string,
  input: SupportStatusInput,
): Promise<SupportRequestItem> {
  const target = {
    type: "support_request",
    id,
    read: async (tx: Parameters<typeof repo.supportStatusOf>[0]) => {
      const row = await repo.supportStatusOf(tx, id, true);
      if (!row) throw notFound(SUPPORT_NOT_FOUND);
      return { status: row.status };
    },
  };
  const row = await audited(db, actor, "support_request.status", target, (tx) =>
    repo.setSupportStatus(tx, id, input.status),
  );
  return supportItem(row);
}

/** Brochure and support requests received since `since` (the console's dashboard). */
export async function inboxCountsSince(db: Db, since: Date): Promise<{ leads: number; support: number }> {
  return repo.countInboxSince(db, since);
}
