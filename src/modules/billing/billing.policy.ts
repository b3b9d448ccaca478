// The status moves of billing's two aggregates (decision 0011): one pure table each, used by the
// services (every status they write comes from `to`), their SQL preconditions (`statesAllowing`),
// and the console and supplier pages (`eventsFrom`: only the actions the table allows are shown).
// Client-safe: no server imports. Creation is an event from "NEW".

export type Outcome<S> = { ok: true; to: S } | { ok: false; message: string };

function uniqueMove<S extends string, E extends string>(
  table: Record<S, Partial<Record<E, S>>>,
  from: S[],
  event: E,
): { from: S[]; to: S } {
  const targets = new Set(from.map((s) => table[s][event]));
  const [to] = targets;
  if (targets.size !== 1 || !to) throw new Error(`${event}: no single target`);
  return { from, to };
}

// ---------------------------------------------------------------- ticket purchases

export type PurchaseStatus = "PENDING" | "PAID" | "CANCELLED";
export const PURCHASE_STATUSES: readonly PurchaseStatus[] = ["PENDING", "PAID", "CANCELLED"];

/** BUY: a supplier's purchase by invoice; GRANT: the operator's free tickets; CONFIRM: payment received. */
export type PurchaseEvent = "BUY" | "GRANT" | "CONFIRM" | "CANCEL";
export const PURCHASE_EVENTS: readonly PurchaseEvent[] = ["BUY", "GRANT", "CONFIRM", "CANCEL"];

export const PURCHASE_TRANSITIONS: Record<
  PurchaseStatus | "NEW",
  Partial<Record<PurchaseEvent, PurchaseStatus>>
> = {
  NEW: { BUY: "PENDING", GRANT: "PAID" },
  PENDING: { CONFIRM: "PAID", CANCEL: "CANCELLED" },
  PAID: {},
  CANCELLED: {},
};

/** The 409 text when the move is not allowed (the messages the API has always answered). */
const PURCHASE_REFUSALS: Record<PurchaseEvent, string> = {
  BUY: "この購入はすでに登録されています。",
  GRANT: "この購入はすでに登録されています。",
  CONFIRM: "入金待ちの購入ではありません。",
  CANCEL: "入金待ちの購入のみ取り消せます。",
};

export function purchaseTransition(
  from: PurchaseStatus | "NEW",
  event: PurchaseEvent,
): Outcome<PurchaseStatus> {
  const to = PURCHASE_TRANSITIONS[from][event];
  return to ? { ok: true, to } : { ok: false, message: PURCHASE_REFUSALS[event] };
}

export function purchaseEventsFrom(from: PurchaseStatus | "NEW"): PurchaseEvent[] {
  return PURCHASE_EVENTS.filter((e) => PURCHASE_TRANSITIONS[from][e]);
}

/** The stored statuses the event may start from (the `where status in (...)` of its update). */
export function purchaseStatesAllowing(event: PurchaseEvent): PurchaseStatus[] {
  return PURCHASE_STATUSES.filter((s) => PURCHASE_TRANSITIONS[s][event]);
}

/** The 409 text of an event that found no purchase in a state allowing it. */
export function purchaseRefusal(event: PurchaseEvent): string {
  return PURCHASE_REFUSALS[event];
}

/** An event's one move as an update makes it: the states it starts from, and the one it leads to. */
export function purchaseMove(event: PurchaseEvent): { from: PurchaseStatus[]; to: PurchaseStatus } {
  return uniqueMove(PURCHASE_TRANSITIONS, purchaseStatesAllowing(event), event);
}

/** A purchase counts in the ticket ledger once paid. */
export const CREDITED_PURCHASE: PurchaseStatus = "PAID";

// ---------------------------------------------------------------- plan contracts

export type PlanStatus = "WAITING" | "ACTIVE" | "CANCEL_SCHEDULED" | "ENDED" | "REJECTED";
export const PLAN_STATUSES: readonly PlanStatus[] = [
  "WAITING",
  "ACTIVE",
  "CANCEL_SCHEDULED",
  "ENDED",
  "REJECTED",
];

/**
 * APPLY: a supplier's application; CANCEL: the supplier withdraws a waiting application (ended at
 * once) or cancels the plan (in force until month end); ACTIVATE / REJECT / END: the operator;
 * MONTH_END: the scheduler ends a plan cancelled for a month that has passed.
 */
export type PlanEvent = "APPLY" | "CANCEL" | "ACTIVATE" | "REJECT" | "END" | "MONTH_END";
export const PLAN_EVENTS: readonly PlanEvent[] = [
  "APPLY",
  "CANCEL",
  "ACTIVATE",
  "REJECT",
  "END",
  "MONTH_END",
];

export const PLAN_TRANSITIONS: Record<PlanStatus | "NEW", Partial<Record<PlanEvent, PlanStatus>>> = {
  NEW: { APPLY: "WAITING" },
  WAITING: { CANCEL: "ENDED", ACTIVATE: "ACTIVE", REJECT: "REJECTED" },
  ACTIVE: { CANCEL: "CANCEL_SCHEDULED", END: "ENDED" },
  CANCEL_SCHEDULED: { END: "ENDED", MONTH_END: "ENDED" },
  ENDED: {},
  REJECTED: {},
};

const WAITING_NONE = "お申し込み中の無制限プランがありません。";

/** The 409 text per event, and where it depends on the state the company is in, per state. */
const PLAN_REFUSALS: Record<PlanEvent, { default: string } & Partial<Record<PlanStatus | "NEW", string>>> = {
  APPLY: {
    default: "無制限プランをご契約中です。",
    WAITING: "無制限プランはお申し込み済みです。運営事務局の確認をお待ちください。",
  },
  CANCEL: {
    default: "解約できる無制限プランの契約がありません。",
    CANCEL_SCHEDULED: "解約手続きは完了しています。",
  },
  ACTIVATE: { default: WAITING_NONE },
  REJECT: { default: WAITING_NONE },
  END: { default: "契約中の無制限プランがありません。" },
  MONTH_END: { default: "解約予定の無制限プランではありません。" },
};

/** `from` is the company's live contract's status, or "NEW" when it has none. */
export function planTransition(from: PlanStatus | "NEW", event: PlanEvent): Outcome<PlanStatus> {
  const to = PLAN_TRANSITIONS[from][event];
  if (to) return { ok: true, to };
  const refusal = PLAN_REFUSALS[event];
  return { ok: false, message: refusal[from] ?? refusal.default };
}

export function planEventsFrom(from: PlanStatus | "NEW"): PlanEvent[] {
  return PLAN_EVENTS.filter((e) => PLAN_TRANSITIONS[from][e]);
}

export function planStatesAllowing(event: PlanEvent): PlanStatus[] {
  return PLAN_STATUSES.filter((s) => PLAN_TRANSITIONS[s][event]);
}

/** The 409 text of an event that found no contract in a state allowing it. */
export function planRefusal(event: PlanEvent): string {
  return PLAN_REFUSALS[event].default;
}

/** An event's one move as an update makes it (CANCEL has two, and is decided from the contract read). */
export function planMove(event: Exclude<PlanEvent, "CANCEL" | "APPLY">): {
  from: PlanStatus[];
  to: PlanStatus;
} {
  return uniqueMove(PLAN_TRANSITIONS, planStatesAllowing(event), event);
}

/** A company's live contract: one still open to a move (waiting, active or ending at month end). */
export const LIVE_PLAN_STATUSES: PlanStatus[] = PLAN_STATUSES.filter((s) => planEventsFrom(s).length > 0);

/** The contracts that make the company OEM_PAID while their dates cover today: the ones the operator can end. */
export const IN_FORCE_PLAN_STATUSES: PlanStatus[] = planStatesAllowing("END");
