import { and, eq, inArray, or, sql } from "drizzle-orm";
import { addBusinessDays } from "@/lib/business-days";
import type { DbOrTx } from "@/server/db/client";
import { dealMessageFiles, dealMessages, dealThreads } from "@/server/db/schema";
import { afterMessage, afterRead, REPLY_WINDOW_BUSINESS_DAYS, type ThreadFacts } from "./deal-events";

// The deal threads and their messages: only the deals module's repositories read or write them.

export type ThreadRow = typeof dealThreads.$inferSelect;
export type MessageRow = typeof dealMessages.$inferSelect;
export type DealSide = "BUYER" | "SUPPLIER";
export type MessageKind = MessageRow["kind"];

/** Email batching: one mail per thread and side at most every 15 minutes (docs/deal-room.md). */
export const MAIL_WINDOW_MS = 15 * 60 * 1000;

/** The thread if `companyId` is its buyer or its supplier; nobody else finds it. */
export async function findThreadOfCompany(
  db: DbOrTx,
  companyId: string,
  threadId: string,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(dealThreads)
    .where(
      and(
        eq(dealThreads.id, threadId),
        or(eq(dealThreads.buyerCompanyId, companyId), eq(dealThreads.supplierCompanyId, companyId)),
      ),
    );
  return row;
}

export async function findThreadOfInquiry(db: DbOrTx, inquiryId: string, supplierCompanyId: string) {
  const [row] = await db
    .select()
    .from(dealThreads)
    .where(and(eq(dealThreads.inquiryId, inquiryId), eq(dealThreads.supplierCompanyId, supplierCompanyId)));
  return row;
}

/** Opens the thread of an inquiry × supplier once; opening again returns the same row. */
export async function openThread(
  db: DbOrTx,
  t: { inquiryId: string; buyerCompanyId: string; supplierCompanyId: string },
): Promise<{ thread: ThreadRow; opened: boolean }> {
  const now = new Date();
  const [inserted] = await db
    .insert(dealThreads)
    .values({ ...t, openedAt: now, replyWindowEndsAt: addBusinessDays(now, REPLY_WINDOW_BUSINESS_DAYS) })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { thread: inserted, opened: true };
  const existing = await findThreadOfInquiry(db, t.inquiryId, t.supplierCompanyId);
  if (!existing) throw new Error("deal thread vanished between insert and select");
  return { thread: existing, opened: false };
}

/** Locks the thread row for a change of its state (quote, decision) inside a transaction. */
export async function lockThread(tx: DbOrTx, threadId: string): Promise<ThreadRow | undefined> {
  const [row] = await tx.select().from(dealThreads).where(eq(dealThreads.id, threadId)).for("update");
  return row;
}

export interface NewMessage {
  side: DealSide;
  kind: MessageKind;
  authorUserId: string | null;
  body: string;
  quoteVersion?: number | null;
  fileIds?: readonly string[];
}

/**
 * Appends a message (a text or a system event) and keeps the thread's counters in the same
 * statement set: the other side's unread count and its mail due time (the first unmailed message
 * + 15 minutes, never moved later by newer ones), the author's side read up to now.
 */
export async function appendMessage(tx: DbOrTx, threadId: string, m: NewMessage): Promise<MessageRow> {
  const now = new Date();
  const [row] = await tx
    .insert(dealMessages)
    .values({
      threadId,
      side: m.side,
      kind: m.kind,
      authorUserId: m.authorUserId,
      body: m.body,
      quoteVersion: m.quoteVersion ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("deal message not stored");
  const ids = [...new Set(m.fileIds ?? [])];
  if (ids.length) {
    await tx
      .insert(dealMessageFiles)
      .values(ids.map((fileId, i) => ({ messageId: row.id, fileId, sortOrder: i })));
  }
  const due = new Date(now.getTime() + MAIL_WINDOW_MS);
  const buyerWrote = m.side === "BUYER";
  const [facts] = await tx
    .update(dealThreads)
    .set({
      messageCount: sql`${dealThreads.messageCount} + 1`,
      lastMessageAt: now,
      updatedAt: now,
      ...(buyerWrote
        ? {
            supplierUnread: sql`${dealThreads.supplierUnread} + 1`,
            supplierMailDueAt: sql`coalesce(${dealThreads.supplierMailDueAt}, ${due.toISOString()}::timestamptz)`,
            buyerReadAt: now,
            buyerUnread: 0,
          }
        : {
            buyerUnread: sql`${dealThreads.buyerUnread} + 1`,
            buyerMailDueAt: sql`coalesce(${dealThreads.buyerMailDueAt}, ${due.toISOString()}::timestamptz)`,
            supplierReadAt: now,
            supplierUnread: 0,
          }),
    })
    .where(eq(dealThreads.id, threadId))
    .returning(FACTS);
  if (facts) await afterMessage(tx, facts, m.side, m.kind, now);
  return row;
}

const FACTS = {
  id: dealThreads.id,
  inquiryId: dealThreads.inquiryId,
  buyerCompanyId: dealThreads.buyerCompanyId,
  supplierCompanyId: dealThreads.supplierCompanyId,
  openedAt: dealThreads.openedAt,
} satisfies Record<keyof ThreadFacts, unknown>;

/** The side has read everything: unread 0, read time now, and no mail pending for it. */
export async function markRead(db: DbOrTx, threadId: string, side: DealSide): Promise<void> {
  const now = new Date();
  const [facts] = await db
    .update(dealThreads)
    .set(
      side === "BUYER"
        ? { buyerReadAt: now, buyerUnread: 0, buyerMailDueAt: null }
        : { supplierReadAt: now, supplierUnread: 0, supplierMailDueAt: null },
    )
    .where(eq(dealThreads.id, threadId))
    .returning(FACTS);
  if (facts) await afterRead(db, facts, side, now);
}

/** Files attached to messages of a thread, among `fileIds` (for downloads through the thread). */
export async function threadFileIds(db: DbOrTx, threadId: string, fileIds: string[]): Promise<Set<string>> {
  if (!fileIds.length) return new Set();
  const rows = await db
    .select({ fileId: dealMessageFiles.fileId })
    .from(dealMessageFiles)
    .innerJoin(dealMessages, eq(dealMessages.id, dealMessageFiles.messageId))
    .where(and(eq(dealMessages.threadId, threadId), inArray(dealMessageFiles.fileId, fileIds)));
  return new Set(rows.map((r) => r.fileId));
}
