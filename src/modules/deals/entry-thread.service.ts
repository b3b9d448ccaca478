import { yenSuffixed } from "@/lib/yen";
import { dealOpeningOf } from "@/modules/inquiries/deal-access.service";
import type { EntryInput } from "@/modules/inquiries/entry.schema";
import { type EnteredFacts, enter } from "@/modules/inquiries/entry.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { threadAcceptsMessages } from "./deal.policy";
import * as repo from "./thread.repository";

// One channel per supplier (issue 33, item 4; decision 0033): an entry opens the deal thread and
// its text, indicative price and lead time are the thread's first message, in the entry's
// transaction. A supplier whose thread is already open (a ticket on a nomination) finds it there.

/** The entry as the thread shows it: the message, then the indicative price and lead time if given. */
export function entryMessageBody(e: Pick<EnteredFacts, "message" | "proposedUnitPriceYen" | "leadTime">) {
  const facts = [
    e.proposedUnitPriceYen !== null
      ? `概算単価：${yenSuffixed(e.proposedUnitPriceYen)}（正式な見積ではありません）`
      : null,
    e.leadTime ? `納期の目安：${e.leadTime}` : null,
  ].filter((line): line is string => line !== null);
  return facts.length ? `${e.message}\n\n${facts.join("\n")}` : e.message;
}

async function postEntry(tx: DbOrTx, scope: CompanyScope, e: EnteredFacts): Promise<void> {
  const opening = await dealOpeningOf(tx, scope, e.inquiryId);
  // The entry itself gives the right to talk; a refusal here would be a rule change, not an input.
  if (!opening.ok) throw new Error(`entry ${e.entryId} does not open its deal thread: ${opening.status}`);
  const { thread } = await repo.openThread(tx, {
    inquiryId: opening.inquiry.id,
    buyerCompanyId: opening.inquiry.buyerCompanyId,
    supplierCompanyId: scope.companyId,
  });
  const locked = await repo.lockThread(tx, thread.id);
  // A thread already ended (辞退, お見送り) takes no message; the entry stays on the inquiry page.
  if (!locked || !threadAcceptsMessages(locked.status)) return;
  await repo.appendMessage(tx, thread.id, {
    side: "SUPPLIER",
    kind: "MESSAGE",
    authorUserId: scope.userId,
    body: entryMessageBody(e),
    fileIds: e.attachmentIds,
  });
}

/** POST …/contact/{id}/entries: the entry, its thread and its first message commit together. */
export function enterWithThread(scope: CompanyScope, db: Db, inquiryId: string, input: EntryInput) {
  return enter(scope, db, inquiryId, input, (tx, e) => postEntry(tx, scope, e));
}
