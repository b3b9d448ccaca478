import { and, asc, desc, eq, gt, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { ticketRevokedSql } from "@/modules/billing/billing.service";
import type { DbOrTx } from "@/server/db/client";
import {
  companies,
  dealMessageFiles,
  dealMessages,
  dealThreads,
  files,
  inquiries,
  memberships,
  users,
} from "@/server/db/schema";
import { REVOKED_BUYER_NAME } from "./deal.policy";
import type { ThreadTab } from "./deals.schema";
import { supplierNameToBuyer } from "./supplier-name.repository";
import type { DealSide, MessageRow, ThreadRow } from "./thread.repository";

// The reads of the deal room's lists: a company's threads (one query per page), its unread total
// (one indexed query), a thread's messages by keyset (one query per page, one for its files).

/**
 * The counterpart's name as the viewing side may see it: a hidden supplier by the shared rule of
 * supplier-name.repository; a buyer's name is shown to the supplier of its thread until the operator
 * refunds the ticket that opened it (issue 33 #7).
 */
function counterpartName(side: DealSide): SQL<string> {
  if (side === "SUPPLIER")
    return sql<string>`case when ${revoked} then ${REVOKED_BUYER_NAME} else ${companies.name} end`;
  return supplierNameToBuyer(dealThreads.buyerCompanyId, dealThreads.supplierCompanyId);
}

/** The operator refunded the supplier's ticket on the thread's inquiry: the thread is locked. */
const revoked = ticketRevokedSql(dealThreads.supplierCompanyId, dealThreads.inquiryId);

const ownCompany = (side: DealSide) =>
  side === "BUYER" ? dealThreads.buyerCompanyId : dealThreads.supplierCompanyId;
const otherCompany = (side: DealSide) =>
  side === "BUYER" ? dealThreads.supplierCompanyId : dealThreads.buyerCompanyId;
const unreadOf = (side: DealSide) =>
  side === "BUYER" ? dealThreads.buyerUnread : dealThreads.supplierUnread;

export interface ThreadListRow {
  thread: ThreadRow;
  inquiry: {
    id: string;
    title: string;
    type: "BULK" | "NOMINATION";
    quantity: string;
    quantityUnit: string | null;
  };
  counterpartName: string;
  inquiryStatus: string;
  ticketRevoked: boolean;
  /** Who asked the ADMINs to award (「決定を依頼」), for the buyer's side. */
  awardRequesterName: string | null;
}

function selectThreads(db: DbOrTx, side: DealSide) {
  return db
    .select({
      thread: dealThreads,
      inquiry: {
        id: inquiries.id,
        title: inquiries.title,
        type: inquiries.type,
        quantity: inquiries.quantity,
        quantityUnit: inquiries.quantityUnit,
      },
      counterpartName: counterpartName(side),
      inquiryStatus: sql<string>`${inquiries.status}::text`,
      ticketRevoked: sql<boolean>`${revoked}`,
      awardRequesterName: sql<string | null>`(select ${users.name} from ${users}
        where ${users.id} = ${dealThreads.awardRequestedByUserId})`,
    })
    .from(dealThreads)
    .innerJoin(inquiries, eq(inquiries.id, dealThreads.inquiryId))
    .innerJoin(companies, eq(companies.id, otherCompany(side)));
}

const TAB_STATUSES: Record<Exclude<ThreadTab, "ALL">, Array<ThreadRow["status"]>> = {
  NEW: ["NEW"],
  QUOTED: ["QUOTED"],
  AWARDED: ["AWARDED"],
  CLOSED: ["DECLINED", "WITHDRAWN"],
};

/** `q` as a literal ILIKE pattern: % _ and \ match themselves. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the company's threads grouped by inquiry: the inquiries with unread messages first, then
 * by their latest activity; inside an inquiry unread threads first, then the latest. With the counts
 * of every tab under the same filters (one query), so the tabs show what each holds.
 */
export async function listThreadsOf(
  db: DbOrTx,
  companyId: string,
  side: DealSide,
  q: { inquiryId?: string; tab: ThreadTab; text?: string; limit: number; offset: number },
): Promise<{ rows: ThreadListRow[]; total: number; counts: Record<ThreadTab, number> }> {
  const filters = and(
    eq(ownCompany(side), companyId),
    q.inquiryId ? eq(dealThreads.inquiryId, q.inquiryId) : undefined,
    // The counterpart as the viewer sees it: a hidden supplier is never found by its real name.
    q.text
      ? or(ilike(inquiries.title, containing(q.text)), ilike(counterpartName(side), containing(q.text)))
      : undefined,
  );
  const where = and(filters, q.tab === "ALL" ? undefined : inArray(dealThreads.status, TAB_STATUSES[q.tab]));
  const activity = sql`coalesce(${dealThreads.lastMessageAt}, ${dealThreads.openedAt})`;
  const unread = sql`(${unreadOf(side)} > 0)`;
  const rows = await selectThreads(db, side)
    .where(where)
    .orderBy(
      desc(sql`bool_or(${unread}) over (partition by ${dealThreads.inquiryId})`),
      desc(sql`max(${activity}) over (partition by ${dealThreads.inquiryId})`),
      asc(dealThreads.inquiryId),
      desc(unread),
      desc(activity),
      asc(dealThreads.id),
    )
    .limit(q.limit)
    .offset(q.offset);
  const n = (statuses?: Array<ThreadRow["status"]>) =>
    statuses
      ? sql<number>`(count(*) filter (where ${inArray(dealThreads.status, statuses)}))::int`
      : sql<number>`count(*)::int`;
  const [c] = await db
    .select({
      ALL: n(),
      NEW: n(TAB_STATUSES.NEW),
      QUOTED: n(TAB_STATUSES.QUOTED),
      AWARDED: n(TAB_STATUSES.AWARDED),
      CLOSED: n(TAB_STATUSES.CLOSED),
    })
    .from(dealThreads)
    .innerJoin(inquiries, eq(inquiries.id, dealThreads.inquiryId))
    .innerJoin(companies, eq(companies.id, otherCompany(side)))
    .where(filters);
  const counts = {
    ALL: Number(c?.ALL ?? 0),
    NEW: Number(c?.NEW ?? 0),
    QUOTED: Number(c?.QUOTED ?? 0),
    AWARDED: Number(c?.AWARDED ?? 0),
    CLOSED: Number(c?.CLOSED ?? 0),
  };
  return { rows, total: counts[q.tab], counts };
}

/** One thread with its inquiry and counterpart, for the detail and after opening one. */
export async function threadListRow(
  db: DbOrTx,
  threadId: string,
  side: DealSide,
): Promise<ThreadListRow | undefined> {
  const [row] = await selectThreads(db, side).where(eq(dealThreads.id, threadId)).limit(1);
  return row;
}

/** The side's unread messages over all the company's threads: one query on the company's index. */
export async function unreadTotalOf(db: DbOrTx, companyId: string, side: DealSide): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadOf(side)}), 0)::int` })
    .from(dealThreads)
    .where(eq(ownCompany(side), companyId));
  return Number(row?.n ?? 0);
}

/** The side's unread messages per inquiry, for the inquiry lists' badges (only inquiries with some). */
export async function unreadByInquiryOf(
  db: DbOrTx,
  companyId: string,
  side: DealSide,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ inquiryId: dealThreads.inquiryId, n: sql<number>`sum(${unreadOf(side)})::int` })
    .from(dealThreads)
    .where(and(eq(ownCompany(side), companyId), gt(unreadOf(side), 0)))
    .groupBy(dealThreads.inquiryId);
  return Object.fromEntries(rows.map((r) => [r.inquiryId, Number(r.n)]));
}

// ------------------------------------------------------------------ messages

export interface MessageListRow {
  message: MessageRow;
  authorName: string | null;
}

/** A page of a thread's messages, newest first, strictly older than the cursor (created_at, id). */
export async function messagesPage(
  db: DbOrTx,
  thread: Pick<ThreadRow, "id" | "buyerCompanyId" | "supplierCompanyId">,
  q: { beforeId?: string; onlyId?: string; limit: number },
): Promise<MessageListRow[]> {
  const authorCompany = sql`case when ${dealMessages.side} = 'BUYER' then ${thread.buyerCompanyId}::uuid else ${thread.supplierCompanyId}::uuid end`;
  return db
    .select({
      message: dealMessages,
      authorName: sql<string | null>`coalesce(${memberships.name}, ${users.name})`,
    })
    .from(dealMessages)
    .leftJoin(users, eq(users.id, dealMessages.authorUserId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, dealMessages.authorUserId), eq(memberships.companyId, authorCompany)),
    )
    .where(
      and(
        eq(dealMessages.threadId, thread.id),
        q.onlyId ? eq(dealMessages.id, q.onlyId) : undefined,
        // The cursor's own row gives the keyset (no timestamp precision lost in a client's hands).
        q.beforeId
          ? sql`(${dealMessages.createdAt}, ${dealMessages.id}) < (
              select c.created_at, c.id from ${dealMessages} c where c.id = ${q.beforeId}::uuid and c.thread_id = ${thread.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(dealMessages.createdAt), desc(dealMessages.id))
    .limit(q.limit);
}

export interface FileMeta {
  id: string;
  name: string;
  contentType: string;
  byteSize: number;
}

/** The files of several messages in one query, per message in their order. */
export async function filesOfMessages(db: DbOrTx, messageIds: string[]): Promise<Map<string, FileMeta[]>> {
  const out = new Map<string, FileMeta[]>();
  if (!messageIds.length) return out;
  const rows = await db
    .select({
      messageId: dealMessageFiles.messageId,
      id: files.id,
      name: files.originalName,
      contentType: files.contentType,
      byteSize: files.byteSize,
    })
    .from(dealMessageFiles)
    .innerJoin(files, eq(files.id, dealMessageFiles.fileId))
    .where(inArray(dealMessageFiles.messageId, messageIds))
    .orderBy(asc(dealMessageFiles.messageId), asc(dealMessageFiles.sortOrder));
  for (const { messageId, ...file } of rows) {
    const list = out.get(messageId) ?? [];
    list.push(file);
    out.set(messageId, list);
  }
  return out;
}

/** File metadata by id (quote versions keep their file ids on the row). */
export async function filesByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, FileMeta>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: files.id,
      name: files.originalName,
      contentType: files.contentType,
      byteSize: files.byteSize,
    })
    .from(files)
    .where(inArray(files.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A message of a thread of the company (either side), or undefined. */
export async function findMessageOfCompany(db: DbOrTx, companyId: string, messageId: string) {
  const [row] = await db
    .select({ message: dealMessages, thread: dealThreads })
    .from(dealMessages)
    .innerJoin(dealThreads, eq(dealThreads.id, dealMessages.threadId))
    .where(
      and(
        eq(dealMessages.id, messageId),
        or(eq(dealThreads.buyerCompanyId, companyId), eq(dealThreads.supplierCompanyId, companyId)),
      ),
    )
    .limit(1);
  return row;
}

/** Records a report once: undefined when the message was already reported. */
export async function reportMessageOnce(
  db: DbOrTx,
  messageId: string,
  v: { userId: string; reason: string },
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(dealMessages)
    .set({ reportedAt: new Date(), reportedByUserId: v.userId, reportReason: v.reason })
    .where(and(eq(dealMessages.id, messageId), sql`${dealMessages.reportedAt} is null`))
    .returning();
  return row;
}
