import type { DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import type { RenderedEmail } from "@/server/email/templates";
import { AppError } from "@/server/http/errors";
import { type DealEvent, type DealStatus, dealTransition } from "./deal.policy";
import { memberAddresses } from "./deal-mail.repository";
import { lockThread, type ThreadRow } from "./thread.repository";
import { THREAD_NOT_FOUND } from "./thread-access";

// Shared steps of the quote and decision use cases: lock the thread and ask the policy; tell a company.

/** The thread locked for a change of state and the status `event` leads to; 409 when the policy refuses. */
export async function lockForEvent(
  tx: DbOrTx,
  threadId: string,
  event: DealEvent,
): Promise<{ thread: ThreadRow; to: DealStatus }> {
  const thread = await lockThread(tx, threadId);
  if (!thread) throw new AppError("NOT_FOUND", THREAD_NOT_FOUND);
  const move = dealTransition(thread.status, event);
  if (!move.ok) throw new AppError("CONFLICT", move.message);
  return { thread, to: move.to };
}

/** One email to every member of a company, in the caller's transaction (the outbox sends it after commit). */
export async function mailMembers(tx: DbOrTx, companyId: string, mail: RenderedEmail): Promise<number> {
  const members = await memberAddresses(tx, companyId);
  for (const m of members) await enqueueEmail(tx, m.email, mail);
  return members.length;
}
