import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { dealReminders, dealThreads, inquiries } from "@/server/db/schema";
import { dealStatesAllowing } from "./deal.policy";

// The buyer's decisions over an inquiry's threads, and the reminders about undecided inquiries.

/** Days after its creation (Japan date) a nomination counts as due for a decision (docs/decisions/0017). */
export const NOMINATION_DECISION_DAYS = 14;

/** The decision deadline of an inquiry as a SQL date: a BULK's entry deadline, a nomination's creation + 14 days. */
const deadline = sql<string>`(case when ${inquiries.type} = 'BULK' then ${inquiries.entryDeadline}
  else ((${inquiries.createdAt} at time zone 'Asia/Tokyo')::date + ${sql.raw(String(NOMINATION_DECISION_DAYS))}) end)`;

/** Waiting for the buyer: the statuses a DECLINE may start from (NEW, QUOTED; see awaitsDecision). */
const awaiting = () => inArray(dealThreads.status, dealStatesAllowing("DECLINE"));

/** The inquiry's threads still waiting for a decision, locked (in id order, so concurrent callers do not deadlock). */
export function lockThreadsAwaitingDecision(tx: DbOrTx, inquiryId: string) {
  return tx
    .select()
    .from(dealThreads)
    .where(and(eq(dealThreads.inquiryId, inquiryId), awaiting()))
    .orderBy(asc(dealThreads.id))
    .for("update");
}

/** Whether the inquiry has an awarded thread (「他のメーカーをすべてお見送り」 follows a choice). */
export async function hasAwardedThread(tx: DbOrTx, inquiryId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dealThreads.id })
    .from(dealThreads)
    .where(and(eq(dealThreads.inquiryId, inquiryId), eq(dealThreads.status, "AWARDED")))
    .limit(1);
  return Boolean(row);
}

export interface UndecidedInquiry {
  inquiryId: string;
  title: string;
  deadline: string;
  undecided: number;
  buyerCompanyId: string;
}

function undecidedQuery(db: DbOrTx, where: ReturnType<typeof and>) {
  return db
    .select({
      inquiryId: inquiries.id,
      title: inquiries.title,
      deadline: sql<string>`${deadline}::text`,
      undecided: sql<number>`count(*)::int`,
      buyerCompanyId: inquiries.buyerCompanyId,
    })
    .from(inquiries)
    .innerJoin(dealThreads, eq(dealThreads.inquiryId, inquiries.id))
    .where(and(awaiting(), inArray(inquiries.status, ["OPEN", "CLOSED", "AWARDED"]), where))
    .groupBy(inquiries.id)
    .orderBy(asc(deadline), asc(inquiries.id));
}

/** A buyer company's inquiries past their deadline (Japan date `today`) with suppliers waiting: one query. */
export function undecidedOfBuyer(
  db: DbOrTx,
  buyerCompanyId: string,
  today: string,
): Promise<UndecidedInquiry[]> {
  return undecidedQuery(
    db,
    and(eq(inquiries.buyerCompanyId, buyerCompanyId), sql`${deadline} < ${today}::date`),
  );
}

/** Every inquiry whose deadline is between `from` and `to` (inclusive dates) with suppliers waiting. */
export function undecidedWithDeadlineBetween(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<UndecidedInquiry[]> {
  return undecidedQuery(db, sql`${deadline} between ${from}::date and ${to}::date`);
}

/** Records a reminder stage; false when it was already recorded (another run sent it). */
export async function claimReminder(tx: DbOrTx, inquiryId: string, stage: number): Promise<boolean> {
  const rows = await tx
    .insert(dealReminders)
    .values({ inquiryId, stage })
    .onConflictDoNothing()
    .returning({ stage: dealReminders.stage });
  return rows.length > 0;
}
