import { z } from "zod";
import { listQuery } from "@/lib/console-listing";
import { requiredText, uuidParam } from "@/lib/validation";

// Inputs and outputs of the owner console (/api/owner/*).

const _isoDate = z.iso.date("日付の形式が正しくありません（例: 2026-12-01）");
const keyword = z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional();
const optionalUuid = (label: string) => z.uuid(`${label}の指定が正しくありません`).optional();

export { type ListQuery, listQuery } from "@/lib/console-listing";

const _named = z.object({ id: z.string(), name: z.string() });
const person = z.object({ name: z.string(), email: z.string() });
const companyStatus = z.enum(["ACTIVE", "DEACTIVATED"], { error: "状態の指定が正しくありません" });
const paymentStatus = z.enum(["OEM_FREE", "OEM_PAID"], { error: "支払い状態の指定が正しくありません" });
const _inquiryType = z.enum(["BULK", "NOMINATION"], { error: "種類の指定が正しくありません" });
const audience = z.enum(["ALL", "BUYER", "SUPPLIER"], { error: "対象の指定が正しくありません" });
const newsStatus = z.enum(["DRAFT", "PUBLISHED"], { error: "公開状態の指定が正しくありません" });
const outboxStatus = z.enum(["PENDING", "SENDING", "SENT", "FAILED"], {
  error: "状態の指定が正しくありません",
});

// ---------------------------------------------------------------- buyers and suppliers

export const companySort = z
  .enum(["newest", "oldest", "name"], { error: "並び順の指定が正しくありません" })
  .default("newest");

export const buyersQuery = listQuery.extend({ keyword, status: companyStatus.optional(), sort: companySort });
export type BuyersQuery = z.infer<typeof buyersQuery>;

export const suppliersQuery = buyersQuery.extend({ paymentStatus: paymentStatus.optional() });
export type SuppliersQuery = z.infer<typeof suppliersQuery>;

const companyListFields = {
  id: z.string(),
  name: z.string(),
  nameKana: z.string().nullable(),
  status: companyStatus,
  prefectureName: z.string().nullable(),
  phone: z.string().nullable(),
  memberCount: z.number(),
  admin: person.nullable(),
  createdAt: z.string(),
  deactivatedAt: z.string().nullable(),
};

export const ownerBuyerItem = z.object({ ...companyListFields, inquiryCount: z.number() });
export type OwnerBuyerItem = z.infer<typeof ownerBuyerItem>;

export const ownerSupplierItem = z.object({
  ...companyListFields,
  paymentStatus,
  namePublished: z.boolean(),
  ticketBalance: z.number(),
  caseCount: z.number(),
  entryCount: z.number(),
  profileCompleteness: z.number(),
});
export type OwnerSupplierItem = z.infer<typeof ownerSupplierItem>;

const companyInfo = z.object({
  id: z.string(),
  type: z.enum(["BUYER", "SUPPLIER"]),
  status: companyStatus,
  name: z.string(),
  nameKana: z.string().nullable(),
  namePublished: z.boolean(),
  paymentStatus: paymentStatus.nullable(),
  postalCode: z.string().nullable(),
  prefecture: z.object({ id: z.number(), name: z.string() }).nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  representativeName: z.string().nullable(),
  establishedYear: z.number().nullable(),
  capitalYen: z.number().nullable(),
  employeeCount: z.number().nullable(),
  industry: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deactivatedAt: z.string().nullable(),
});

const companyMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["ADMIN", "GENERAL"]),
  department: z.string().nullable(),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  joinedAt: z.string(),
});

const deactivation = z.object({
  id: z.string(),
  reasons: z.array(z.object({ id: z.number(), label: z.string() })),
  comment: z.string().nullable(),
  by: person.nullable(),
  createdAt: z.string(),
});

export const ownerBuyerDetail = z.object({
  company: companyInfo,
  members: z.array(companyMember),
  inquiryCount: z.number(),
  inquiryCountsByStatus: z.record(z.string(), z.number()),
  deactivations: z.array(deactivation),
});

export const ownerSupplierDetail = z.object({
  company: companyInfo,
  profile: z
    .object({
      catchphrase: z.string().nullable(),
      strengths: z.string().nullable(),
      minimumLot: z.string().nullable(),
      leadTime: z.string().nullable(),
      capacity: z.string().nullable(),
      certifications: z.string().nullable(),
      services: z.string().nullable(),
      priceRange: z.string().nullable(),
      profileCompleteness: z.number(),
    })
    .nullable(),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  members: z.array(companyMember),
  caseCount: z.number(),
  entryCount: z.number(),
  nominationCount: z.number(),
  ticketBalance: z.number(),
  deactivations: z.array(deactivation),
});

// ---------------------------------------------------------------- news

export const newsQuery = listQuery.extend({
  status: newsStatus.optional(),
  audience: audience.optional(),
  keyword,
});
export type NewsQuery = z.infer<typeof newsQuery>;

const publishedAt = z.iso
  .datetime({ offset: true, error: "公開日時の形式が正しくありません（例: 2026-04-01T09:00:00+09:00）" })
  .nullable()
  .optional();

export const newsInput = z.object({
  title: requiredText("タイトル", 200),
  body: requiredText("本文", 10_000),
  audience: audience.default("ALL"),
  status: newsStatus.default("DRAFT"),
  publishedAt,
});
export type NewsInput = z.infer<typeof newsInput>;

export const newsUpdateInput = z
  .object({
    title: requiredText("タイトル", 200).optional(),
    body: requiredText("本文", 10_000).optional(),
    audience: audience.optional(),
    status: newsStatus.optional(),
    publishedAt,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "変更する項目を指定してください" });
export type NewsUpdateInput = z.infer<typeof newsUpdateInput>;

export const ownerNewsItem = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience,
  status: newsStatus,
  publishedAt: z.string().nullable(),
  createdByOwnerId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnerNewsItem = z.infer<typeof ownerNewsItem>;

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
