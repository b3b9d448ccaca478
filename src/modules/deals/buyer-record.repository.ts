import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  buyerInquiryOutcomes,
  buyerTrackRecords,
  dealMessages,
  dealThreads,
  inquiries,
} from "@/server/db/schema";
import { sharesMember } from "./shared-member.repository";

// The buyer's track record (docs/trust-plan.md "Buyer figures"): buyer_track_records and
// buyer_inquiry_outcomes, the reply columns of deal_threads, and the reads that show them.

// The outer row of a correlated subquery, qualified by hand: Drizzle writes a column of a
// single-table query unqualified ("id"), which inside the subquery would name the inner table's.
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);
const THREAD_ID = outer("deal_threads", "id");
const INQUIRY_ID = outer("inquiries", "id");
const OUTCOME_INQUIRY_ID = outer("buyer_inquiry_outcomes", "inquiry_id");

/** What a thread's counting needs, read under the thread's row lock. */
export interface ReplyState {
  id: string;
  buyerCompanyId: string;
  openedAt: Date;
  replyWindowEndsAt: Date | null;
  buyerFirstReplyAt: Date | null;
  replyCountedAt: Date | null;
  /** Its companies share a member: it adds nothing to the record (issue 33). */
  recordsExcludedAt: Date | null;
}

/** The columns of a thread's reply state (`ReplyState`), for every statement that locks or reads one. */
export const REPLY_STATE = {
  id: dealThreads.id,
  buyerCompanyId: dealThreads.buyerCompanyId,
  openedAt: dealThreads.openedAt,
  replyWindowEndsAt: dealThreads.replyWindowEndsAt,
  buyerFirstReplyAt: dealThreads.buyerFirstReplyAt,
  replyCountedAt: dealThreads.replyCountedAt,
  recordsExcludedAt: dealThreads.recordsExcludedAt,
};

/** The thread's reply state, locked (the message's own UPDATE already holds the lock: no wait). */
export async function lockReplyState(tx: DbOrTx, threadId: string): Promise<ReplyState | undefined> {
  const [row] = await tx
    .select(REPLY_STATE)
    .from(dealThreads)
    .where(eq(dealThreads.id, threadId))
    .for("update");
  return row;
}

/** The buyer's first message or decision in a thread (threads opened before step 5 have no first reply yet). */
export async function firstBuyerMessageAt(db: DbOrTx, threadId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: dealMessages.createdAt })
    .from(dealMessages)
    .where(and(eq(dealMessages.threadId, threadId), eq(dealMessages.side, "BUYER")))
    .orderBy(asc(dealMessages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

export async function setReplyState(
  tx: DbOrTx,
  threadId: string,
  v: { replyWindowEndsAt: Date; buyerFirstReplyAt: Date | null; replyCountedAt: Date | null },
): Promise<void> {
  await tx.update(dealThreads).set(v).where(eq(dealThreads.id, threadId));
}

/** The same for many threads in one statement (the backfill of threads opened before step 5). */
export async function setReplyStates(
  tx: DbOrTx,
  rows: Array<{
    id: string;
    replyWindowEndsAt: Date;
    buyerFirstReplyAt: Date | null;
    replyCountedAt: Date | null;
  }>,
): Promise<void> {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      w: r.replyWindowEndsAt.toISOString(),
      f: r.buyerFirstReplyAt?.toISOString() ?? null,
      c: r.replyCountedAt?.toISOString() ?? null,
    })),
  );
  await tx.execute(sql`update ${dealThreads} set
      reply_window_ends_at = (v->>'w')::timestamptz,
      buyer_first_reply_at = (v->>'f')::timestamptz,
      reply_counted_at = (v->>'c')::timestamptz
    from jsonb_array_elements(${json}::jsonb) as v
    where ${dealThreads}.id = (v->>'id')::uuid`);
}

/** Changes of one buyer's record; negative counts undo an outcome (an inquiry reopened). */
export interface RecordDelta {
  opportunities?: number;
  repliedInTime?: number;
  firstReplyMinutes?: number[];
  closedInquiries?: number;
  decidedInquiries?: number;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Adds the deltas to the buyers' records, creating a record the first time: one INSERT … ON CONFLICT
 * DO UPDATE, in company id order (two job runs lock the rows in the same order: no deadlock).
 */
export async function addToRecords(db: DbOrTx, deltas: Map<string, RecordDelta>, at: Date): Promise<void> {
  if (!deltas.size) return;
  const values = [...deltas.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([companyId, d]) => ({
      companyId,
      opportunities: d.opportunities ?? 0,
      repliedInTime: d.repliedInTime ?? 0,
      firstReplyMinutes: d.firstReplyMinutes ?? [],
      closedInquiries: d.closedInquiries ?? 0,
      decidedInquiries: d.decidedInquiries ?? 0,
      updatedAt: at,
    }));
  const r = buyerTrackRecords;
  await db
    .insert(r)
    .values(values)
    .onConflictDoUpdate({
      target: r.companyId,
      set: {
        opportunities: sql`${r.opportunities} + ${excluded("opportunities")}`,
        repliedInTime: sql`${r.repliedInTime} + ${excluded("replied_in_time")}`,
        firstReplyMinutes: sql`${r.firstReplyMinutes} || ${excluded("first_reply_minutes")}`,
        closedInquiries: sql`${r.closedInquiries} + ${excluded("closed_inquiries")}`,
        decidedInquiries: sql`${r.decidedInquiries} + ${excluded("decided_inquiries")}`,
        updatedAt: sql`${excluded("updated_at")}`,
      },
    });
}

/**
 * Locks a buyer's record row. Every transaction that changes an outcome takes the record first and
 * the outcome second (a buyer's reply takes the record before its decision reaches the outcome),
 * so the deal events and the job never wait on each other in a circle.
 */
export async function lockRecord(tx: DbOrTx, companyId: string): Promise<void> {
  await tx
    .select({ companyId: buyerTrackRecords.companyId })
    .from(buyerTrackRecords)
    .where(eq(buyerTrackRecords.companyId, companyId))
    .for("update");
}

export async function findRecord(db: DbOrTx, companyId: string) {
  const [row] = await db.select().from(buyerTrackRecords).where(eq(buyerTrackRecords.companyId, companyId));
  return row;
}

// ------------------------------------------------------------------ the job: reply windows

/**
 * Counts up to `limit` threads whose reply window ended by `now` without a counted reply (a timely
 * reply was counted when it came, a thread from before step 5 by the backfill). The rows
 * are claimed with SKIP LOCKED (a concurrent run, or a buyer's message in flight, keeps its own) and
 * the update re-checks `reply_counted_at is null`, so each thread is counted once.
 */
export async function countEndedWindows(tx: DbOrTx, now: Date, limit: number) {
  const due = tx
    .select({ id: dealThreads.id })
    .from(dealThreads)
    .where(
      and(
        isNull(dealThreads.replyCountedAt),
        lte(dealThreads.replyWindowEndsAt, now),
        isNull(dealThreads.recordsExcludedAt), // self-dealing counts nowhere (issue 33)
      ),
    )
    .orderBy(asc(dealThreads.replyWindowEndsAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return tx
    .update(dealThreads)
    .set({ replyCountedAt: now })
    .where(and(inArray(dealThreads.id, due), isNull(dealThreads.replyCountedAt)))
    .returning({ buyerCompanyId: dealThreads.buyerCompanyId });
}

/** The thread's first buyer message as epoch milliseconds (a number on PGlite and pg alike), or null. */
const firstBuyerMessageMs = sql<number | null>`(select (extract(epoch from min(m.created_at)) * 1000)::float8
  from ${dealMessages} m where m.thread_id = ${THREAD_ID} and m.side = 'BUYER')`;

/** Threads opened before step 5 (no reply window yet), locked, with their first buyer message. */
export async function lockThreadsWithoutWindow(tx: DbOrTx, limit: number) {
  return tx
    .select({
      ...REPLY_STATE,
      firstMessageMs: firstBuyerMessageMs,
    })
    .from(dealThreads)
    .where(
      and(
        isNull(dealThreads.replyWindowEndsAt),
        isNull(dealThreads.replyCountedAt),
        isNull(dealThreads.recordsExcludedAt),
      ),
    )
    .limit(limit)
    .for("update", { of: dealThreads, skipLocked: true });
}

// ------------------------------------------------------------------ the job: closed inquiries

/**
 * SQL: the inquiry has a thread between companies that share a member (issue 33): the whole inquiry
 * leaves the decision rate, since its own supplier's award would settle it.
 */
const selfDealtInquiry = (inquiryId: SQL) => sql`exists (select 1 from ${dealThreads} st
  where st.inquiry_id = ${inquiryId} and ${sharesMember(sql`st.buyer_company_id`, sql`st.supplier_company_id`)})`;

/**
 * An inquiry that ended: closed, or decided (AWARDED, issue 33 #3: an award ends it as closing does,
 * and sets closed_at, so an outcome counted while it was CLOSED is counted again).
 */
const ENDED = sql`('CLOSED', 'AWARDED')`;

/** Ended (CLOSED or AWARDED) inquiries with at least one thread, none self-dealt, and no outcome yet. */
export function closedWithoutOutcome(db: DbOrTx, limit: number) {
  return db
    .select({ id: inquiries.id, buyerCompanyId: inquiries.buyerCompanyId })
    .from(inquiries)
    .where(
      and(
        sql`${inquiries.status} in ${ENDED}`,
        sql`exists (select 1 from ${dealThreads} t where t.inquiry_id = ${INQUIRY_ID})`,
        sql`not exists (select 1 from ${buyerInquiryOutcomes} o where o.inquiry_id = ${INQUIRY_ID})`,
        sql`not ${selfDealtInquiry(INQUIRY_ID)}`,
      ),
    )
    .limit(limit);
}

const SETTLED = sql`('AWARDED', 'DECLINED', 'WITHDRAWN')`;

/**
 * Whether every thread of the inquiry is settled, read under FOR SHARE locks in id order: a decision
 * in flight (it holds its thread FOR UPDATE, also taken in id order by "decline all others")
 * commits first and is seen; one that starts later waits, then finds the outcome row.
 */
export async function allThreadsSettledLocked(tx: DbOrTx, inquiryId: string): Promise<boolean> {
  const rows = await tx
    .select({ settled: sql<boolean>`${dealThreads.status} in ${SETTLED}` })
    .from(dealThreads)
    .where(eq(dealThreads.inquiryId, inquiryId))
    .orderBy(asc(dealThreads.id))
    .for("share");
  return rows.length > 0 && rows.every((r) => r.settled);
}

/** Records the inquiry's outcome once; false when another run recorded it first. */
export async function insertOutcome(
  tx: DbOrTx,
  o: { inquiryId: string; buyerCompanyId: string; decided: boolean; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(buyerInquiryOutcomes)
    .values({ inquiryId: o.inquiryId, buyerCompanyId: o.buyerCompanyId, decided: o.decided, countedAt: o.at })
    .onConflictDoNothing()
    .returning({ inquiryId: buyerInquiryOutcomes.inquiryId });
  return rows.length > 0;
}

export async function findOutcome(db: DbOrTx, inquiryId: string) {
  const [row] = await db
    .select()
    .from(buyerInquiryOutcomes)
    .where(eq(buyerInquiryOutcomes.inquiryId, inquiryId));
  return row;
}

export async function lockOutcome(tx: DbOrTx, inquiryId: string) {
  const [row] = await tx
    .select()
    .from(buyerInquiryOutcomes)
    .where(eq(buyerInquiryOutcomes.inquiryId, inquiryId))
    .for("update");
  return row;
}

/** Whether a thread of the inquiry still waits for the buyer's decision (NEW or QUOTED). */
export async function hasUnsettledThread(tx: DbOrTx, inquiryId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dealThreads.id })
    .from(dealThreads)
    .where(and(eq(dealThreads.inquiryId, inquiryId), sql`${dealThreads.status} not in ${SETTLED}`))
    .limit(1);
  return row !== undefined;
}

export async function markOutcomeDecided(tx: DbOrTx, inquiryId: string): Promise<void> {
  await tx
    .update(buyerInquiryOutcomes)
    .set({ decided: true })
    .where(eq(buyerInquiryOutcomes.inquiryId, inquiryId));
}

/**
 * An outcome no longer describes its inquiry when the inquiry is not CLOSED any more (an operator
 * reopened it), was closed again after the count (reopened and closed between two runs), or — counted
 * as decided — got a thread after the count (a later entrant or ticket on the closed inquiry), or
 * has a thread between companies that came to share a member (issue 33; it is not counted again).
 */
const COUNTED_AT = outer("buyer_inquiry_outcomes", "counted_at");
const stale = sql`(${outer("inquiries", "status")} not in ${ENDED}
  or ${outer("inquiries", "closed_at")} > ${COUNTED_AT}
  or ${selfDealtInquiry(OUTCOME_INQUIRY_ID)}
  or (${outer("buyer_inquiry_outcomes", "decided")} and exists (select 1 from ${dealThreads} t
    where t.inquiry_id = ${OUTCOME_INQUIRY_ID} and t.opened_at >= ${COUNTED_AT})))`;

/** Outcomes to count again (see `stale`): one pass over the outcomes with their inquiries. */
export function staleOutcomes(db: DbOrTx, limit: number) {
  return db
    .select({
      inquiryId: buyerInquiryOutcomes.inquiryId,
      buyerCompanyId: buyerInquiryOutcomes.buyerCompanyId,
    })
    .from(buyerInquiryOutcomes)
    .innerJoin(inquiries, eq(inquiries.id, buyerInquiryOutcomes.inquiryId))
    .where(stale)
    .limit(limit);
}

/** Removes the outcome if it is still stale (re-checked under its row lock); what it had counted, or undefined. */
export async function deleteStaleOutcome(tx: DbOrTx, inquiryId: string) {
  const [row] = await tx
    .delete(buyerInquiryOutcomes)
    .where(
      and(
        eq(buyerInquiryOutcomes.inquiryId, inquiryId),
        sql`exists (select 1 from ${inquiries} where ${INQUIRY_ID} = ${OUTCOME_INQUIRY_ID} and ${stale})`,
      ),
    )
    .returning({
      buyerCompanyId: buyerInquiryOutcomes.buyerCompanyId,
      decided: buyerInquiryOutcomes.decided,
    });
  return row;
}

// ------------------------------------------------------------------ from scratch (verification)

/** Every thread of the buyer with its first buyer message, from deal_messages (not the kept columns). */
export function threadsForRecompute(db: DbOrTx, buyerCompanyId: string) {
  return db
    .select({
      openedAt: dealThreads.openedAt,
      replyWindowEndsAt: dealThreads.replyWindowEndsAt,
      firstMessageMs: firstBuyerMessageMs,
    })
    .from(dealThreads)
    .where(
      and(
        eq(dealThreads.buyerCompanyId, buyerCompanyId),
        sql`not ${sharesMember(dealThreads.buyerCompanyId, dealThreads.supplierCompanyId)}`,
      ),
    );
}

/** The buyer's CLOSED inquiries with at least one thread, each with whether every thread is settled. */
export function closedInquiriesForRecompute(db: DbOrTx, buyerCompanyId: string) {
  return (
    db
      .select({
        inquiryId: inquiries.id,
        decided: sql<boolean>`bool_and(${dealThreads.status} in ${SETTLED})`,
      })
      .from(inquiries)
      .innerJoin(dealThreads, eq(dealThreads.inquiryId, inquiries.id))
      .where(and(eq(inquiries.buyerCompanyId, buyerCompanyId), sql`${inquiries.status} in ${ENDED}`))
      .groupBy(inquiries.id)
      // An inquiry with a self-dealt thread counts nowhere (issue 33).
      .having(sql`not bool_or(${sharesMember(dealThreads.buyerCompanyId, dealThreads.supplierCompanyId)})`)
  );
}
