import { z } from "zod";
import { listQuery } from "@/lib/console-listing";
import { CERTIFICATE_STATUS } from "@/lib/owner/console-labels";
import { uuidParam } from "@/lib/validation";

// The operator's review of the certificates suppliers upload (console 「認証の確認」, issue 20):
// the queue by status, one certificate with its document, verify and reject.

export const CERTIFICATE_STATUSES = ["PENDING", "VERIFIED", "REJECTED"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The words the console and the supplier's list use for each status (shared with the audit log's). */
export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = CERTIFICATE_STATUS;
export const EXPIRED_LABEL = "期限切れ";

/** A reason the supplier can act on: a word or two says nothing. */
export const MIN_REJECTION_REASON = 5;
export const MAX_REJECTION_REASON = 500;

/** What the operator reads when verifying a certificate whose last valid day has passed. */
export const EXPIRED_CANNOT_VERIFY =
  "有効期限が切れている証明書は認証できません。有効期限内の証明書を登録し直すよう、差し戻してください。";

export const certificationQueueQuery = listQuery.extend({
  status: z
    .enum(CERTIFICATE_STATUSES, {
      error:
        "状態は PENDING（確認待ち）、VERIFIED（認証確認済み）、REJECTED（差し戻し）のいずれかで指定してください",
    })
    .default("PENDING"),
  /** One supplier's certificates only (the link from a certificate to the others of its company). */
  companyId: z.uuid("企業IDの形式が正しくありません").optional(),
});
export type CertificationQueueQuery = z.infer<typeof certificationQueueQuery>;

export const certificationParams = z.object({ certificationId: uuidParam });

export const rejectCertificationInput = z.object({
  reason: z
    .string({ error: "差し戻しの理由を入力してください" })
    .trim()
    .min(1, "差し戻しの理由を入力してください")
    .min(MIN_REJECTION_REASON, `差し戻しの理由は${MIN_REJECTION_REASON}文字以上で入力してください`)
    .max(MAX_REJECTION_REASON, `差し戻しの理由は${MAX_REJECTION_REASON}文字以内で入力してください`),
});
export type RejectCertificationInput = z.infer<typeof rejectCertificationInput>;

const status = z.enum(CERTIFICATE_STATUSES);

/** A certificate in the console's queue. */
export const certificationQueueItem = z.object({
  id: z.string(),
  company: z.object({ id: z.string(), name: z.string(), status: z.enum(["ACTIVE", "DEACTIVATED"]) }),
  type: z.object({ id: z.number(), name: z.string(), kind: z.enum(["CERTIFICATION", "LICENSE"]) }),
  number: z.string(),
  issuer: z.string(),
  /** The last valid day (Japan date, YYYY-MM-DD); null: no expiry. */
  expiresOn: z.string().nullable(),
  status,
  /** The last valid day has passed (Japan date), or the expiry job removed the badge. */
  expired: z.boolean(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type CertificationQueueItem = z.infer<typeof certificationQueueItem>;

/** One certificate as the operator reviews it: the queue's fields, the document and the history. */
export const certificationDetail = certificationQueueItem.extend({
  document: z.object({
    name: z.string(),
    contentType: z.string(),
    byteSize: z.number(),
    /** GET it with the operator token (the console previews it as a blob). */
    url: z.string(),
  }),
  reviewedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  rejectionReason: z.string().nullable(),
  /** When the expiry job sent the reminder (30 days before). */
  reminderSentAt: z.string().nullable(),
  /** When the expiry job removed the badge (the day after the last valid day). */
  expiredAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CertificationDetail = z.infer<typeof certificationDetail>;
