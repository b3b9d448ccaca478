// Japanese words, tones and formats of the inquiry lists and details (buyer and supplier).
import type { z } from "zod";
import type { entryStatus } from "@/modules/inquiries/entry.schema";
import type { inquiryStatus } from "@/modules/inquiries/inquiry.schema";

export type InquiryStatus = z.infer<typeof inquiryStatus>;
export type InquiryType = "BULK" | "NOMINATION";
export type EntryStatus = z.infer<typeof entryStatus>;
export type Tone = "slate" | "brand" | "gold" | "red" | "green";

export const INQUIRY_TYPE_LABEL: Record<InquiryType, string> = {
  BULK: "一括問い合わせ",
  NOMINATION: "指名問い合わせ",
};

/** What the buyer reads about the state of an inquiry. */
export const BUYER_STATUS: Record<InquiryStatus, { label: string; tone: Tone; explain: string }> = {
  REVIEW: {
    label: "審査中",
    tone: "gold",
    explain:
      "運営事務局が内容を確認しています。確認が完了すると公開され、OEMメーカーからのエントリーを受け付けます。",
  },
  OPEN: {
    label: "公開中",
    tone: "green",
    explain: "OEMメーカーからのエントリーを受け付けています。エントリーが届くとメールでお知らせします。",
  },
  CLOSED: {
    label: "締切",
    tone: "slate",
    explain:
      "エントリーの受付を終了しました。届いたエントリーの確認と、候補・見送りの選考は引き続き行えます。",
  },
  CANCELLED: {
    label: "取り下げ",
    tone: "slate",
    explain: "この問い合わせは取り下げられました。OEMメーカーには表示されず、エントリーも受け付けません。",
  },
  REJECTED: {
    label: "非公開（差し戻し）",
    tone: "red",
    explain:
      "運営事務局の審査の結果、この内容では公開できませんでした。理由をご確認のうえ、内容を見直して新しく問い合わせてください。",
  },
};

/** What a supplier reads about the state of an inquiry (it never sees REVIEW or REJECTED). */
export const SUPPLIER_STATUS: Record<InquiryStatus, { label: string; tone: Tone }> = {
  REVIEW: { label: "審査中", tone: "gold" },
  OPEN: { label: "受付中", tone: "green" },
  CLOSED: { label: "受付終了", tone: "slate" },
  CANCELLED: { label: "取り下げ", tone: "slate" },
  REJECTED: { label: "非公開", tone: "slate" },
};

export const ENTRY_STATUS: Record<EntryStatus, { label: string; tone: Tone }> = {
  ENTERED: { label: "エントリー中", tone: "brand" },
  SHORTLISTED: { label: "候補", tone: "green" },
  DECLINED: { label: "見送り", tone: "slate" },
  CANCELLED: { label: "取り消し", tone: "slate" },
};

const yenFormat = new Intl.NumberFormat("ja-JP");

/** ¥12,345 */
export const yen = (value: number) => `¥${yenFormat.format(value)}`;

/** 12,345円, or — when unknown. */
export const yenOrDash = (value: number | null | undefined) =>
  value === null || value === undefined ? "—" : `${yenFormat.format(value)}円`;

const dateFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const dateTimeFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** 2026/01/05; a date column (YYYY-MM-DD) is shown as stored, a timestamp in Japan time. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return `${m[1]}/${m[2]}/${m[3]}`;
  return dateFormat.format(new Date(value));
}

/** 2026/01/05 14:30 in Japan time. */
export const formatDateTime = (value: string | null | undefined) =>
  value ? dateTimeFormat.format(new Date(value)) : "—";

/** 6月30日 from YYYY-MM-DD (or a timestamp, in Japan time). */
export function monthDay(value: string | null | undefined): string {
  if (!value) return "—";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m && value.length === 10) return `${Number(m[2])}月${Number(m[3])}日`;
  const parts = new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", month: "numeric", day: "numeric" })
    .formatToParts(new Date(value))
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return `${parts.month}月${parts.day}日`;
}

/** Today in Japan, YYYY-MM-DD. */
export function todayJst(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** 「あと3日」「本日締切」 for a YYYY-MM-DD deadline, or null when it has passed. */
export function daysLeft(deadline: string | null | undefined): string | null {
  if (!deadline) return null;
  const today = todayJst();
  const diff = Math.round(
    (Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  if (diff < 0) return null;
  return diff === 0 ? "本日締切" : `あと${diff}日`;
}

/** The byte size of a file: 1.2 MB, 350 KB. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
