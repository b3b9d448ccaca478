import { isUuid } from "@/lib/uuid";
import { dealOpeningOf } from "@/modules/inquiries/deal-access.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { AppError, invalid, notFound } from "@/server/http/errors";
import { logger } from "@/server/http/logger";
import { enforceRateLimits } from "@/server/http/rate-limit";
import { dealWriteBlock, threadAcceptsMessages } from "./deal.policy";
import { lockAttachableFiles } from "./deal-files.repository";
import { messageLimits, reportLimits } from "./deal-limits";
import { assertDealGoesOn } from "./deal-state";
import type { DealMessage, MessageInput, ThreadDetail, ThreadSummary, ThreadTab } from "./deals.schema";
import { findQuoteVersionWithPrevious } from "./quote-read.repository";
import * as repo from "./thread.repository";
import { sideOf, THREAD_NOT_FOUND, threadOf } from "./thread-access";
import * as list from "./thread-list.repository";
import { dealFileDto, messageDto, quoteVersionDto, threadDetailDto, threadSummaryDto } from "./thread-view";

// The deal room's threads and messages (docs/deal-room.md): who may open one, the lists with their
// unread counts, reading and writing messages, reports. Every call is the scope's company's.

const statusCode = { 402: "PAYMENT_REQUIRED", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT" } as const;
const CLOSED = "この商談は終了しているため、メッセージを送信できません。";

export async function listThreads(
  scope: CompanyScope,
  db: DbOrTx,
  q: { inquiryId?: string; status?: ThreadTab; q?: string; page: number; perPage: number },
) {
  const side = sideOf(scope);
  const { rows, total, counts } = await list.listThreadsOf(db, scope.companyId, side, {
    inquiryId: q.inquiryId,
    tab: q.status ?? "ALL",
    text: q.q,
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  });
  return {
    items: rows.map((r) => threadSummaryDto(r, side)),
    page: q.page,
    perPage: q.perPage,
    total,
    counts,
    unreadTotal: await list.unreadTotalOf(db, scope.companyId, side),
  };
}

/** The unread messages in total (the sidebar's badge) and per inquiry (the inquiry lists' rows). */
export async function unreadCounts(
  scope: CompanyScope,
  db: DbOrTx,
): Promise<{ unread: number; byInquiry: Record<string, number> }> {
  const byInquiry = await list.unreadByInquiryOf(db, scope.companyId, sideOf(scope));
  return { unread: Object.values(byInquiry).reduce((a, b) => a + b, 0), byInquiry };
}

/** The side's unread messages over all the company's threads (the sidebar's badge). */
export function unreadCount(scope: CompanyScope, db: DbOrTx): Promise<number> {
  return list.unreadTotalOf(db, scope.companyId, sideOf(scope));
}

async function summaryOf(db: DbOrTx, threadId: string, side: repo.DealSide): Promise<ThreadSummary> {
  const row = await list.threadListRow(db, threadId, side);
  if (!row) throw notFound(THREAD_NOT_FOUND);
  return threadSummaryDto(row, side);
}

/**
 * The supplier opens (or finds) its thread on an inquiry: allowed when it may respond ("Who may
 * talk"); 404 not visible, 402 a nomination without ticket, 403 a free supplier on a public inquiry,
 * 409 a public inquiry without a live entry. An open thread stays open whatever the plan does later.
 */
export async function openSupplierThread(
  scope: CompanyScope,
  db: Db,
  inquiryId: string,
): Promise<{ thread: ThreadSummary; created: boolean }> {
  if (isUuid(inquiryId)) {
    const existing = await repo.findThreadOfInquiry(db, inquiryId, scope.companyId);
    if (existing) return { thread: await summaryOf(db, existing.id, "SUPPLIER"), created: false };
  }
  const opening = await dealOpeningOf(db, scope, inquiryId);
  if (!opening.ok) throw new AppError(statusCode[opening.status], opening.message);
  // A withdrawn nomination is still the nominee's to see, but no deal starts on it (issue 33 #6).
  const blocked = dealWriteBlock({ inquiryStatus: opening.inquiry.status, ticketRevoked: false });
  if (blocked) throw new AppError("CONFLICT", blocked);
  const { thread, opened } = await repo.openThread(db, {
    inquiryId: opening.inquiry.id,
    buyerCompanyId: opening.inquiry.buyerCompanyId,
    supplierCompanyId: scope.companyId,
  });
  return { thread: await summaryOf(db, thread.id, "SUPPLIER"), created: opened };
}

/**
 * After an entry or a ticket use (the route calls it once the other service has returned): opens
 * the thread when the supplier may now talk; idempotent. The thread id, or null when not allowed.
 */
export async function openThreadForEvent(
  db: Db,
  e: { inquiryId: string; supplierCompanyId: string },
): Promise<string | null> {
  const opening = await dealOpeningOf(db, { companyId: e.supplierCompanyId }, e.inquiryId);
  if (!opening.ok || dealWriteBlock({ inquiryStatus: opening.inquiry.status, ticketRevoked: false }))
    return null;
  const { thread } = await repo.openThread(db, {
    inquiryId: opening.inquiry.id,
    buyerCompanyId: opening.inquiry.buyerCompanyId,
    supplierCompanyId: e.supplierCompanyId,
  });
  return thread.id;
}

/** The same, for a route whose own answer must not depend on it: a failure is logged, the lazy open covers it. */
export async function openThreadAfterEvent(
  db: Db,
  e: { inquiryId: string; supplierCompanyId: string },
): Promise<void> {
  try {
    await openThreadForEvent(db, e);
  } catch (err) {
    logger().warn({ err, ...e }, "deal thread not opened after the event");
  }
}

/** The thread page: the thread, its counterpart, the current quote version and the decision. */
export async function getThreadDetail(
  scope: CompanyScope,
  db: DbOrTx,
  threadId: string,
): Promise<ThreadDetail> {
  const { thread, side } = await threadOf(scope, db, threadId);
  const row = await list.threadListRow(db, thread.id, side);
  if (!row) throw notFound(THREAD_NOT_FOUND);
  let quote = null;
  if (thread.quoteVersion > 0) {
    const { current, previous } = await findQuoteVersionWithPrevious(db, thread.id, thread.quoteVersion);
    if (current) {
      const metas = await list.filesByIds(db, current.fileIds);
      const files = current.fileIds.flatMap((id) => {
        const f = metas.get(id);
        return f ? [dealFileDto(scope.companyId, thread.id, f)] : [];
      });
      quote = quoteVersionDto(current, previous, files);
    }
  }
  return threadDetailDto(row, side, scope, quote);
}

// ------------------------------------------------------------------ messages

const cursorOf = (id: string) => Buffer.from(id, "utf8").toString("base64url");
function idOfCursor(cursor: string): string {
  const id = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  if (!isUuid(id))
    throw invalid({ before: "ページの指定が正しくありません。最初から読み込み直してください" });
  return id;
}

/** Newest first, `limit` at a time; `before` is the previous page's nextCursor. One query + one for files. */
export async function listMessages(
  scope: CompanyScope,
  db: DbOrTx,
  threadId: string,
  q: { before?: string; limit: number },
): Promise<{ items: DealMessage[]; nextCursor: string | null }> {
  const { thread, side } = await threadOf(scope, db, threadId);
  const rows = await list.messagesPage(db, thread, {
    beforeId: q.before ? idOfCursor(q.before) : undefined,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const files = await list.filesOfMessages(
    db,
    page.map((r) => r.message.id),
  );
  const viewer = { side, companyId: scope.companyId };
  return {
    items: page.map((r) => messageDto(r, thread, viewer, files.get(r.message.id) ?? [])),
    nextCursor: rows.length > q.limit ? cursorOf(page[page.length - 1]!.message.id) : null,
  };
}

/**
 * Posts a message: 409 once the thread takes no more (辞退 or お見送り); files must be the caller's
 * company's deal uploads not attached anywhere yet, else 422 on `fileIds`.
 */
export async function postMessage(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  input: MessageInput,
): Promise<DealMessage> {
  const { thread, side } = await threadOf(scope, db, threadId);
  if (!threadAcceptsMessages(thread.status)) throw new AppError("CONFLICT", CLOSED);
  // Counted once the caller is known to be a member: a stranger gets 404, never a hint from the limit.
  await enforceRateLimits(db, messageLimits(scope.userId, thread.id));
  const fileIds = [...new Set(input.fileIds)];
  const message = await db.transaction(async (tx) => {
    const locked = await repo.lockThread(tx, thread.id);
    if (!locked || !threadAcceptsMessages(locked.status)) throw new AppError("CONFLICT", CLOSED);
    await assertDealGoesOn(tx, locked);
    const attachable = await lockAttachableFiles(tx, scope.companyId, fileIds);
    if (fileIds.some((id) => !attachable.has(id))) {
      throw invalid({
        fileIds: "添付ファイルが見つからないか、すでに添付済みです。もう一度アップロードしてください",
      });
    }
    return repo.appendMessage(tx, thread.id, {
      side,
      kind: "MESSAGE",
      authorUserId: scope.userId,
      body: input.body,
      fileIds,
    });
  });
  const [row] = await list.messagesPage(db, thread, { onlyId: message.id, limit: 1 });
  const files = await list.filesOfMessages(db, [message.id]);
  return messageDto(
    row ?? { message, authorName: null },
    thread,
    { side, companyId: scope.companyId },
    files.get(message.id) ?? [],
  );
}

/** The caller's side has read the thread: its unread count is 0 and no mail is pending for it. */
export async function readThread(scope: CompanyScope, db: DbOrTx, threadId: string): Promise<{ unread: 0 }> {
  const { thread, side } = await threadOf(scope, db, threadId);
  await repo.markRead(db, thread.id, side);
  return { unread: 0 };
}

/** Reports a message of the other side (a person's message, not a system event) once, for the operator. */
export async function reportMessage(
  scope: CompanyScope,
  db: DbOrTx,
  messageId: string,
  input: { reason: string },
): Promise<{ ok: true }> {
  const NOT_FOUND = "メッセージが見つかりませんでした。";
  if (!isUuid(messageId)) throw notFound(NOT_FOUND);
  const found = await list.findMessageOfCompany(db, scope.companyId, messageId);
  const side = sideOf(scope);
  const own = side === "BUYER" ? found?.thread.buyerCompanyId : found?.thread.supplierCompanyId;
  if (!found || own !== scope.companyId) throw notFound(NOT_FOUND);
  if (found.message.side === side || found.message.kind !== "MESSAGE") {
    throw new AppError("CONFLICT", "通報できるのは相手企業からのメッセージのみです。");
  }
  await enforceRateLimits(db, reportLimits(scope.userId, found.thread.id));
  const reported = await list.reportMessageOnce(db, found.message.id, {
    userId: scope.userId,
    reason: input.reason,
  });
  if (!reported) throw new AppError("CONFLICT", "このメッセージはすでに通報済みです。");
  return { ok: true };
}
