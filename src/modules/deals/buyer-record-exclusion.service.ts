import type { Db, DbOrTx } from "@/server/db/client";
import type { ReplyState } from "./buyer-record.repository";
import * as repo from "./buyer-record-exclusion.repository";

// Self-dealing leaves the buyer's kept record (issue 33, decision 0035): a thread between a buyer
// and a supplier that share a member — at any time, so also when the link comes after the thread
// was counted — is marked once and what it had added is taken back out. The supplier's figures and
// the ratings are computed from scratch and leave such deals out by their query alone.

const MINUTE_MS = 60_000;
const BATCH = 200;

/** What the thread in `state` had added to its buyer's record (see recordBuyerReply and the job). */
function contributionOf(state: ReplyState): repo.Contribution {
  const first = state.buyerFirstReplyAt;
  const counted = state.replyCountedAt !== null;
  const inTime =
    counted && first !== null && state.replyWindowEndsAt !== null && first <= state.replyWindowEndsAt;
  return {
    opportunities: counted ? 1 : 0,
    repliedInTime: inTime ? 1 : 0,
    firstReplyMinutes: first
      ? [Math.max(0, Math.floor((first.getTime() - state.openedAt.getTime()) / MINUTE_MS))]
      : [],
  };
}

/** Takes the locked threads' contributions out of their buyers' records and marks them, in one transaction. */
async function excludeLocked(tx: DbOrTx, states: ReplyState[], at: Date): Promise<void> {
  const byBuyer = new Map<string, repo.Contribution>();
  for (const s of states) {
    const c = contributionOf(s);
    const was = byBuyer.get(s.buyerCompanyId) ?? {
      opportunities: 0,
      repliedInTime: 0,
      firstReplyMinutes: [],
    };
    byBuyer.set(s.buyerCompanyId, {
      opportunities: was.opportunities + c.opportunities,
      repliedInTime: was.repliedInTime + c.repliedInTime,
      firstReplyMinutes: [...was.firstReplyMinutes, ...c.firstReplyMinutes],
    });
  }
  // Records in company id order, as addToRecords: concurrent runs lock them in the same order.
  for (const id of [...byBuyer.keys()].sort()) await repo.subtractFromRecord(tx, id, byBuyer.get(id)!, at);
  await repo.markExcluded(
    tx,
    states.map((s) => s.id),
    at,
  );
}

/**
 * In a deal event, under the thread's lock: a thread not marked yet whose companies share a member
 * is excluded now. Answers whether the thread is out of the record (the event then adds nothing).
 */
export async function excludedFromRecord(tx: DbOrTx, state: ReplyState, at: Date): Promise<boolean> {
  if (state.recordsExcludedAt) return true;
  if (!(await repo.sharesMemberNow(tx, state.id))) return false;
  await excludeLocked(tx, [state], at);
  return true;
}

/** The job's first step: every thread whose companies came to share a member since the last run. */
export async function excludeSharedMemberThreads(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const states = await repo.lockSharedThreads(tx, BATCH);
      await excludeLocked(tx, states, now);
      return states.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
