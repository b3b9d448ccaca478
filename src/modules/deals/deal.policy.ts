// A deal's status moves (docs/deal-room.md): the supplier's quote state and the buyer's decision,
// one per thread. One pure table used by every use case; client-safe (no server imports).

export type DealStatus = "NEW" | "QUOTED" | "AWARDED" | "DECLINED" | "WITHDRAWN";

export type DealEvent =
  | "QUOTE" // the supplier submits its first quote or a revision (a new version)
  | "NO_QUOTE" // the supplier declines to quote (辞退) with a reason
  | "AWARD" // the buyer awards this supplier (its current, unexpired version)
  | "DECLINE"; // the buyer declines this supplier with a reason

export const DEAL_STATUSES = ["NEW", "QUOTED", "AWARDED", "DECLINED", "WITHDRAWN"] as const;
export const DEAL_EVENTS: readonly DealEvent[] = ["QUOTE", "NO_QUOTE", "AWARD", "DECLINE"];

export const DEAL_TRANSITIONS: Record<DealStatus, Partial<Record<DealEvent, DealStatus>>> = {
  NEW: { QUOTE: "QUOTED", NO_QUOTE: "WITHDRAWN", DECLINE: "DECLINED" },
  QUOTED: { QUOTE: "QUOTED", NO_QUOTE: "WITHDRAWN", AWARD: "AWARDED", DECLINE: "DECLINED" },
  AWARDED: {},
  DECLINED: {},
  WITHDRAWN: {},
};

function refusal(from: DealStatus, event: DealEvent): string {
  if (event === "AWARD" && from === "NEW") return "見積が提出されていないため発注先に決定できません。";
  switch (from) {
    case "AWARDED":
      return "この取引はすでに発注先に決定しています。";
    case "DECLINED":
      return "この取引はすでにお見送りが決定しています。";
    case "WITHDRAWN":
      return "このメーカーは見積を辞退しています。";
    default:
      return "この操作は現在の状態ではできません。";
  }
}

export type DealTransition = { ok: true; to: DealStatus } | { ok: false; message: string };

export function dealTransition(from: DealStatus, event: DealEvent): DealTransition {
  const to = DEAL_TRANSITIONS[from][event];
  return to ? { ok: true, to } : { ok: false, message: refusal(from, event) };
}

/** The statuses an event may start from, for SQL preconditions (`where status in (...)`). */
export function dealStatesAllowing(event: DealEvent): DealStatus[] {
  return DEAL_STATUSES.filter((s) => DEAL_TRANSITIONS[s][event] !== undefined);
}

/** Where an event leads (each leads to one status, whatever it starts from). */
export function dealOutcomeOf(event: DealEvent): DealStatus {
  for (const from of DEAL_STATUSES) {
    const to = DEAL_TRANSITIONS[from][event];
    if (to) return to;
  }
  throw new Error(`deal event ${event} leads nowhere`);
}

/** A decided thread takes no new messages except an awarded one (the work goes on there). */
export function threadAcceptsMessages(status: DealStatus): boolean {
  return status !== "DECLINED" && status !== "WITHDRAWN";
}

export const INQUIRY_WITHDRAWN = "この案件は取り下げられたため、商談は行えません。";
export const TICKET_REVOKED = "チケットが返却されたため、この商談は終了しました。";
/** What a supplier whose ticket the operator refunded sees in place of the buyer's name. */
export const REVOKED_BUYER_NAME = "発注者（チケット返却済み）";

/** Inquiry statuses in which a deal goes on: open, in decision (締切) and decided (発注先決定). */
const DEALING_INQUIRY = new Set(["OPEN", "CLOSED", "AWARDED"]);

/**
 * Why no one may write in a thread now, whatever its own status (issue 33 #6, #7): its inquiry was
 * withdrawn (or never published), or the operator refunded the ticket that opened it. Null: allowed.
 */
export function dealWriteBlock(g: { inquiryStatus: string; ticketRevoked: boolean }): string | null {
  if (!DEALING_INQUIRY.has(g.inquiryStatus)) {
    return g.inquiryStatus === "CANCELLED" ? INQUIRY_WITHDRAWN : "この案件では商談を行えません。";
  }
  return g.ticketRevoked ? TICKET_REVOKED : null;
}

/**
 * Award and decline-all bind the buyer company: its ADMINs decide; a GENERAL member asks them
 * (「決定を依頼」, issue 33 #8). Declining one supplier stays open to every member.
 */
export function canDecide(role: "ADMIN" | "GENERAL"): boolean {
  return role === "ADMIN";
}
export const DECIDE_ADMIN_ONLY =
  "発注先の決定は管理者のみ行えます。「決定を依頼」で管理者に依頼してください。";
export const DECLINE_ALL_ADMIN_ONLY = "一括のお見送りは管理者のみ行えます。管理者に依頼してください。";
export const DECLINE_ALL_NEEDS_AWARD =
  "先に発注先を決定してください。発注せずに終える場合は「案件を終了」を選んでください。";

/** Still waiting for the buyer's decision (reminders, "decline all others"). */
export function awaitsDecision(status: DealStatus): boolean {
  return status === "NEW" || status === "QUOTED";
}

/** A version is expired once its validity date (Japan) is before today (Japan). */
export function quoteExpired(validUntil: string, todayJst: string): boolean {
  return validUntil < todayJst;
}

// ------------------------------------------------------------------ reasons

export const NO_QUOTE_REASONS = {
  CAPACITY: "生産能力・キャパシティが不足しているため",
  MOQ: "ご希望の数量が最小ロットに満たないため",
  PROCESS: "対応していない工程・素材のため",
  LEAD_TIME: "ご希望の納期に対応できないため",
  OTHER: "その他",
} as const;
export type NoQuoteReason = keyof typeof NO_QUOTE_REASONS;

export const DECLINE_REASONS = {
  PRICE: "価格",
  LEAD_TIME: "納期",
  QUALITY: "品質・対応力",
  OTHER_SUPPLIER: "他のメーカーに決定",
  PROJECT_CANCELLED: "案件の中止・延期",
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;

export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  NEW: "見積待ち",
  QUOTED: "見積提出済み",
  AWARDED: "発注先に決定",
  DECLINED: "お見送り",
  WITHDRAWN: "辞退",
};
