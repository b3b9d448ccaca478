import { isTicketRevoked } from "@/modules/billing/billing.service";
import { inquiryStatusForDeal } from "@/modules/inquiries/deal-outcome.service";
import type { DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import type { RenderedEmail } from "@/server/email/templates";
import { AppError } from "@/server/http/errors";
import { type DealEvent, type DealStatus, dealTransition, dealWriteBlock } from "./deal.policy";
import { memberAddresses } from "./deal-mail.repository";
import { lockThread, type ThreadRow } from "./thread.repository";
import { THREAD_NOT_FOUND } from "./thread-access";

// Shared steps of the quote and decision use cases: lock the thread and ask the policy; tell a company.

/**
 * 409 when the thread's inquiry was withdrawn or the operator took the ticket back (dealWriteBlock).
 * Call with the thread locked: locks go thread → inquiry everywhere, so no two writes deadlock.
 * `lock: "update"` for a write that then moves the inquiry itself (an award).
 */
export async function assertDealGoesOn(tx: DbOrTx, thread: ThreadRow, lock: "share" | "update" = "share") {
  const inquiryStatus = await inquiryStatusForDeal(tx, thread.inquiryId, lock);
  const ticketRevoked = await isTicketRevoked(tx, thread.supplierCompanyId, thread.inquiryId);
  const blocked = dealWriteBlock({ inquiryStatus, ticketRevoked });
  if (blocked) throw new AppError("CONFLICT", blocked);
}

/** The thread locked for a change of state and the status `event` leads to; 409 when the policy refuses. */
export async function lockForEvent(
  tx: DbOrTx,
  threadId: string,
  event: DealEvent,
): Promise<{ thread: ThreadRow; to: DealStatus }> {
  const thread = await lockThread(tx, threadId);
  if (!thread) throw new AppError("NOT_FOUND", THREAD_NOT_FOUND);
  await assertDealGoesOn(tx, thread, event === "AWARD" ? "update" : "share");
  const move = dealTransition(thread.status, event);
  if (!move.ok) throw new AppError("CONFLICT", move.message);
  return { thread, to: move.to };
}

/** One email to every member (or every ADMIN) of a company, in the caller's transaction (the outbox sends it after commit). */
export async function mailMembers(
  tx: DbOrTx,
  companyId: string,
  mail: RenderedEmail,
  role?: "ADMIN",
): Promise<number> {
  const members = await memberAddresses(tx, companyId, role);
  for (const m of members) await enqueueEmail(tx, m.email, mail);
  return members.length;
}
