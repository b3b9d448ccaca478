// An entry's status moves (decision 0011): one pure table, used by the supplier's, the buyer's and
// the operator's use cases and by the console's correction dialog. Client-safe: no server imports.

// AWARDED (受注) and WITHDRAWN (辞退) follow the supplier's deal thread (decision 0032).
export type EntryStatus = "ENTERED" | "SHORTLISTED" | "DECLINED" | "CANCELLED" | "AWARDED" | "WITHDRAWN";

export type EntryEvent =
  | "ENTER" // the supplier enters (again, after cancelling: the same row comes back)
  | "CANCEL" // the supplier withdraws its entry while the inquiry is open
  | "SHORTLIST" // the buyer's verdict (it may change its mind)
  | "DECLINE"
  | "COMPANY_DEACTIVATED" // the supplier company leaves: its live entries are withdrawn
  | "DEAL_AWARDED" // the buyer awarded the supplier's thread (発注先に決定)
  | "DEAL_DECLINED" // the buyer declined the supplier's thread (お見送り)
  | "DEAL_WITHDRAWN" // the supplier declined to quote in its thread (辞退)
  | "OPERATOR_SET_ENTERED" // the operator's corrections (PRODUCT.md: "the owner may correct any of them")
  | "OPERATOR_SET_SHORTLISTED"
  | "OPERATOR_SET_DECLINED"
  | "OPERATOR_SET_CANCELLED";

export const ENTRY_STATUSES = [
  "ENTERED",
  "SHORTLISTED",
  "DECLINED",
  "CANCELLED",
  "AWARDED",
  "WITHDRAWN",
] as const;
/** The statuses the operator may correct an entry to: the thread's outcomes are the thread's to set. */
const CORRECTABLE = ["ENTERED", "SHORTLISTED", "DECLINED", "CANCELLED"] as const;
type CorrectableStatus = (typeof CORRECTABLE)[number];
export const ENTRY_EVENTS: readonly EntryEvent[] = [
  "ENTER",
  "CANCEL",
  "SHORTLIST",
  "DECLINE",
  "COMPANY_DEACTIVATED",
  "DEAL_AWARDED",
  "DEAL_DECLINED",
  "DEAL_WITHDRAWN",
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
} as const satisfies Record<CorrectableStatus, EntryEvent>;

/** The operator's correction to `to` (any status to any other of the four it may set). */
export function operatorSet(to: CorrectableStatus): EntryEvent {
  return OPERATOR_SET[to];
}

const verdicts = { SHORTLIST: "SHORTLISTED", DECLINE: "DECLINED" } as const;
const correctionsFrom = (from: EntryStatus) =>
  Object.fromEntries(CORRECTABLE.filter((s) => s !== from).map((s) => [OPERATOR_SET[s], s]));
/** A live entry follows its thread's decision. */
const dealOutcomes = {
  DEAL_AWARDED: "AWARDED",
  DEAL_DECLINED: "DECLINED",
  DEAL_WITHDRAWN: "WITHDRAWN",
} as const;

export const ENTRY_TRANSITIONS: Record<EntryStatus | "NEW", Partial<Record<EntryEvent, EntryStatus>>> = {
  NEW: { ENTER: "ENTERED" },
  ENTERED: {
    CANCEL: "CANCELLED",
    ...verdicts,
    COMPANY_DEACTIVATED: "CANCELLED",
    ...dealOutcomes,
    ...correctionsFrom("ENTERED"),
  },
  SHORTLISTED: {
    CANCEL: "CANCELLED",
    ...verdicts,
    COMPANY_DEACTIVATED: "CANCELLED",
    ...dealOutcomes,
    ...correctionsFrom("SHORTLISTED"),
  },
  DECLINED: { ...verdicts, ...dealOutcomes, ...correctionsFrom("DECLINED") },
  CANCELLED: { ENTER: "ENTERED", ...correctionsFrom("CANCELLED") },
  // Decided in the thread: no verdict, no withdrawal; only the operator corrects it.
  AWARDED: { ...correctionsFrom("AWARDED") },
  WITHDRAWN: { ...correctionsFrom("WITHDRAWN") },
};

/** The answer when an event is not allowed (the texts the API has always answered). */
function refusal(from: EntryStatus | "NEW", event: EntryEvent): string {
  switch (event) {
    case "ENTER":
      return "この案件には既にエントリーしています。";
    case "CANCEL":
      if (from === "AWARDED")
        return "発注先に決定したエントリーは取り消せません。商談スレッドで発注者にご相談ください。";
      return "取り消せるエントリーがありません。";
    case "SHORTLIST":
    case "DECLINE":
      if (from === "AWARDED" || from === "WITHDRAWN")
        return "商談で結果が決まったエントリーは選考できません。";
      return "エントリーが見つかりませんでした。";
    default:
      return "エントリーはすでにその状態です。";
  }
}

export type EntryTransition = { ok: true; to: EntryStatus } | { ok: false; message: string };

export function entryTransition(from: EntryStatus | "NEW", event: EntryEvent): EntryTransition {
  const to = ENTRY_TRANSITIONS[from][event];
  return to ? { ok: true, to } : { ok: false, message: refusal(from, event) };
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
export function operatorEntryTargetsFrom(from: EntryStatus): CorrectableStatus[] {
  return CORRECTABLE.filter((s) => ENTRY_TRANSITIONS[from][OPERATOR_SET[s]] !== undefined);
}
