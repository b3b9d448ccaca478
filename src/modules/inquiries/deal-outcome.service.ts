import type { DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { type EntryEvent, entryOutcomeOf, entryStatesAllowing } from "./entry.policy";
import * as entryRepo from "./entry.repository";
import { type InquiryStatus, statesAllowing, transition } from "./inquiry.policy";
import * as repo from "./inquiry.repository";

// What a decision in the deal room does to its inquiry and the supplier's entry (issue 33 #3,
// decision 0032): the deals module calls these in the transaction of its own change, so the
// inquiry, the entry and the thread never tell different stories.

/** The inquiry's status for a deal write, locked (shared, or for update) until the caller's transaction ends. */
export async function inquiryStatusForDeal(
  tx: DbOrTx,
  inquiryId: string,
  lock: "share" | "update" = "share",
): Promise<InquiryStatus> {
  const status =
    lock === "update"
      ? await repo.lockInquiryStatus(tx, inquiryId)
      : await repo.shareLockInquiryStatus(tx, inquiryId);
  if (!status) throw new Error(`inquiry ${inquiryId} of a deal thread not found`);
  return status;
}

/** An award: the inquiry leaves 公開中/締切 for 発注先決定 and takes no more entries. */
export async function markInquiryAwarded(tx: DbOrTx, inquiryId: string): Promise<void> {
  const status = await repo.lockInquiryStatus(tx, inquiryId);
  if (!status) throw new Error(`inquiry ${inquiryId} of a deal thread not found`);
  const move = transition(status, "AWARD");
  if (!move.ok) throw new AppError("CONFLICT", move.message);
  if (status === move.to) return;
  await repo.moveInquiry(tx, inquiryId, statesAllowing("AWARD"), {
    status: move.to,
    closedAt: new Date(),
    updatedAt: new Date(),
  });
}

/** 「案件を終了」 without an award: an open inquiry stops taking entries (a closed one stays closed). */
export async function closeInquiryForDecision(tx: DbOrTx, inquiryId: string): Promise<void> {
  const status = await repo.lockInquiryStatus(tx, inquiryId);
  if (status !== "OPEN") return;
  const move = transition(status, "CLOSE");
  if (!move.ok) return;
  const now = new Date();
  await repo.moveInquiry(tx, inquiryId, statesAllowing("CLOSE"), {
    status: move.to,
    closedAt: now,
    updatedAt: now,
  });
}

export type DealOutcomeEvent = Extract<EntryEvent, "DEAL_AWARDED" | "DEAL_DECLINED" | "DEAL_WITHDRAWN">;

/** The supplier's live entry on the inquiry follows its thread's decision (none for a nomination without entry). */
export async function entryFollowsDeal(
  tx: DbOrTx,
  inquiryId: string,
  supplierCompanyId: string,
  event: DealOutcomeEvent,
): Promise<void> {
  const now = new Date();
  await entryRepo.moveEntry(tx, { inquiryId, supplierCompanyId }, entryStatesAllowing(event), {
    status: entryOutcomeOf(event),
    decidedAt: now,
    updatedAt: now,
  });
}
