// Who may see, enter and read the buyer's details of an inquiry (PRODUCT.md "Entries and who may respond").

import { addDays } from "@/lib/japan-time";
import { INQUIRY_STATUS } from "@/lib/owner/console-labels";
import { type EntryStatus, entryTransition } from "./entry.policy";

export interface InquiryFacts {
  type: "BULK" | "NOMINATION";
  status: "REVIEW" | "OPEN" | "CLOSED" | "CANCELLED" | "REJECTED" | "AWARDED";
  nominatedCompanyId: string | null;
  entryDeadline: string | null; // YYYY-MM-DD, Japan time
}

export interface SupplierFacts {
  companyId: string;
  isPaid: boolean;
  /** A ticket was spent on this inquiry (free suppliers, nominations). */
  hasTicket: boolean;
  /** The supplier's entry on this inquiry, if any. */
  entryStatus: EntryStatus | null;
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
  if (i.status === "AWARDED") {
    return { code: "CLOSED", message: "この案件は発注先が決定したため、受付を終了しました。" };
  }
  if (i.status !== "OPEN" || (i.entryDeadline !== null && i.entryDeadline < todayJst)) {
    return { code: "CLOSED", message: "この案件の受付は終了しています。" };
  }
  const enter = entryTransition(s.entryStatus ?? "NEW", "ENTER");
  if (!enter.ok) return { code: "ALREADY_ENTERED", message: enter.message };
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

// ------------------------------------------------------------------ status moves (decision 0011)

export type InquiryStatus = InquiryFacts["status"];

/**
 * Every way an inquiry's status changes. Creation is a move from "NEW"; the operator's corrections
 * (the console's "edit status") are moves of their own, so the console shows exactly these.
 */
export type InquiryEvent =
  | "SUBMIT_BULK" // the buyer sends a bulk inquiry: the operator reviews it first
  | "SUBMIT_NOMINATION" // the buyer sends a nomination: straight to the supplier
  | "APPROVE" // the operator publishes a bulk inquiry under review
  | "REJECT" // the operator declines to publish it
  | "CLOSE" // the buyer (or the operator's CLOSE action) ends an open inquiry early
  | "CANCEL" // the buyer withdraws it
  | "AWARD" // the buyer awards a supplier in the deal room: no more entries (issue 33 #3)
  | "EXPIRE" // the deadline job closes a bulk inquiry whose entry deadline has passed
  | "BUYER_DEACTIVATED" // the buyer company leaves: its live inquiries close
  | "NOMINEE_DEACTIVATED" // the nominated supplier leaves: its open nominations close
  | "OPERATOR_CLOSE" // corrections by the operator (console: edit status)
  | "OPERATOR_CANCEL"
  | "OPERATOR_REOPEN";

export const INQUIRY_STATUSES = ["REVIEW", "OPEN", "CLOSED", "CANCELLED", "REJECTED", "AWARDED"] as const;
export const INQUIRY_EVENTS: readonly InquiryEvent[] = [
  "SUBMIT_BULK",
  "SUBMIT_NOMINATION",
  "APPROVE",
  "REJECT",
  "CLOSE",
  "CANCEL",
  "AWARD",
  "EXPIRE",
  "BUYER_DEACTIVATED",
  "NOMINEE_DEACTIVATED",
  "OPERATOR_CLOSE",
  "OPERATOR_CANCEL",
  "OPERATOR_REOPEN",
];

export const INQUIRY_TRANSITIONS: Record<
  InquiryStatus | "NEW",
  Partial<Record<InquiryEvent, InquiryStatus>>
> = {
  NEW: { SUBMIT_BULK: "REVIEW", SUBMIT_NOMINATION: "OPEN" },
  REVIEW: {
    APPROVE: "OPEN",
    REJECT: "REJECTED",
    CANCEL: "CANCELLED",
    BUYER_DEACTIVATED: "CLOSED",
    OPERATOR_CANCEL: "CANCELLED",
  },
  OPEN: {
    CLOSE: "CLOSED",
    CANCEL: "CANCELLED",
    AWARD: "AWARDED",
    EXPIRE: "CLOSED",
    BUYER_DEACTIVATED: "CLOSED",
    NOMINEE_DEACTIVATED: "CLOSED",
    OPERATOR_CLOSE: "CLOSED",
    OPERATOR_CANCEL: "CANCELLED",
  },
  CLOSED: { AWARD: "AWARDED", OPERATOR_REOPEN: "OPEN" },
  CANCELLED: {},
  REJECTED: {},
  // A second award (a split order) keeps it decided.
  AWARDED: { AWARD: "AWARDED" },
};

/** The status an operator's correction leads to, and back (the console's "edit status" choices). */
export const OPERATOR_MOVES = {
  OPERATOR_REOPEN: "OPEN",
  OPERATOR_CLOSE: "CLOSED",
  OPERATOR_CANCEL: "CANCELLED",
} as const;
export type OperatorMove = keyof typeof OPERATOR_MOVES;
export type OperatorTarget = (typeof OPERATOR_MOVES)[OperatorMove];

export function operatorMoveTo(to: OperatorTarget): OperatorMove {
  return (Object.keys(OPERATOR_MOVES) as OperatorMove[]).find((m) => OPERATOR_MOVES[m] === to)!;
}

/** The 409 text when `event` is not allowed from `from` (the texts the API has always answered). */
function refusal(from: InquiryStatus | "NEW", event: InquiryEvent): string {
  switch (event) {
    case "APPROVE":
      return "審査中の一括問い合わせのみ承認できます。";
    case "REJECT":
      return "審査中の一括問い合わせのみ非承認にできます。";
    case "CLOSE":
      return "公開中の案件のみ締め切ることができます。";
    case "CANCEL":
      if (from === "AWARDED") return "発注先が決定した案件は取り下げられません。";
      return "審査中または公開中の案件のみ取り下げることができます。";
    case "AWARD":
      return "この案件では発注先を決定できません。";
    case "OPERATOR_CLOSE":
    case "OPERATOR_CANCEL":
    case "OPERATOR_REOPEN":
      if (from === "REVIEW" && event === "OPERATOR_REOPEN") {
        return "審査中の一括問い合わせは「承認」で公開してください。";
      }
      return `${from === "NEW" ? "新規" : INQUIRY_STATUS[from]}の案件を「${INQUIRY_STATUS[OPERATOR_MOVES[event]]}」に変更することはできません。`;
    default:
      return "この案件の状態は変更できません。";
  }
}

export type Transition<S> = { ok: true; to: S } | { ok: false; message: string };

export function transition(from: InquiryStatus | "NEW", event: InquiryEvent): Transition<InquiryStatus> {
  const to = INQUIRY_TRANSITIONS[from][event];
  return to ? { ok: true, to } : { ok: false, message: refusal(from, event) };
}

/** The moves allowed from a status (the console offers only these). */
export function eventsFrom(from: InquiryStatus | "NEW"): InquiryEvent[] {
  return INQUIRY_EVENTS.filter((e) => INQUIRY_TRANSITIONS[from][e] !== undefined);
}

/** The statuses an event may start from, for SQL preconditions (`where status in (...)`). */
export function statesAllowing(event: InquiryEvent): InquiryStatus[] {
  return INQUIRY_STATUSES.filter((s) => INQUIRY_TRANSITIONS[s][event] !== undefined);
}

/** Where an event leads (each leads to one status, whatever it starts from). */
export function outcomeOf(event: InquiryEvent): InquiryStatus {
  for (const from of ["NEW", ...INQUIRY_STATUSES] as const) {
    const to = INQUIRY_TRANSITIONS[from][event];
    if (to) return to;
  }
  throw new Error(`inquiry event ${event} leads nowhere`);
}

/** The operator's corrections from a status, as their target statuses (the console's edit choices). */
export function operatorTargetsFrom(from: InquiryStatus): OperatorTarget[] {
  return eventsFrom(from)
    .filter((e): e is OperatorMove => e in OPERATOR_MOVES)
    .map((e) => OPERATOR_MOVES[e]);
}

/**
 * The bulk entry deadline's window, for the buyer's form and the operator's correction alike:
 * from tomorrow to MAX_DEADLINE_DAYS ahead (Japan time). Null when the date is allowed.
 */
export function entryDeadlineProblem(deadline: string, today: string, maxDays: number): string | null {
  if (deadline <= today) return "エントリー締切は明日以降の日付を指定してください";
  if (deadline > addDays(today, maxDays)) return `エントリー締切は${maxDays}日以内で指定してください`;
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
  if (status === "AWARDED")
    return "発注先が決定した案件のエントリーは選考できません。結果は商談スレッドでお伝えください。";
  return null;
}
