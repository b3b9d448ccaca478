// Who may see, enter and read the buyer's details of an inquiry (PRODUCT.md "Entries and who may respond").

export interface InquiryFacts {
  type: "BULK" | "NOMINATION";
  status: "REVIEW" | "OPEN" | "CLOSED" | "CANCELLED" | "REJECTED";
  nominatedCompanyId: string | null;
  entryDeadline: string | null; // YYYY-MM-DD, Japan time
}

export interface SupplierFacts {
  companyId: string;
  isPaid: boolean;
  /** A ticket was spent on this inquiry (free suppliers, nominations). */
  hasTicket: boolean;
  /** The supplier's entry on this inquiry, if any. */
  entryStatus: "ENTERED" | "CANCELLED" | "SHORTLISTED" | "DECLINED" | null;
}

/** BULK: published ones (or ones the supplier entered); NOMINATION: only the nominee, after review-free creation. */
export function canSeeInquiry(i: InquiryFacts, s: SupplierFacts): boolean {
  if (i.type === "NOMINATION") return i.nominatedCompanyId === s.companyId;
  if (i.status === "OPEN") return true;
  return s.entryStatus !== null && i.status !== "REVIEW" && i.status !== "REJECTED";
}

/** The buyer's contact details: paid suppliers, a free one that spent a ticket on the nomination, or anyone who entered. */
export function canSeeBuyerContact(i: InquiryFacts, s: SupplierFacts): boolean {
  if (s.entryStatus && s.entryStatus !== "CANCELLED") return true;
  if (i.type === "NOMINATION") return s.isPaid || s.hasTicket;
  return false;
}

export type EntryBlock =
  | { code: "CLOSED"; message: string }
  | { code: "PAID_ONLY"; message: string }
  | { code: "TICKET_REQUIRED"; message: string }
  | { code: "ALREADY_ENTERED"; message: string };

export function entryBlock(i: InquiryFacts, s: SupplierFacts, todayJst: string): EntryBlock | null {
  if (i.status !== "OPEN" || (i.entryDeadline !== null && i.entryDeadline < todayJst)) {
    return { code: "CLOSED", message: "この案件の受付は終了しています。" };
  }
  if (s.entryStatus === "ENTERED" || s.entryStatus === "SHORTLISTED" || s.entryStatus === "DECLINED") {
    return { code: "ALREADY_ENTERED", message: "この案件には既にエントリーしています。" };
  }
  if (i.type === "BULK" && !s.isPaid) {
    return {
      code: "PAID_ONLY",
      message: "公開案件へのエントリーは無制限プランをご契約中の企業さまのみご利用いただけます。",
    };
  }
  if (i.type === "NOMINATION" && !s.isPaid && !s.hasTicket) {
    return {
      code: "TICKET_REQUIRED",
      message: "指名案件に回答するには、チケットを1枚使用して発注者の連絡先を開示してください。",
    };
  }
  return null;
}

/**
 * Per buyer company: every nomination emails a supplier at once, a bulk inquiry may notify 20 at
 * approval. Generous for a real buyer, a wall for a spammer (docs/security.md).
 */
export const INQUIRY_LIMITS = {
  BULK: { perHour: 10, perDay: 30, word: "一括問い合わせ" },
  NOMINATION: { perHour: 10, perDay: 30, word: "指名問い合わせ" },
} as const;

/** The rate-limit counters an inquiry of `type` from `companyId` counts against. */
export function inquiryLimits(type: "BULK" | "NOMINATION", companyId: string) {
  const l = INQUIRY_LIMITS[type];
  const message = (per: string, max: number) => (wait: string) =>
    `${l.word}の送信は1社あたり${per}${max}件までです。${wait}後にもう一度お試しください。`;
  return [
    {
      key: `inquiry:${type}:hour:${companyId}`,
      max: l.perHour,
      windowSeconds: 3600,
      message: message("1時間に", l.perHour),
    },
    {
      key: `inquiry:${type}:day:${companyId}`,
      max: l.perDay,
      windowSeconds: 86_400,
      message: message("1日に", l.perDay),
    },
  ];
}

/** Why the buyer may not shortlist or decline entries now; deciding after closing is allowed (that is when buyers decide). */
export function verdictBlock(status: InquiryFacts["status"]): string | null {
  if (status === "CANCELLED") return "取り下げた案件のエントリーは選考できません。";
  if (status === "REJECTED") return "掲載を見送った案件のエントリーは選考できません。";
  if (status === "REVIEW") return "審査中の案件のエントリーは選考できません。";
  return null;
}
