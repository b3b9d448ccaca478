// Japanese words and tones of inquiry and entry statuses in the member area (buyer and supplier lists,
// details, entries); shared by the inquiries and entries UIs. The console has its own words (src/lib/owner/console-labels.ts).
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
  AWARDED: {
    label: "発注先決定",
    tone: "brand",
    explain:
      "発注先が決まり、エントリーの受付を終了しました。発注先との商談は引き続き商談スレッドで行えます。",
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
  AWARDED: { label: "発注先決定", tone: "slate" },
};

export const ENTRY_STATUS: Record<EntryStatus, { label: string; tone: Tone }> = {
  ENTERED: { label: "エントリー中", tone: "brand" },
  SHORTLISTED: { label: "候補", tone: "green" },
  DECLINED: { label: "見送り", tone: "slate" },
  CANCELLED: { label: "取り消し", tone: "slate" },
  AWARDED: { label: "受注", tone: "green" },
  WITHDRAWN: { label: "辞退", tone: "slate" },
};
