import type { DbOrTx } from "@/server/db/client";

// The no-reply refund of a ticket (issue 19; docs/trust.md). PLACEHOLDER SIGNATURES for the
// helper that builds it: the deal room calls these two in its own transactions.

export interface TicketOfThread {
  supplierCompanyId: string;
  inquiryId: string;
}

/** The supplier wrote in the thread: the first time, a live ticket usage's refund clock starts. */
export async function supplierWrote(_db: DbOrTx, _ticket: TicketOfThread, _at: Date): Promise<void> {}

/** The buyer read, wrote or decided: a running refund clock stops for good (if before its end). */
export async function buyerEngaged(_db: DbOrTx, _ticket: TicketOfThread, _at: Date): Promise<void> {}
