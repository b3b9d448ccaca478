// An entry's status moves (decision 0011): one pure table, used by the supplier's, the buyer's and
// the operator's use cases and by the console's correction dialog. Client-safe: no server imports.

export type EntryStatus = "ENTERED" | "SHORTLISTED" | "DECLINED" | "CANCELLED";

export type EntryEvent =
  | "ENTER" // the supplier enters (again, after cancelling: the same row comes back)
  | "CANCEL" // the supplier withdraws its entry while the inquiry is open
  | "SHORTLIST" // the buyer's verdict (it may change its mind)
  | "DECLINE"
  | "COMPANY_DEACTIVATED" // the supplier company leaves: its live entries are withdrawn
  | "OPERATOR_SET_ENTERED" // the operator's corrections (PRODUCT.md: "the owner may correct any of them")
  | "OPERATOR_SET_SHORTLISTED"
  | "OPERATOR_SET_DECLINED"
  | "OPERATOR_SET_CANCELLED";

export const ENTRY_STATUSES = ["ENTERED", "SHORTLISTED", "DECLINED", "CANCELLED"] as const;
export const ENTRY_EVENTS: readonly EntryEvent[] = [
  "ENTER",
  "CANCEL",
  "SHORTLIST",
  "DECLINE",
  "COMPANY_DEACTIVATED",
  "OPERATOR_SET_ENTERED",
  "OPERATOR_SET_SHORTLISTED",
  "OPERATOR_SET_DECLINED",
  "OPERATOR_SET_CANCELLED",
];

const OPERATOR_SET = {
  ENTERED: "OPERATOR_SET_ENTERED",
  SHORTLISTED: "OPERATOR_SET_SHORTLISTED",
  DECLINED: "OPERATOR_SET_DECLINED",
  CANCELLED: "OPERATOR_SET_CANCELLED",
} as const satisfies Record<EntryStatus, EntryEvent>;

/** The operator's correction to `to` (any status to any other). */
export function operatorSet(to: EntryStatus): EntryEvent {
  return OPERATOR_SET[to];
}

const verdicts = { SHORTLIST: "SHORTLISTED", DECLINE: "DECLINED" } as const;
const correctionsFrom = (from: EntryStatus) =>
  Object.fromEntries(ENTRY_STATUSES.filter((s) => s !== from).map((s) => [OPERATOR_SET[s], s]));

export const ENTRY_TRANSITIONS: Record<EntryStatus | "NEW", Partial<Record<EntryEvent, EntryStatus>>> = {
  NEW: { ENTER: "ENTERED" },
  ENTERED: {
    CANCEL: "CANCELLED",
    ...verdicts,
    COMPANY_DEACTIVATED: "CANCELLED",
    ...correctionsFrom("ENTERED"),
  },
  SHORTLISTED: {
    CANCEL: "CANCELLED",
    ...verdicts,
    COMPANY_DEACTIVATED: "CANCELLED",
    ...correctionsFrom("SHORTLISTED"),
  },
  DECLINED: { ...verdicts, ...correctionsFrom("DECLINED") },
  CANCELLED: { ENTER: "ENTERED", ...correctionsFrom("CANCELLED") },
};

/** The answer when an event is not allowed (the texts the API has always answered). */
function refusal(event: EntryEvent): string {
  switch (event) {
    case "ENTER":
      return "この案件には既にエントリーしています。";
    case "CANCEL":
      return "取り消せるエントリーがありません。";
    case "SHORTLIST":
    case "DECLINE":
      return "エントリーが見つかりませんでした。";
    default:
      return "エントリーはすでにその状態です。";
  }
}

export type EntryTransition = { ok: true; to: EntryStatus } | { ok: false; message: string };

export function entryTransition(from: EntryStatus | "NEW", event: EntryEvent): EntryTransition {
  const to = ENTRY_TRANSITIONS[from][event];
  return to ? { ok: true, to } : { ok: false, message: refusal(event) };
}

/** The moves allowed from a status (the console's correction dialog offers only these). */
export function entryEventsFrom(from: EntryStatus | "NEW"): EntryEvent[] {
  return ENTRY_EVENTS.filter((e) => ENTRY_TRANSITIONS[from][e] !== undefined);
}

/** The statuses an event may start from, for SQL preconditions (`where status in (...)`). */
export function entryStatesAllowing(event: EntryEvent): EntryStatus[] {
  return ENTRY_STATUSES.filter((s) => ENTRY_TRANSITIONS[s][event] !== undefined);
}

/** Where an event leads (each leads to one status, whatever it starts from). */
export function entryOutcomeOf(event: EntryEvent): EntryStatus {
  for (const from of ["NEW", ...ENTRY_STATUSES] as const) {
    const to = ENTRY_TRANSITIONS[from][event];
    if (to) return to;
  }
  throw new Error(`entry event ${event} leads nowhere`);
}

/** The statuses the operator may correct an entry to from `from` (the console's choices). */
export function operatorEntryTargetsFrom(from: EntryStatus): EntryStatus[] {
  return ENTRY_STATUSES.filter((s) => ENTRY_TRANSITIONS[from][OPERATOR_SET[s]] !== undefined);
}
