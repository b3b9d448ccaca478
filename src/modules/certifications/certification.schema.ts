import { z } from "zod";
import { requiredText } from "@/lib/validation";
import { attachmentFileField } from "@/modules/files/attachment.schema";

// A supplier's certificates and licences (issue 20): uploaded with their document, verified by the
// operator; a verified, unexpired one is the badge 「認証確認済み」.

/** At most this many certificates per company (renewals are new rows: room for them and their predecessors). */
export const MAX_CERTIFICATIONS = 30;
/** An expiry date further away than this is a typing mistake (licences run 5 years, ISO 3). */
export const MAX_EXPIRY_YEARS = 30;

export const certificationStatus = z.enum(["PENDING", "VERIFIED", "REJECTED"]);
/** What the supplier reads: an expired certificate shows 「期限切れ」 whatever its review said. */
export const certificationStanding = z.enum(["PENDING", "VERIFIED", "REJECTED", "EXPIRED"]);
export type CertificationStanding = z.infer<typeof certificationStanding>;

export const STANDING_LABELS: Record<CertificationStanding, string> = {
  PENDING: "確認待ち",
  VERIFIED: "認証確認済み",
  REJECTED: "差し戻し",
  EXPIRED: "期限切れ",
};

const typeId = z
  .string({ error: "認証・許可の種類を選択してください" })
  .trim()
  .regex(/^[1-9]\d{0,8}$/, "認証・許可の種類を選択してください")
  .transform(Number);

const expiresOn = z
  .string({ error: "有効期限の形式が正しくありません（例: 2027-03-31）" })
  .trim()
  .refine((v) => v === "" || isCalendarDate(v), "有効期限の形式が正しくありません（例: 2027-03-31）")
  .transform((v) => (v === "" ? null : v))
  .optional()
  .transform((v) => v ?? null);

/** A real calendar date written YYYY-MM-DD (2027-02-30 is refused). */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** POST /api/oem/company/{companyId}/certifications (multipart/form-data). */
export const certificationUpload = z.object({
  certificationTypeId: typeId,
  number: requiredText("登録番号・許可番号", 100),
  issuer: requiredText("発行機関", 100),
  /** The last day it is valid (Japan date); empty or absent: no expiry. */
  expiresOn,
  file: attachmentFileField,
});
export type CertificationUpload = z.output<typeof certificationUpload>;

export const certification = z.object({
  id: z.string(),
  certificationTypeId: z.number(),
  certificationTypeName: z.string(),
  kind: z.enum(["CERTIFICATION", "LICENSE"]),
  number: z.string(),
  issuer: z.string(),
  expiresOn: z.string().nullable(),
  status: certificationStatus,
  /** The operator's reason, when REJECTED. */
  rejectionReason: z.string().nullable(),
  /** Past its expiry date (or marked expired by the daily check). */
  isExpired: z.boolean(),
  standing: certificationStanding,
  /** 「確認待ち」「認証確認済み」「差し戻し」「期限切れ」 */
  standingLabel: z.string(),
  document: z.object({
    name: z.string(),
    contentType: z.string(),
    byteSize: z.number(),
    url: z.string(),
  }),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Certification = z.infer<typeof certification>;

export const certificationList = z.object({
  items: z.array(certification),
  total: z.number(),
  max: z.number(),
});
export type CertificationList = z.infer<typeof certificationList>;
