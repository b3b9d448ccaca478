import type { DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import type { RenderedEmail } from "@/server/email/templates";
import { memberEmails } from "./order-members.repository";

// An order's email goes to every member of the other company, in the change's transaction (the
// outbox sends it after commit): the order, answers, changes, 補充, consultations, reminders.

export async function mailCompany(tx: DbOrTx, companyId: string, mail: RenderedEmail): Promise<number> {
  const emails = await memberEmails(tx, companyId);
  for (const email of emails) await enqueueEmail(tx, email, mail);
  return emails.length;
}
