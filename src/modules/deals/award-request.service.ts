import { todayInJapan } from "@/lib/japan-time";
import { companyNames } from "@/modules/companies/company-counts.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { dealAwardRequestMail } from "@/server/email/deal-templates";
import { AppError } from "@/server/http/errors";
import { quoteExpired } from "./deal.policy";
import { inquiryFacts } from "./deal-context.repository";
import { lockForEvent, mailMembers } from "./deal-state";
import type { ThreadDetail } from "./deals.schema";
import { EXPIRED_VERSION, STALE_VERSION } from "./decision.service";
import { setThreadState, userName } from "./quote.repository";
import { findQuoteVersion } from "./quote-read.repository";
import { getThreadDetail } from "./thread.service";
import { threadOf } from "./thread-access";

// 「決定を依頼」 (issue 33 #8): an award binds the buyer company, so its ADMINs decide. A GENERAL
// member asks them to award the version it looked at; they get a mail and see the request on the
// thread, where one click awards that version. A later decision or a new version clears it.

/** POST …/threads/{threadId}/award-request: asks the buyer's ADMINs to award this version. */
export async function requestAward(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  input: { version: number },
): Promise<ThreadDetail> {
  await threadOf(scope, db, threadId, "BUYER");
  await db.transaction(async (tx) => {
    // The same preconditions as the award itself, so an ADMIN never approves what it cannot award.
    const { thread } = await lockForEvent(tx, threadId, "AWARD");
    if (input.version !== thread.quoteVersion) throw new AppError("CONFLICT", STALE_VERSION);
    const version = await findQuoteVersion(tx, threadId, thread.quoteVersion);
    if (!version) throw new Error(`quote version ${thread.quoteVersion} of thread ${threadId} missing`);
    const now = new Date();
    if (quoteExpired(version.validUntil, todayInJapan(now))) throw new AppError("CONFLICT", EXPIRED_VERSION);
    await setThreadState(tx, threadId, {
      status: thread.status,
      awardRequestVersion: version.version,
      awardRequestedByUserId: scope.userId,
      awardRequestedAt: now,
    });
    const inquiry = await inquiryFacts(tx, thread.inquiryId);
    const names = await companyNames(tx, [thread.supplierCompanyId]);
    await mailMembers(
      tx,
      thread.buyerCompanyId,
      dealAwardRequestMail({
        title: inquiry.title,
        supplierName: names.get(thread.supplierCompanyId) ?? "",
        requesterName: (await userName(tx, scope.userId)) ?? "",
        threadId,
        version: version.version,
      }),
      "ADMIN",
    );
  });
  return getThreadDetail(scope, db, threadId);
}
