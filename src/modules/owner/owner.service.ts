import type { z } from "zod";
import * as L from "@/lib/owner/console-labels";
import * as companies from "@/modules/companies/company-operator.service";
import { setSupportRequestStatus } from "@/modules/leads/lead.service";
import type { Db } from "@/server/db/client";
import { hasMaskedLink } from "@/server/email/mask";
import { wakeRelay } from "@/server/email/relay";
import { AppError, notFound } from "@/server/http/errors";
import { type OwnerContext, recordAudit } from "./audit";
import type { CsvColumn } from "./csv";
import { iso, type Listing, listing, pageOf } from "./listing";
import * as repo from "./owner.repository";
import type {
  AuditItem,
  AuditQuery,
  dashboardCounts,
  LeadItem,
  OutboxItem,
  OutboxQuery,
  outboxDetail,
  SupportQuery,
  SupportRequestItem,
  SupportStatusInput,
  TextListQuery,
} from "./owner.schema";

type SupportRow = NonNullable<Awaited<ReturnType<typeof setSupportRequestStatus>>>["after"];

// The console's operations pages (its companies are the companies module's operator use cases).

const at = (s: string | null) => (s ? new Date(s) : null);

// ---------------------------------------------------------------- companies (companies/company-operator.service)

/** The console's billing reads a supplier through the companies module (kept here for its callers). */
export async function companyOfType(db: Db, companyId: string, type: "BUYER" | "SUPPLIER") {
  return { company: await companies.companyOfType(db, companyId, type) };
}

// ---------------------------------------------------------------- dashboard

export const DASHBOARD_DAYS = 7;

export async function getDashboard(db: Db): Promise<z.infer<typeof dashboardCounts>> {
  const now = new Date();
  const c = await repo.dashboardCounts(db, new Date(now.getTime() - DASHBOARD_DAYS * 86_400_000));
  return {
    registrations: { days: DASHBOARD_DAYS, buyers: Number(c.buyers), suppliers: Number(c.suppliers) },
    bulkInquiriesInReview: Number(c.review),
    pendingTicketPurchases: Number(c.pending_purchases),
    planApplicationsWaiting: Number(c.waiting_plans),
    outbox: { pending: Number(c.outbox_pending), failed: Number(c.outbox_failed) },
    leadsLast7Days: Number(c.leads),
    supportRequestsLast7Days: Number(c.support),
    generatedAt: now.toISOString(),
  };
}

// ---------------------------------------------------------------- email outbox

function outboxItem(r: repo.OutboxRow): OutboxItem {
  return {
    id: r.id,
    template: r.template,
    toAddress: r.toAddress,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    lastError: r.lastError,
    sentAt: iso(r.sentAt),
    createdAt: r.createdAt.toISOString(),
  };
}

const OUTBOX_CSV: Array<CsvColumn<OutboxItem>> = [
  { header: "ID", value: (r) => r.id },
  { header: "作成日時", value: (r) => at(r.createdAt) },
  { header: "宛先", value: (r) => r.toAddress },
  { header: "件名", value: (r) => r.subject },
  { header: "テンプレート", value: (r) => r.template },
  { header: "状態", value: (r) => L.OUTBOX_STATUS[r.status] },
  { header: "試行回数", value: (r) => r.attempts },
  { header: "送信日時", value: (r) => at(r.sentAt) },
  { header: "エラー", value: (r) => r.lastError },
];

export async function listOutbox(db: Db, q: OutboxQuery): Promise<Listing<OutboxItem>> {
  const { rows, total } = await repo.listOutbox(db, q, pageOf(q));
  return listing(q, rows.map(outboxItem), total, { name: "outbox", columns: OUTBOX_CSV });
}

const OUTBOX_NOT_FOUND = "メールが見つかりませんでした。";
const MASKED_RESEND =
  "送信済みのリンクは保管時に伏せているため、このメールは再送できません。ご本人に手続きのやり直しをご案内ください。";

/** One email with its text: without SMTP the operator reads the outbox here. */
export async function getOutbox(db: Db, id: string): Promise<z.infer<typeof outboxDetail>> {
  const row = await repo.outboxRow(db, id);
  if (!row) throw notFound(OUTBOX_NOT_FOUND);
  return { ...outboxItem(row), textBody: row.textBody, messageId: row.messageId };
}

/** A failed or sent email goes back to the queue as new: due now, no attempts. */
export async function resendOutbox(db: Db, ctx: OwnerContext, id: string): Promise<OutboxItem> {
  const row = await db.transaction(async (tx) => {
    const before = await repo.outboxRow(tx, id, true);
    if (!before) throw notFound(OUTBOX_NOT_FOUND);
    if (before.status !== "FAILED" && before.status !== "SENT") {
      throw new AppError("CONFLICT", "送信待ち・送信中のメールは再送できません。");
    }
    // A sent copy's links were masked (email/mask.ts): resending it would deliver a dead link.
    if (before.status === "SENT" && hasMaskedLink(`${before.textBody}${before.htmlBody ?? ""}`)) {
      throw new AppError("CONFLICT", MASKED_RESEND);
    }
    const after = await repo.requeueOutbox(tx, id);
    await recordAudit(tx, ctx, {
      action: "outbox.resend",
      targetType: "email_outbox",
      targetId: id,
      before: withoutBody(before),
      after: withoutBody(after),
    });
    return after;
  });
  wakeRelay();
  return outboxItem(row);
}

// The audit keeps the state of the email, not its text (which may hold a one-time link).
function withoutBody({ textBody: _t, htmlBody: _h, ...rest }: repo.OutboxRow) {
  return rest;
}

// ---------------------------------------------------------------- audit log, leads, support requests

const prop = (v: unknown, key: string): unknown =>
  v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
const text = (v: unknown): string | undefined => (typeof v === "string" && v ? v : undefined);

/** The company of a change, from the ids its snapshots keep (a plan's sits in its contract). */
function auditCompanyId(l: repo.AuditListRow["log"]): string | undefined {
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
function auditTargetLabel(l: repo.AuditListRow["log"]): string | null {
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
    case "news":
      return title ? `お知らせ「${title}」` : "お知らせ";
    case "email_outbox": {
      const subject = text(prop(snap, "subject"));
      return subject ? `送信メール「${subject}」` : "送信メール";
    }
    default:
      return null;
  }
}

function auditItem(r: repo.AuditListRow, names: Map<string, string>): AuditItem {
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
  const { rows, total } = await repo.listAudit(db, q, pageOf(q));
  const ids = [...new Set(rows.map((r) => auditCompanyId(r.log)).filter((id) => id !== undefined))];
  const names = await repo.companyNames(db, ids);
  return listing(
    q,
    rows.map((r) => auditItem(r, names)),
    total,
    { name: "audit-log", columns: AUDIT_CSV },
  );
}

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
  { header: "対応状況", value: (r) => L.SUPPORT_STATUS[r.status] },
  { header: "会社名", value: (r) => r.companyName },
  { header: "氏名", value: (r) => r.name },
  { header: "メールアドレス", value: (r) => r.email },
  { header: "電話番号", value: (r) => r.phone },
  { header: "内容", value: (r) => r.message },
  { header: "ユーザーID", value: (r) => r.userId },
  { header: "企業ID", value: (r) => r.companyId },
];

function supportItem(r: SupportRow): SupportRequestItem {
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

/** 新規 → 対応中 → 完了 (any order: a request may be reopened), with its audit row. */
export async function updateSupportRequestStatus(
  db: Db,
  ctx: OwnerContext,
  id: string,
  input: SupportStatusInput,
): Promise<SupportRequestItem> {
  return db.transaction(async (tx) => {
    const change = await setSupportRequestStatus(tx, id, input.status);
    if (!change) throw notFound("お問い合わせが見つかりませんでした。");
    await recordAudit(tx, ctx, {
      action: "support_request.status",
      targetType: "support_request",
      targetId: id,
      before: { status: change.before.status },
      after: { status: change.after.status },
    });
    return supportItem(change.after);
  });
}
