import { addBusinessDays } from "@/lib/business-days";
import { isValidCorporateNumber } from "@/lib/corporate-number";
import { todayInJapan } from "@/lib/japan-time";
import {
  type CapabilitiesOf,
  listSupplierInquiries,
  type RowExtra,
} from "@/modules/inquiries/supplier-inquiry.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import * as figuresRepo from "./buyer-figures.repository";
import { percentOf, shownFrom } from "./buyer-record.policy";
import * as repo from "./buyer-record.repository";
import type { BuyerFigures, BuyerRecordSummary } from "./buyer-record.schema";
import { excludedFromRecord, excludeSharedMemberThreads } from "./buyer-record-exclusion.service";
import { REPLY_WINDOW_BUSINESS_DAYS, type ThreadFacts } from "./deal-events";

// The buyer's track record (issue 19; docs/trust-plan.md "Buyer figures"), kept incrementally:
// the deal events record first replies and settled threads in the transaction of the change, the
// job `buyer-track-records` counts ended reply windows and closed inquiries, and
// recomputeBuyerRecord computes the same figures from scratch (the property test compares them).

const MINUTE_MS = 60_000;
const BATCH = 500;

/** Whole minutes from a thread's opening to the buyer's first reply. */
const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / MINUTE_MS));
const windowOf = (openedAt: Date) => addBusinessDays(openedAt, REPLY_WINDOW_BUSINESS_DAYS);

function add(deltas: Map<string, repo.RecordDelta>, companyId: string, d: repo.RecordDelta): void {
  const was = deltas.get(companyId) ?? {};
  deltas.set(companyId, {
    opportunities: (was.opportunities ?? 0) + (d.opportunities ?? 0),
    repliedInTime: (was.repliedInTime ?? 0) + (d.repliedInTime ?? 0),
    firstReplyMinutes: [...(was.firstReplyMinutes ?? []), ...(d.firstReplyMinutes ?? [])],
    closedInquiries: (was.closedInquiries ?? 0) + (d.closedInquiries ?? 0),
    decidedInquiries: (was.decidedInquiries ?? 0) + (d.decidedInquiries ?? 0),
  });
}

/** A first reply's share of the record: its minutes, and the thread counted if it came in time. */
const replyDelta = (openedAt: Date, first: Date, inTime: boolean): repo.RecordDelta => ({
  firstReplyMinutes: [minutesBetween(openedAt, first)],
  ...(inTime ? { opportunities: 1, repliedInTime: 1 } : {}),
});

// ------------------------------------------------------------------ deal events (in their transaction)

/**
 * The buyer wrote or decided in a thread. The first time: the thread's first reply, its minutes in
 * the record, and — not counted yet and within the window — the thread counted as replied in time.
 * A thread opened before step 5 gets its window here and its first reply from its messages.
 */
export async function recordBuyerReply(db: DbOrTx, thread: ThreadFacts, at: Date): Promise<void> {
  const state = await repo.lockReplyState(db, thread.id);
  if (!state || state.buyerFirstReplyAt) return;
  const window = state.replyWindowEndsAt ?? windowOf(state.openedAt);
  const first = state.replyWindowEndsAt ? at : ((await repo.firstBuyerMessageAt(db, thread.id)) ?? at);
  if (await excludedFromRecord(db, state, at)) {
    // Self-dealing (issue 33): the reply is kept on the thread, the record takes nothing.
    await repo.setReplyState(db, thread.id, {
      replyWindowEndsAt: window,
      buyerFirstReplyAt: first,
      replyCountedAt: state.replyCountedAt,
    });
    return;
  }
  const inTime = state.replyCountedAt === null && first.getTime() <= window.getTime();
  await repo.setReplyState(db, thread.id, {
    replyWindowEndsAt: window,
    buyerFirstReplyAt: first,
    replyCountedAt: inTime ? at : state.replyCountedAt,
  });
  await repo.addToRecords(
    db,
    new Map([[state.buyerCompanyId, replyDelta(state.openedAt, first, inTime)]]),
    at,
  );
}

/**
 * A thread got a decision or a 辞退. If its inquiry was counted as closed and undecided, and now
 * every thread is settled, the outcome turns decided — once: the buyer's record and then the
 * outcome row are locked before the other threads are read, so two decisions at the same time take
 * turns and the second sees the first.
 */
export async function recordThreadSettled(db: DbOrTx, thread: ThreadFacts): Promise<void> {
  const seen = await repo.findOutcome(db, thread.inquiryId);
  if (!seen || seen.decided) return; // nothing counted, or nothing left to change: no lock taken
  await repo.lockRecord(db, seen.buyerCompanyId);
  const outcome = await repo.lockOutcome(db, thread.inquiryId);
  if (!outcome || outcome.decided) return;
  if (await repo.hasUnsettledThread(db, thread.inquiryId)) return;
  await repo.markOutcomeDecided(db, thread.inquiryId);
  await repo.addToRecords(db, new Map([[outcome.buyerCompanyId, { decidedInquiries: 1 }]]), new Date());
}

// ------------------------------------------------------------------ the job

/** Threads opened before step 5: the window (opening + 5 business days) and any first reply from their messages. */
async function backfillWindows(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await repo.lockThreadsWithoutWindow(tx, BATCH);
      const deltas = new Map<string, repo.RecordDelta>();
      const states = rows.map((r) => {
        const window = windowOf(r.openedAt);
        const first = r.firstMessageMs === null ? null : new Date(r.firstMessageMs);
        const inTime = first !== null && first.getTime() <= window.getTime();
        if (first) add(deltas, r.buyerCompanyId, replyDelta(r.openedAt, first, inTime));
        return {
          id: r.id,
          replyWindowEndsAt: window,
          buyerFirstReplyAt: first,
          replyCountedAt: inTime ? now : null,
        };
      });
      await repo.setReplyStates(tx, states);
      await repo.addToRecords(tx, deltas, now);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/** Threads whose window ended without a counted reply: one opportunity each, not replied in time. */
async function countEndedWindows(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const counted = await repo.countEndedWindows(tx, now, BATCH);
      const deltas = new Map<string, repo.RecordDelta>();
      for (const c of counted) add(deltas, c.buyerCompanyId, { opportunities: 1 });
      await repo.addToRecords(tx, deltas, now);
      return counted.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/** Newly CLOSED inquiries with a thread: an outcome row each (decided when every thread is settled). */
async function countClosedInquiries(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const candidates = await repo.closedWithoutOutcome(db, BATCH);
    for (const c of candidates) {
      total += await db.transaction(async (tx) => {
        const decided = await repo.allThreadsSettledLocked(tx, c.id);
        const inserted = await repo.insertOutcome(tx, {
          inquiryId: c.id,
          buyerCompanyId: c.buyerCompanyId,
          decided,
          at: now,
        });
        if (!inserted) return 0; // another run counted it
        const delta = { closedInquiries: 1, decidedInquiries: decided ? 1 : 0 };
        await repo.addToRecords(tx, new Map([[c.buyerCompanyId, delta]]), now);
        return 1;
      });
    }
    if (candidates.length < BATCH) return total;
  }
}

/**
 * Outcomes that no longer describe their inquiry leave the figures (reopened by an operator, closed
 * again, or a thread opened after a decided count); the next step counts the closed ones afresh.
 */
async function uncountStaleOutcomes(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await repo.staleOutcomes(db, BATCH);
    for (const r of rows) {
      total += await db.transaction(async (tx) => {
        await repo.lockRecord(tx, r.buyerCompanyId); // the record before the outcome, as the deal events
        const gone = await repo.deleteStaleOutcome(tx, r.inquiryId);
        if (!gone) return 0;
        const delta = { closedInquiries: -1, decidedInquiries: gone.decided ? -1 : 0 };
        await repo.addToRecords(tx, new Map([[gone.buyerCompanyId, delta]]), now);
        return 1;
      });
    }
    if (rows.length < BATCH) return total;
  }
}

/**
 * Job `buyer-track-records` (every 15 minutes). Idempotent, and safe with several processes: rows
 * are claimed with SKIP LOCKED or inserted ON CONFLICT DO NOTHING, each change in one transaction
 * with its record update.
 */
export async function runBuyerTrackRecords(db: Db, now = new Date()) {
  // First: threads whose companies came to share a member leave the record (issue 33).
  const selfDealtExcluded = await excludeSharedMemberThreads(db, now);
  const backfilled = await backfillWindows(db, now);
  const windowsCounted = await countEndedWindows(db, now);
  const outcomesUncounted = await uncountStaleOutcomes(db, now);
  const inquiriesClosed = await countClosedInquiries(db, now);
  return { selfDealtExcluded, backfilled, windowsCounted, outcomesUncounted, inquiriesClosed };
}

// ------------------------------------------------------------------ from scratch

export interface BuyerRecordCounts {
  opportunities: number;
  repliedInTime: number;
  /** sorted ascending */
  firstReplyMinutes: number[];
  closedInquiries: number;
  decidedInquiries: number;
}

/** The kept record, in the shape recomputeBuyerRecord answers (zeros when there is none yet). */
export async function keptBuyerRecord(db: DbOrTx, companyId: string): Promise<BuyerRecordCounts> {
  const r = await repo.findRecord(db, companyId);
  return {
    opportunities: r?.opportunities ?? 0,
    repliedInTime: r?.repliedInTime ?? 0,
    firstReplyMinutes: [...(r?.firstReplyMinutes ?? [])].sort((a, b) => a - b),
    closedInquiries: r?.closedInquiries ?? 0,
    decidedInquiries: r?.decidedInquiries ?? 0,
  };
}

/**
 * The same figures from scratch, from deal_threads, deal_messages and inquiries only (none of the
 * kept tables or columns): as the job would have them after a run at `now`.
 */
export async function recomputeBuyerRecord(
  db: DbOrTx,
  companyId: string,
  now: Date,
): Promise<BuyerRecordCounts> {
  const threads = await repo.threadsForRecompute(db, companyId);
  let opportunities = 0;
  let repliedInTime = 0;
  const firstReplyMinutes: number[] = [];
  for (const t of threads) {
    const window = t.replyWindowEndsAt ?? windowOf(t.openedAt);
    const first = t.firstMessageMs === null ? null : new Date(t.firstMessageMs);
    if (first) firstReplyMinutes.push(minutesBetween(t.openedAt, first));
    if (first && first.getTime() <= window.getTime()) {
      opportunities += 1;
      repliedInTime += 1;
    } else if (window.getTime() <= now.getTime()) {
      opportunities += 1;
    }
  }
  const closed = await repo.closedInquiriesForRecompute(db, companyId);
  return {
    opportunities,
    repliedInTime,
    firstReplyMinutes: firstReplyMinutes.sort((a, b) => a - b),
    closedInquiries: closed.length,
    decidedInquiries: closed.filter((c) => c.decided).length,
  };
}

// ------------------------------------------------------------------ what suppliers see

/** A buyer's rates as the figures read them: established (3 inquiries published), and its record's counts. */
interface Rates {
  established: boolean;
  opportunities: number;
  repliedInTime: number;
  closedInquiries: number;
  decidedInquiries: number;
}

function summaryOf(r: Rates): BuyerRecordSummary {
  if (!r.established) return { isNew: true, replyRate: null, decisionRate: null };
  return {
    isNew: false,
    // Each rate on its own data points (issue 33): below 3, 「実績なし（新規）」.
    replyRate: shownFrom(r.opportunities, percentOf(r.repliedInTime, r.opportunities)),
    decisionRate: shownFrom(r.closedInquiries, percentOf(r.decidedInquiries, r.closedInquiries)),
  };
}

function yearBefore(now: Date): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
}

/**
 * The buyer figures of an inquiry's buyer, for a supplier's inquiry page: ONE indexed statement.
 * The caller has already checked that the supplier may see the inquiry (getSupplierInquiry); the
 * answer names nobody. Null when the inquiry does not exist.
 */
export async function buyerFigures(
  db: DbOrTx,
  inquiryId: string,
  now = new Date(),
): Promise<BuyerFigures | null> {
  const r = await figuresRepo.figuresOfInquiry(db, inquiryId, yearBefore(now));
  if (!r) return null;
  const summary = summaryOf(r);
  const known = !summary.isNew;
  return {
    ...summary,
    memberSince: todayInJapan(r.memberSince).slice(0, 7),
    emailVerified: r.emailVerified,
    corporateNumberVerified: isValidCorporateNumber(r.corporateNumber),
    inquiriesLast12Months: r.recentInquiries,
    replyOpportunities: known ? r.opportunities : null,
    repliedInTime: known ? r.repliedInTime : null,
    closedInquiries: known ? r.closedInquiries : null,
    decidedInquiries: known ? r.decidedInquiries : null,
    medianFirstReplyMinutes:
      known && r.medianMinutes !== null ? shownFrom(r.replyCount, Math.round(r.medianMinutes)) : null,
  };
}

interface RatesColumn {
  established: boolean;
  record: {
    opportunities: number;
    repliedInTime: number;
    closedInquiries: number;
    decidedInquiries: number;
  } | null;
}

/** The buyer figures as a column of a supplier list's statement (its rows' buyer company). */
const buyerRecordColumn: RowExtra<BuyerRecordSummary> = {
  key: "buyer_record",
  column: (buyerCompanyId) => figuresRepo.ratesColumnSql(buyerCompanyId),
  read(value) {
    const v = (typeof value === "string" ? JSON.parse(value) : value) as RatesColumn;
    const zero = { opportunities: 0, repliedInTime: 0, closedInquiries: 0, decidedInquiries: 0 };
    return summaryOf({ established: v.established, ...(v.record ?? zero) });
  },
};

/**
 * The supplier's recruit or nomination list with each row's buyer figures, read in the list's own
 * statement (a column of it). The recruits' fit reads the supplier's capabilities with
 * `capabilitiesOf` (issue 20).
 */
export async function listSupplierInquiriesWithRecords(
  scope: CompanyScope,
  db: Db,
  capabilitiesOf: CapabilitiesOf,
  q: Parameters<typeof listSupplierInquiries>[3],
) {
  const page = await listSupplierInquiries(scope, db, capabilitiesOf, q, buyerRecordColumn);
  return {
    ...page,
    items: page.items.map(({ extra, ...i }) => ({ ...i, buyerRecord: extra ?? null })),
  };
}
