import { buyerEngaged, supplierWithdrew, supplierWrote } from "@/modules/billing/refund.service";
import type { DbOrTx } from "@/server/db/client";
import { recordBuyerReply, recordThreadSettled } from "./buyer-record.service";
import { SUPPLIER_SPEAKS } from "./supplier-name.repository";
import type { DealSide, MessageKind } from "./thread.repository";

// What the deal room tells the rest of the product, in the transaction of the change
// (docs/trust.md): every message, quote, 辞退 and decision goes through appendMessage, every
// reading through markRead, and both end here. The refund clock of a ticket (billing) and the
// buyer's track record (buyer-record.service) follow from these facts alone.

/** A buyer has 5 business days to answer a thread (reply figures) and a ticket's first message (refund). */
export const REPLY_WINDOW_BUSINESS_DAYS = 5;

export interface ThreadFacts {
  id: string;
  inquiryId: string;
  buyerCompanyId: string;
  supplierCompanyId: string;
  openedAt: Date;
}

const SETTLING: ReadonlySet<MessageKind> = new Set(["AWARD", "DECLINE", "NO_QUOTE"]);

export async function afterMessage(
  tx: DbOrTx,
  thread: ThreadFacts,
  side: DealSide,
  kind: MessageKind,
  at: Date,
): Promise<void> {
  const ticket = { supplierCompanyId: thread.supplierCompanyId, inquiryId: thread.inquiryId };
  if (side === "SUPPLIER") {
    // Only the supplier's own message or quote starts the clock; a 辞退 forfeits it: the buyer
    // can no longer answer a withdrawn thread, so its silence refunds nothing (issue 33, item 16).
    if (SUPPLIER_SPEAKS.includes(kind)) await supplierWrote(tx, ticket, at);
    else if (kind === "NO_QUOTE") await supplierWithdrew(tx, ticket);
  } else {
    // a buyer's message or decision: the ticket's refund clock stops, the reply counts
    await buyerEngaged(tx, ticket, at);
    await recordBuyerReply(tx, thread, at);
  }
  if (SETTLING.has(kind)) await recordThreadSettled(tx, thread);
}

export async function afterRead(db: DbOrTx, thread: ThreadFacts, side: DealSide, at: Date): Promise<void> {
  if (side === "BUYER") {
    await buyerEngaged(db, { supplierCompanyId: thread.supplierCompanyId, inquiryId: thread.inquiryId }, at);
  }
}
