import type { Limit } from "@/server/http/rate-limit";

// How many files a person and a company may upload to the deal room and as certificates, and how
// much a company may keep (issue 33: 10 × 20 MB from an unverified account without a thread in
// 13 s, 271 images in 30 s). Figures and reasons: docs/decisions/0036-deal-room-limits.md.

export const DEAL_UPLOADS_PER_10_MINUTES_PER_USER = 30;
export const DEAL_UPLOADS_PER_DAY_PER_USER = 300;
export const DEAL_UPLOADS_PER_10_MINUTES_PER_COMPANY = 100;
export const DEAL_UPLOADS_PER_DAY_PER_COMPANY = 1000;
export const CERTIFICATE_UPLOADS_PER_10_MINUTES = 10;
export const CERTIFICATE_UPLOADS_PER_DAY_PER_COMPANY = 60;

/** Bytes a company may keep in stored files (images, attachments, deal files, certificates): 1 GB. */
export const COMPANY_STORAGE_QUOTA_BYTES = 1024 * 1024 * 1024;

const uploadMessage = (wait: string) =>
  `ファイルのアップロードが続いています。${wait}後にもう一度お試しください。`;
const TEN_MINUTES = 10 * 60;
const DAY = 24 * 60 * 60;

/** The windows a deal-room upload counts in, per user and per company. */
export function dealUploadLimits(userId: string, companyId: string): Limit[] {
  const m = uploadMessage;
  return [
    {
      key: `deal-upload:user:${userId}`,
      max: DEAL_UPLOADS_PER_10_MINUTES_PER_USER,
      windowSeconds: TEN_MINUTES,
      message: m,
    },
    {
      key: `deal-upload-day:user:${userId}`,
      max: DEAL_UPLOADS_PER_DAY_PER_USER,
      windowSeconds: DAY,
      message: m,
    },
    {
      key: `deal-upload:company:${companyId}`,
      max: DEAL_UPLOADS_PER_10_MINUTES_PER_COMPANY,
      windowSeconds: TEN_MINUTES,
      message: m,
    },
    {
      key: `deal-upload-day:company:${companyId}`,
      max: DEAL_UPLOADS_PER_DAY_PER_COMPANY,
      windowSeconds: DAY,
      message: m,
    },
  ];
}

/** The windows a certificate's document counts in, per user and per company. */
export function certificateUploadLimits(userId: string, companyId: string): Limit[] {
  const m = uploadMessage;
  return [
    {
      key: `certificate-upload:user:${userId}`,
      max: CERTIFICATE_UPLOADS_PER_10_MINUTES,
      windowSeconds: TEN_MINUTES,
      message: m,
    },
    {
      key: `certificate-upload-day:company:${companyId}`,
      max: CERTIFICATE_UPLOADS_PER_DAY_PER_COMPANY,
      windowSeconds: DAY,
      message: m,
    },
  ];
}
