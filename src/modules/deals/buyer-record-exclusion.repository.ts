import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { buyerTrackRecords, dealThreads } from "@/server/db/schema";
import { REPLY_STATE, type ReplyState } from "./buyer-record.repository";
import { sharesMember } from "./shared-member.repository";

// Self-dealing out of the buyer's kept record (issue 33, decision 0035): the threads between a buyer
// and a supplier that share a member are marked (deal_threads.records_excluded_at) and what they
// had added to buyer_track_records is taken back out.

/** SQL on a deal_threads row: its buyer and supplier have had a member in common. */
export const threadSharesMember = sharesMember(dealThreads.buyerCompanyId, dealThreads.supplierCompanyId);

/** Whether the thread's two companies have had a member in common. */
export async function sharesMemberNow(db: DbOrTx, threadId: string): Promise<boolean> {
  const [row] = await db
    .select({ shared: threadSharesMember })
    .from(dealThreads)
    .where(eq(dealThreads.id, threadId));
  return Boolean(row?.shared);
}

/** Up to `limit` threads sharing a member and not excluded yet, locked (SKIP LOCKED: another run keeps its own). */
export async function lockSharedThreads(tx: DbOrTx, limit: number): Promise<ReplyState[]> {
  return tx
    .select(REPLY_STATE)
    .from(dealThreads)
    .where(sql`${dealThreads.recordsExcludedAt} is null and ${threadSharesMember}`)
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function markExcluded(tx: DbOrTx, threadIds: string[], at: Date): Promise<void> {
  if (!threadIds.length) return;
  await tx.update(dealThreads).set({ recordsExcludedAt: at }).where(inArray(dealThreads.id, threadIds));
}

/** What a thread had added to its buyer's record. */
export interface Contribution {
  opportunities: number;
  repliedInTime: number;
  firstReplyMinutes: number[];
}

/**
 * Takes contributions back out of one buyer's record, under its row lock (after the threads' locks,
 * as every writer of the record): counts subtracted, each minute value removed once from the list.
 */
export async function subtractFromRecord(tx: DbOrTx, companyId: string, c: Contribution, at: Date) {
  const [row] = await tx
    .select({ minutes: buyerTrackRecords.firstReplyMinutes })
    .from(buyerTrackRecords)
    .where(eq(buyerTrackRecords.companyId, companyId))
    .for("update");
  if (!row) return; // nothing was ever added
  const minutes = [...row.minutes];
  for (const m of c.firstReplyMinutes) {
    const i = minutes.indexOf(m);
    if (i >= 0) minutes.splice(i, 1);
  }
  await tx
    .update(buyerTrackRecords)
    .set({
      opportunities: sql`${buyerTrackRecords.opportunities} - ${c.opportunities}`,
      repliedInTime: sql`${buyerTrackRecords.repliedInTime} - ${c.repliedInTime}`,
      firstReplyMinutes: minutes,
      updatedAt: at,
    })
    .where(eq(buyerTrackRecords.companyId, companyId));
}
