import { z } from "zod";
import { listQuery } from "@/lib/console-listing";
import { uuidParam } from "@/lib/validation";

// Inputs and outputs of the owner console (/api/owner/*).

const _isoDate = z.iso.date("日付の形式が正しくありません（例: 2026-12-01）");
const keyword = z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional();
const optionalUuid = (label: string) => z.uuid(`${label}の指定が正しくありません`).optional();

export { type ListQuery, listQuery } from "@/lib/console-listing";

const _named = z.object({ id: z.string(), name: z.string() });
const _person = z.object({ name: z.string(), email: z.string() });
const _companyStatus = z.enum(["ACTIVE", "DEACTIVATED"], { error: "状態の指定が正しくありません" });
const _paymentStatus = z.enum(["OEM_FREE", "OEM_PAID"], { error: "支払い状態の指定が正しくありません" });
const _inquiryType = z.enum(["BULK", "NOMINATION"], { error: "種類の指定が正しくありません" });
const _audience = z.enum(["ALL", "BUYER", "SUPPLIER"], { error: "対象の指定が正しくありません" });
const _newsStatus = z.enum(["DRAFT", "PUBLISHED"], { error: "公開状態の指定が正しくありません" });
const outboxStatus = z.enum(["PENDING", "SENDING", "SENT", "FAILED"], {
  error: "状態の指定が正しくありません",
});

// ---------------------------------------------------------------- operations

export const dashboardCounts = z.object({
  registrations: z.object({ days: z.number(), buyers: z.number(), suppliers: z.number() }),
  bulkInquiriesInReview: z.number(),
  pendingTicketPurchases: z.number(),
  planApplicationsWaiting: z.number(),
  outbox: z.object({ pending: z.number(), failed: z.number() }),
  leadsLast7Days: z.number(),
  supportRequestsLast7Days: z.number(),
  generatedAt: z.string(),
});

export const outboxQuery = listQuery.extend({ status: outboxStatus.optional(), keyword });
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxItem = z.object({
  id: z.string(),
  template: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: outboxStatus,
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItem>;
export const outboxDetail = outboxItem.extend({ textBody: z.string(), messageId: z.string().nullable() });

export const auditQuery = listQuery.extend({
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  ownerId: optionalUuid("運営者"),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditItem = z.object({
  id: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What was changed, in words (「チケット5枚の購入」); null when the type has no better name. */
  targetLabel: z.string().nullable(),
  /** The company the change was about (a ticket's or plan's supplier, an inquiry's buyer …). */
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;
// The console's components read src/lib/owner/audit-item.ts: both directions must hold.
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _auditItemMatches: SameAs<AuditItem, import("@/lib/owner/audit-item").AuditItem> = true;
void _auditItemMatches;

const checkStatus = z.enum(["ok", "warning", "error"]);
const checkResult = z.object({ status: checkStatus, message: z.string(), latencyMs: z.number().nullable() });

export const systemCheckResults = z.object({
  database: checkResult.extend({ kind: z.enum(["pglite", "postgres"]) }),
  storage: checkResult.extend({ kind: z.enum(["local", "s3"]).nullable() }),
  email: checkResult.extend({
    smtpConfigured: z.boolean(),
    pending: z.number(),
    oldestPendingSeconds: z.number().nullable(),
    failed: z.number(),
    /** Mails past their sending time by more than stuckAfterSeconds (no relay sends them). */
    stuck: z.number().default(0),
    stuckAfterSeconds: z.number().default(60),
  }),
  jobs: checkResult.extend({
    items: z.array(
      z.object({
        name: z.string(),
        status: checkStatus,
        lastRunAt: z.string().nullable(),
        lastOkAt: z.string().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  }),
});
export type SystemCheckResults = z.infer<typeof systemCheckResults>;

export const systemCheck = z.object({
  id: z.string(),
  ok: z.boolean(),
  ownerId: z.string().nullable(),
  results: systemCheckResults,
  createdAt: z.string(),
});
export type SystemCheck = z.infer<typeof systemCheck>;

export const deleted = z.object({ ok: z.literal(true), id: z.string() });

export const ids = {
  companyId: z.object({ companyId: uuidParam }),
  contactId: z.object({ contactId: uuidParam }),
  newsId: z.object({ newsId: uuidParam }),
  id: z.object({ id: uuidParam }),
};
