import { todayInJapan } from "@/lib/japan-time";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { AppError, forbidden } from "@/server/http/errors";
import { canDecide, DECIDE_ADMIN_ONLY, quoteExpired } from "./deal.policy";
import { inquiryFacts } from "./deal-context.repository";
import { assertDealGoesOn } from "./deal-state";
import { awardLocked, EXPIRED_VERSION, STALE_VERSION } from "./decision.service";
import { inquiryUnit } from "./quantity-unit";
import { findQuoteVersion, type QuoteVersionRow } from "./quote-read.repository";
import { lockThread, type ThreadRow } from "./thread.repository";
import { THREAD_NOT_FOUND, threadOf } from "./thread-access";

// What an order is built on (src/modules/orders): the thread, the quote version it orders and the
// inquiry. An order issued on a thread still waiting for a decision awards it in the same
// transaction (the award is the order form); on an awarded thread it is one more order (再発注)
// from the awarded version, which must still be valid.

export const ORDER_NEEDS_AWARDED_VERSION =
  "発注できるのは発注先に決定した見積の版だけです。画面を更新して確認してください。";

export interface OrderBasis {
  thread: ThreadRow;
  quote: QuoteVersionRow;
  inquiry: { id: string; title: string; description: string | null; unit: string };
  /** This order awarded the thread (the first order); false for a further order or a reorder. */
  awarded: boolean;
  poNumber: string;
}

/** The scope's thread as a buyer ADMIN would order on it (404 another company's, 403 a GENERAL member). */
export async function orderableThread(scope: CompanyScope, db: Db, threadId: string): Promise<ThreadRow> {
  const { thread } = await threadOf(scope, db, threadId, "BUYER");
  if (!canDecide(scope.role)) throw forbidden(DECIDE_ADMIN_ONLY);
  return thread;
}

/** In the caller's transaction: award (when still undecided) or re-check the awarded version, locked. */
export async function lockOrderBasis(
  tx: DbOrTx,
  scope: CompanyScope,
  threadId: string,
  quoteVersion: number,
): Promise<OrderBasis> {
  const current = await lockThread(tx, threadId);
  if (!current || current.buyerCompanyId !== scope.companyId)
    throw new AppError("NOT_FOUND", THREAD_NOT_FOUND);
  let thread: ThreadRow;
  let quote: QuoteVersionRow;
  let poNumber: string;
  let awarded = false;
  if (current.status === "AWARDED") {
    if (quoteVersion !== current.awardedVersion) throw new AppError("CONFLICT", ORDER_NEEDS_AWARDED_VERSION);
    await assertDealGoesOn(tx, current);
    const row = await findQuoteVersion(tx, threadId, quoteVersion);
    if (!row) throw new Error(`awarded version ${quoteVersion} of thread ${threadId} missing`);
    if (quoteExpired(row.validUntil, todayInJapan())) throw new AppError("CONFLICT", EXPIRED_VERSION);
    thread = current;
    quote = row;
    poNumber = current.poNumber!;
  } else {
    if (quoteVersion !== current.quoteVersion) throw new AppError("CONFLICT", STALE_VERSION);
    const done = await awardLocked(tx, scope, threadId, quoteVersion);
    thread = done.thread;
    quote = done.version;
    poNumber = done.poNumber;
    awarded = true;
  }
  const facts = await inquiryFacts(tx, thread.inquiryId);
  return {
    thread,
    quote,
    inquiry: { id: facts.id, title: facts.title, description: facts.description, unit: inquiryUnit(facts) },
    awarded,
    poNumber,
  };
}

/** What the order form starts from (no lock): the awarded version, or the current one still to award. */
export async function orderDraftBasis(scope: CompanyScope, db: Db, threadId: string) {
  const thread = await orderableThread(scope, db, threadId);
  const version = thread.status === "AWARDED" ? thread.awardedVersion : thread.quoteVersion;
  if (!version || (thread.status !== "AWARDED" && thread.status !== "QUOTED")) {
    throw new AppError("CONFLICT", "見積が提出された商談でのみ発注書を作成できます。");
  }
  const quote = await findQuoteVersion(db, threadId, version);
  if (!quote) throw new Error(`quote version ${version} of thread ${threadId} missing`);
  const facts = await inquiryFacts(db, thread.inquiryId);
  return {
    thread,
    quote,
    expired: quoteExpired(quote.validUntil, todayInJapan()),
    inquiry: { id: facts.id, title: facts.title, description: facts.description, unit: inquiryUnit(facts) },
  };
}
