import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Page } from "@/lib/console-listing";
import type { DbOrTx } from "@/server/db/client";
import { totalOf } from "@/server/db/listing";
import { companies, dealMessages, dealThreads, inquiries, memberships, users } from "@/server/db/schema";

// The console's deal room queries: every company's threads, not scoped to one. The thread lists
// select counters and states only; message bodies are read by readThreadMessages alone, which the
// service calls after the audit row is written.

const buyerCo = alias(companies, "deal_buyer_co");
const supplierCo = alias(companies, "deal_supplier_co");

const openReports = sql<number>`(select count(*)::int from ${dealMessages}
  where ${dealMessages.threadId} = ${dealThreads.id} and ${dealMessages.reportedAt} is not null
  and ${dealMessages.reportResolvedAt} is null)`;

const threadColumns = {
  id: dealThreads.id,
  inquiryId: dealThreads.inquiryId,
  buyerId: buyerCo.id,
  buyerName: buyerCo.name,
  supplierId: supplierCo.id,
  supplierName: supplierCo.name,
  status: dealThreads.status,
  quoteVersion: dealThreads.quoteVersion,
  messageCount: dealThreads.messageCount,
  lastMessageAt: dealThreads.lastMessageAt,
  openedAt: dealThreads.openedAt,
  reasonCode: dealThreads.reasonCode,
  decidedAt: dealThreads.decidedAt,
  awardedVersion: dealThreads.awardedVersion,
  poNumber: dealThreads.poNumber,
  buyerUnread: dealThreads.buyerUnread,
  supplierUnread: dealThreads.supplierUnread,
  openReports,
};

function threadsWhere(where: SQL | undefined) {
  return (db: DbOrTx) =>
    db
      .select(threadColumns)
      .from(dealThreads)
      .innerJoin(buyerCo, eq(buyerCo.id, dealThreads.buyerCompanyId))
      .innerJoin(supplierCo, eq(supplierCo.id, dealThreads.supplierCompanyId))
      .where(where);
}

export type OperatorThreadRow = Awaited<ReturnType<ReturnType<typeof threadsWhere>>>[number];

export async function inquiryExists(db: DbOrTx, inquiryId: string): Promise<boolean> {
  const [row] = await db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, inquiryId));
  return Boolean(row);
}

/** Every supplier's thread of an inquiry, in the order they opened. */
export async function threadsOfInquiry(db: DbOrTx, inquiryId: string): Promise<OperatorThreadRow[]> {
  return threadsWhere(eq(dealThreads.inquiryId, inquiryId))(db).orderBy(
    asc(dealThreads.openedAt),
    asc(dealThreads.id),
  );
}

export async function findOperatorThread(
  db: DbOrTx,
  threadId: string,
): Promise<OperatorThreadRow | undefined> {
  const [row] = await threadsWhere(eq(dealThreads.id, threadId))(db);
  return row;
}

/** The newest `limit` messages of a thread (newest first) with their authors' names; +1 tells "more". */
export async function readThreadMessages(db: DbOrTx, threadId: string, limit: number) {
  const rows = await db
    .select({
      id: dealMessages.id,
      side: dealMessages.side,
      kind: dealMessages.kind,
      body: dealMessages.body,
      quoteVersion: dealMessages.quoteVersion,
      createdAt: dealMessages.createdAt,
      reportedAt: dealMessages.reportedAt,
      reportReason: dealMessages.reportReason,
      reportResolvedAt: dealMessages.reportResolvedAt,
      memberName: memberships.name,
      userName: users.name,
    })
    .from(dealMessages)
    .innerJoin(dealThreads, eq(dealThreads.id, dealMessages.threadId))
    .leftJoin(users, eq(users.id, dealMessages.authorUserId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.userId, dealMessages.authorUserId),
        eq(
          memberships.companyId,
          sql`case when ${dealMessages.side} = 'BUYER' then ${dealThreads.buyerCompanyId} else ${dealThreads.supplierCompanyId} end`,
        ),
      ),
    )
    .where(eq(dealMessages.threadId, threadId))
    .orderBy(desc(dealMessages.createdAt), desc(dealMessages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

// ---------------------------------------------------------------- reported messages

const reporter = alias(users, "deal_reporter");
const reporterMember = alias(memberships, "deal_reporter_member");

function reportsWhere(status: "open" | "resolved"): SQL | undefined {
  return and(
    isNotNull(dealMessages.reportedAt),
    status === "open" ? isNull(dealMessages.reportResolvedAt) : isNotNull(dealMessages.reportResolvedAt),
  );
}

/** Reported messages, newest report first (open) or newest resolution first (resolved); no bodies. */
export async function listReports(db: DbOrTx, status: "open" | "resolved", page: Page) {
  const where = reportsWhere(status);
  const rows = await db
    .select({
      messageId: dealMessages.id,
      side: dealMessages.side,
      threadId: dealThreads.id,
      inquiryId: inquiries.id,
      inquiryTitle: inquiries.title,
      buyerId: buyerCo.id,
      buyerName: buyerCo.name,
      supplierId: supplierCo.id,
      supplierName: supplierCo.name,
      reporterMemberName: reporterMember.name,
      reporterUserName: reporter.name,
      reason: dealMessages.reportReason,
      reportedAt: dealMessages.reportedAt,
      resolvedAt: dealMessages.reportResolvedAt,
    })
    .from(dealMessages)
    .innerJoin(dealThreads, eq(dealThreads.id, dealMessages.threadId))
    .innerJoin(inquiries, eq(inquiries.id, dealThreads.inquiryId))
    .innerJoin(buyerCo, eq(buyerCo.id, dealThreads.buyerCompanyId))
    .innerJoin(supplierCo, eq(supplierCo.id, dealThreads.supplierCompanyId))
    .leftJoin(reporter, eq(reporter.id, dealMessages.reportedByUserId))
    .leftJoin(
      reporterMember,
      and(
        eq(reporterMember.userId, dealMessages.reportedByUserId),
        eq(
          reporterMember.companyId,
          // The reporter is of the other side than the message's author.
          sql`case when ${dealMessages.side} = 'BUYER' then ${dealThreads.supplierCompanyId} else ${dealThreads.buyerCompanyId} end`,
        ),
      ),
    )
    .where(where)
    .orderBy(
      status === "open" ? desc(dealMessages.reportedAt) : desc(dealMessages.reportResolvedAt),
      desc(dealMessages.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const total = await totalOf(db, sql`${dealMessages}`, where);
  return { rows, total };
}

export type ReportRow = Awaited<ReturnType<typeof listReports>>["rows"][number];

/** A reported message's report (no body) with its thread's companies, locked for the resolution. */
export async function lockReport(tx: DbOrTx, messageId: string) {
  const [row] = await tx
    .select({
      messageId: dealMessages.id,
      threadId: dealMessages.threadId,
      side: dealMessages.side,
      buyerCompanyId: dealThreads.buyerCompanyId,
      supplierCompanyId: dealThreads.supplierCompanyId,
      reportedAt: dealMessages.reportedAt,
      reportReason: dealMessages.reportReason,
      reportResolvedAt: dealMessages.reportResolvedAt,
    })
    .from(dealMessages)
    .innerJoin(dealThreads, eq(dealThreads.id, dealMessages.threadId))
    .where(and(eq(dealMessages.id, messageId), isNotNull(dealMessages.reportedAt)))
    .for("update", { of: dealMessages });
  return row;
}

export async function markReportResolved(tx: DbOrTx, messageId: string, at: Date): Promise<void> {
  await tx.update(dealMessages).set({ reportResolvedAt: at }).where(eq(dealMessages.id, messageId));
}
