import type { DbOrTx } from "@/server/db/client";
import { insertOutboxRow } from "./outbox.repository";
import { wakeRelay } from "./relay";
import type { RenderedEmail } from "./templates";

/**
 * Writes an email to the outbox. Call it with the transaction of the change that causes
 * the email: a rolled-back change sends nothing, a committed one is sent by the relay.
 */
export async function enqueueEmail(tx: DbOrTx, to: string, mail: RenderedEmail): Promise<string> {
  const id = await insertOutboxRow(tx, {
    template: mail.template,
    toAddress: to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
  // Wake the relay shortly after: by then the caller's transaction has usually committed;
  // if not, the next poll (2 s) sends it.
  setTimeout(wakeRelay, 50).unref();
  return id;
}
