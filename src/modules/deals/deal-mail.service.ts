import type { Db } from "@/server/db/client";
import { dealMessageMail } from "@/server/email/deal-templates";
import { enqueueEmail } from "@/server/email/outbox";
import { claimDue, memberAddresses, unreadMessages } from "./deal-mail.repository";

// The deal room's message mails (job deal-message-mail, every minute): for each thread and side
// whose due time has come (the first unmailed message + 15 minutes), one mail to every member of
// that side's company with the unread messages; nothing when the side has read them meanwhile.

const QUOTED_MESSAGES = 5;

/** Sends the due mails exactly once, whatever the number of runners; the number of emails written. */
export async function sendDueDealMails(db: Db, now = new Date()): Promise<number> {
  let sent = 0;
  for (const side of ["BUYER", "SUPPLIER"] as const) {
    // Claim and outbox rows in one transaction: a crash leaves the due time set for the next run.
    sent += await db.transaction(async (tx) => {
      let n = 0;
      for (const due of await claimDue(tx, side, now)) {
        if (due.unread <= 0) continue;
        const messages = (await unreadMessages(tx, due, QUOTED_MESSAGES)).reverse();
        if (!messages.length) continue;
        for (const member of await memberAddresses(tx, due.recipientCompanyId)) {
          await enqueueEmail(
            tx,
            member.email,
            dealMessageMail({
              name: member.name,
              title: due.inquiryTitle,
              counterpartName: due.counterpartName,
              side,
              threadId: due.threadId,
              unread: due.unread,
              messages,
            }),
          );
          n++;
        }
      }
      return n;
    });
  }
  return sent;
}
