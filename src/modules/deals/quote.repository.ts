import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { dealQuoteVersions, dealThreads, users } from "@/server/db/schema";
import type { DealStatus } from "./deal.policy";
import type { QuoteVersionRow } from "./quote-read.repository";

// Quote versions (written once, never updated) and the quote/decision state on the thread row.

export type NewQuoteVersion = typeof dealQuoteVersions.$inferInsert;

export async function insertQuoteVersion(tx: DbOrTx, v: NewQuoteVersion): Promise<QuoteVersionRow> {
  const [row] = await tx.insert(dealQuoteVersions).values(v).returning();
  if (!row) throw new Error("quote version not stored");
  return row;
}

/** Every version of a thread's quote, oldest first. */
export function listQuoteVersions(db: DbOrTx, threadId: string): Promise<QuoteVersionRow[]> {
  return db
    .select()
    .from(dealQuoteVersions)
    .where(eq(dealQuoteVersions.threadId, threadId))
    .orderBy(asc(dealQuoteVersions.version));
}

export interface ThreadStateChange {
  status: DealStatus;
  quoteVersion?: number;
  reasonCode?: string | null;
  reasonNote?: string | null;
  decidedByUserId?: string | null;
  decidedAt?: Date | null;
  awardedVersion?: number | null;
  poNumber?: string | null;
  /** A decision answers a pending 「決定を依頼」: cleared with it. */
  awardRequestVersion?: number | null;
  awardRequestedByUserId?: string | null;
  awardRequestedAt?: Date | null;
}

/** A decision ends a pending 「決定を依頼」. */
export const NO_AWARD_REQUEST = {
  awardRequestVersion: null,
  awardRequestedByUserId: null,
  awardRequestedAt: null,
} as const;

/** Moves the (locked) thread to its new quote/decision state. */
export async function setThreadState(tx: DbOrTx, threadId: string, change: ThreadStateChange): Promise<void> {
  await tx
    .update(dealThreads)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(dealThreads.id, threadId));
}

/** Whether a purchase order number is taken (numbers are unique over every thread). */
export async function poNumberTaken(tx: DbOrTx, poNumber: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dealThreads.id })
    .from(dealThreads)
    .where(eq(dealThreads.poNumber, poNumber))
    .limit(1);
  return Boolean(row);
}

export async function userName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** Among `fileIds`, those already attached to a version of this thread's quote (a revision may keep them). */
export async function fileIdsOfThreadQuotes(
  db: DbOrTx,
  threadId: string,
  fileIds: readonly string[],
): Promise<Set<string>> {
  if (!fileIds.length) return new Set();
  const rows = await db
    .select({ fileIds: dealQuoteVersions.fileIds })
    .from(dealQuoteVersions)
    .where(eq(dealQuoteVersions.threadId, threadId));
  const onThread = new Set(rows.flatMap((r) => r.fileIds));
  return new Set(fileIds.filter((id) => onThread.has(id)));
}
