import { createHash } from "node:crypto";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { companyNames } from "@/modules/companies/company-counts.service";
import {
  closeInquiryForDecision,
  entryFollowsDeal,
  inquiryStatusForDeal,
  markInquiryAwarded,
} from "@/modules/inquiries/deal-outcome.service";
import { buyerInquiryOf } from "@/modules/inquiries/inquiry.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { dealDecisionMail, dealReminderMail } from "@/server/email/deal-templates";
import { AppError, forbidden } from "@/server/http/errors";
import {
  canDecide,
  DECIDE_ADMIN_ONLY,
  DECLINE_ALL_ADMIN_ONLY,
  DECLINE_ALL_NEEDS_AWARD,
  DECLINE_REASONS,
  type DealStatus,
  dealTransition,
  dealWriteBlock,
  quoteExpired,
} from "./deal.policy";
import { inquiryFacts } from "./deal-context.repository";
import { lockForEvent, mailMembers } from "./deal-state";
import type { DeclineInput } from "./deals.schema";
import * as repo from "./decision.repository";
import { NO_AWARD_REQUEST, poNumberTaken, setThreadState } from "./quote.repository";
import { findQuoteVersion } from "./quote-read.repository";
import { appendMessage, type ThreadRow } from "./thread.repository";
import { threadOf } from "./thread-access";

// The buyer's decisions: award one supplier's current quote (a purchase order number), decline one
// or every other waiting supplier with a reason, and the reminders about inquiries left undecided.
// Each decision moves the supplier's entry and, for an award, the inquiry in the same transaction.

export const STALE_VERSION = "見積が改訂されています。最新の見積を確認してから決定してください。";
export const EXPIRED_VERSION =
  "見積の有効期限が切れているため発注先に決定できません。メーカーに有効期限を更新した見積の再提出を依頼してください。";

/** Reminder stages: days after the decision deadline. Later than the last stage + a week, no reminder starts. */
export const REMINDER_STAGES = [3, 7] as const;
const REMINDER_WINDOW_DAYS = 14;

export interface DecisionResult {
  threadId: string;
  status: DealStatus;
  poNumber: string | null;
}

/** The PO number, e.g. PO-20261126-1A9B90: the award date (Japan) and six hex characters of a SHA-256 of the thread id; unique. */
async function newPoNumber(tx: DbOrTx, threadId: string, today: string): Promise<string> {
  const digest = createHash("sha256").update(threadId).digest("hex").toUpperCase();
  const day = today.replace(/-/g, "");
  for (let i = 0; i + 6 <= digest.length; i += 6) {
    const candidate = `PO-${day}-${digest.slice(i, i + 6)}`;
    if (!(await poNumberTaken(tx, candidate))) return candidate;
  }
  throw new Error(`no free purchase order number for thread ${threadId}`);
}

/** POST …/award: the buyer awards the supplier's current, unexpired version. */
export async function award(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  input: { version: number },
): Promise<DecisionResult> {
  await threadOf(scope, db, threadId, "BUYER");
  if (!canDecide(scope.role)) throw forbidden(DECIDE_ADMIN_ONLY);
  return db.transaction(async (tx) => {
    const { thread, poNumber, to } = await awardLocked(tx, scope, threadId, input.version);
    const { title, buyerName } = await mailFacts(tx, thread);
    await mailMembers(
      tx,
      thread.supplierCompanyId,
      dealDecisionMail({ kind: "AWARD", title, buyerName, threadId, version: input.version, poNumber }),
    );
    return { threadId, status: to, poNumber };
  });
}

/**
 * The award itself, in the caller's transaction (the decision above, or an order issued from the
 * order form, which awards and orders at once): the thread locked, the version current and
 * unexpired, a purchase order number, the entry and the inquiry moved, the system message. The
 * caller has checked the scope (a buyer ADMIN of the thread) and tells the supplier.
 */
export async function awardLocked(tx: DbOrTx, scope: CompanyScope, threadId: string, quoteVersion: number) {
  const { thread, to } = await lockForEvent(tx, threadId, "AWARD");
  if (quoteVersion !== thread.quoteVersion) throw new AppError("CONFLICT", STALE_VERSION);
  const version = await findQuoteVersion(tx, threadId, thread.quoteVersion);
  if (!version) throw new Error(`quote version ${thread.quoteVersion} of thread ${threadId} missing`);
  const now = new Date();
  const today = todayInJapan(now);
  if (quoteExpired(version.validUntil, today)) throw new AppError("CONFLICT", EXPIRED_VERSION);
  const poNumber = await newPoNumber(tx, threadId, today);
  await setThreadState(tx, threadId, {
    status: to,
    awardedVersion: version.version,
    decidedAt: now,
    decidedByUserId: scope.userId,
    poNumber,
    reasonCode: null,
    reasonNote: null,
    ...NO_AWARD_REQUEST,
  });
  await markInquiryAwarded(tx, thread.inquiryId);
  await entryFollowsDeal(tx, thread.inquiryId, thread.supplierCompanyId, "DEAL_AWARDED");
  await appendMessage(tx, threadId, {
    side: "BUYER",
    kind: "AWARD",
    authorUserId: scope.userId,
    body: `見積（第${version.version}版）で発注先に決定しました（発注書番号：${poNumber}）`,
    quoteVersion: version.version,
  });
  return { thread, to, version, poNumber };
}

async function mailFacts(tx: DbOrTx, thread: ThreadRow) {
  const inquiry = await inquiryFacts(tx, thread.inquiryId);
  const names = await companyNames(tx, [thread.buyerCompanyId]);
  return { title: inquiry.title, buyerName: names.get(thread.buyerCompanyId) ?? "" };
}

/** The decline itself, on a locked thread that awaits a decision: state, system message, one email. */
async function declineLocked(
  tx: DbOrTx,
  scope: CompanyScope,
  thread: ThreadRow,
  to: DealStatus,
  input: DeclineInput,
  facts: { title: string; buyerName: string },
) {
  const note = input.note ?? null;
  const label = DECLINE_REASONS[input.reason];
  await setThreadState(tx, thread.id, {
    status: to,
    reasonCode: input.reason,
    reasonNote: note,
    decidedAt: new Date(),
    decidedByUserId: scope.userId,
    ...NO_AWARD_REQUEST,
  });
  await entryFollowsDeal(tx, thread.inquiryId, thread.supplierCompanyId, "DEAL_DECLINED");
  await appendMessage(tx, thread.id, {
    side: "BUYER",
    kind: "DECLINE",
    authorUserId: scope.userId,
    body: `今回はお見送りとさせていただきます（理由：${label}）${note ? `\n${note}` : ""}`,
  });
  await mailMembers(
    tx,
    thread.supplierCompanyId,
    dealDecisionMail({ kind: "DECLINE", ...facts, threadId: thread.id, reasonLabel: label, note }),
  );
}

/** POST …/decline: the buyer declines one supplier (from NEW or QUOTED) with a reason. */
export async function decline(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  input: DeclineInput,
): Promise<DecisionResult> {
  await threadOf(scope, db, threadId, "BUYER");
  return db.transaction(async (tx) => {
    const { thread, to } = await lockForEvent(tx, threadId, "DECLINE");
    await declineLocked(tx, scope, thread, to, input, await mailFacts(tx, thread));
    return { threadId, status: to, poNumber: null };
  });
}

/**
 * POST …/decline-others: every thread of the buyer's inquiry still waiting (NEW/QUOTED) is declined,
 * at once. ADMIN only. After an award; without one only as 「案件を終了」 (reason 案件の中止・延期),
 * which also stops an open inquiry taking entries.
 */
export async function declineOthers(
  scope: CompanyScope,
  db: Db,
  inquiryId: string,
  input: DeclineInput,
): Promise<{ declined: number }> {
  const inquiry = await buyerInquiryOf(scope, db, inquiryId);
  if (!canDecide(scope.role)) throw forbidden(DECLINE_ALL_ADMIN_ONLY);
  return db.transaction(async (tx) => {
    // Threads first, then the inquiry: the order every deal write locks in.
    const threads = await repo.lockThreadsAwaitingDecision(tx, inquiry.id);
    const inquiryStatus = await inquiryStatusForDeal(tx, inquiry.id, "update");
    const blocked = dealWriteBlock({ inquiryStatus, ticketRevoked: false });
    if (blocked) throw new AppError("CONFLICT", blocked);
    const ending = input.reason === "PROJECT_CANCELLED";
    if (!ending && !(await repo.hasAwardedThread(tx, inquiry.id))) {
      throw new AppError("CONFLICT", DECLINE_ALL_NEEDS_AWARD);
    }
    if (ending && inquiryStatus !== "AWARDED") await closeInquiryForDecision(tx, inquiry.id);
    if (!threads.length) return { declined: 0 };
    const names = await companyNames(tx, [scope.companyId]);
    const facts = { title: inquiry.title, buyerName: names.get(scope.companyId) ?? "" };
    for (const thread of threads) {
      const move = dealTransition(thread.status, "DECLINE");
      if (!move.ok) continue; // the lock query only returns waiting threads
      await declineLocked(tx, scope, thread, move.to, input, facts);
    }
    return { declined: threads.length };
  });
}

/** The buyer's inquiries past their deadline with suppliers still waiting (the my-page banner): one query. */
export async function undecidedInquiries(
  scope: CompanyScope,
  db: DbOrTx,
  now = new Date(),
): Promise<Array<{ inquiryId: string; title: string; deadline: string; undecided: number }>> {
  const rows = await repo.undecidedOfBuyer(db, scope.companyId, todayInJapan(now));
  return rows.map(({ inquiryId, title, deadline, undecided }) => ({ inquiryId, title, deadline, undecided }));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Job `deal-decision-reminders` (hourly): the buyer's members of an inquiry past its deadline with
 * suppliers waiting get one email at +3 days and one at +7 days (Japan dates). The reminder row and
 * the emails share a transaction and the row's key makes concurrent runs send each stage once; a run
 * that starts late sends only the latest due stage. Returns the number of emails queued.
 */
export async function sendDecisionReminders(db: Db, now = new Date()): Promise<number> {
  const today = todayInJapan(now);
  const first = REMINDER_STAGES[0];
  const candidates = await repo.undecidedWithDeadlineBetween(
    db,
    addDays(today, -REMINDER_WINDOW_DAYS),
    addDays(today, -first),
  );
  let queued = 0;
  for (const inquiry of candidates) {
    const daysAfter = daysBetween(inquiry.deadline, today);
    const due = REMINDER_STAGES.filter((s) => s <= daysAfter);
    const latest = due.at(-1);
    if (latest === undefined) continue;
    queued += await db.transaction(async (tx) => {
      let claimedLatest = false;
      for (const stage of due) {
        const claimed = await repo.claimReminder(tx, inquiry.inquiryId, stage);
        if (stage === latest) claimedLatest = claimed;
      }
      if (!claimedLatest) return 0;
      const mail = dealReminderMail({
        title: inquiry.title,
        inquiryId: inquiry.inquiryId,
        deadline: inquiry.deadline,
        daysAfter: latest,
        undecided: inquiry.undecided,
      });
      return mailMembers(tx, inquiry.buyerCompanyId, mail);
    });
  }
  return queued;
}
