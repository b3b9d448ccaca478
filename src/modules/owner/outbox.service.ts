import type { z } from "zod";
import { iso, type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import * as L from "@/lib/owner/console-labels";
import type { OwnerContext } from "@/modules/audit/audit.service";
import { recordAudit } from "@/modules/audit/audit.service";
import type { Db } from "@/server/db/client";
import { hasMaskedLink, hideDealContent } from "@/server/email/mask";
import { resendTransition } from "@/server/email/outbox.policy";
import * as outbox from "@/server/email/outbox.repository";
import { wakeRelay } from "@/server/email/relay";
import { AppError, notFound } from "@/server/http/errors";
import type { OutboxItem, OutboxQuery, outboxDetail } from "./owner.schema";

// The console's email outbox: without SMTP the operator reads the emails here, and resends failed ones.

const at = (s: string | null) => (s ? new Date(s) : null);

function outboxItem(r: outbox.OutboxRow): OutboxItem {
  return {
    id: r.id,
    template: r.template,
    toAddress: r.toAddress,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    lastError: r.lastError,
    sentAt: iso(r.sentAt),
    createdAt: r.createdAt.toISOString(),
  };
}

const OUTBOX_CSV: Array<CsvColumn<OutboxItem>> = [
  { header: "ID", value: (r) => r.id },
  { header: "作成日時", value: (r) => at(r.createdAt) },
  { header: "宛先", value: (r) => r.toAddress },
  { header: "件名", value: (r) => r.subject },
  { header: "テンプレート", value: (r) => r.template },
  { header: "状態", value: (r) => L.OUTBOX_STATUS[r.status] },
  { header: "試行回数", value: (r) => r.attempts },
  { header: "送信日時", value: (r) => at(r.sentAt) },
  { header: "エラー", value: (r) => r.lastError },
];

export async function listOutbox(db: Db, q: OutboxQuery): Promise<Listing<OutboxItem>> {
  const { rows, total } = await outbox.listOutbox(db, q, pageOf(q));
  return listing(q, rows.map(outboxItem), total, { name: "outbox", columns: OUTBOX_CSV });
}

const OUTBOX_NOT_FOUND = "メールが見つかりませんでした。";
const MASKED_RESEND =
  "送信済みのリンクは保管時に伏せているため、このメールは再送できません。ご本人に手続きのやり直しをご案内ください。";

/** One email with its text: without SMTP the operator reads the outbox here. */
export async function getOutbox(db: Db, id: string): Promise<z.infer<typeof outboxDetail>> {
  const row = await outbox.outboxRow(db, id);
  if (!row) throw notFound(OUTBOX_NOT_FOUND);
  // Deal mails: the members' words stay behind the deal room's audited read (reason + audit row).
  return {
    ...outboxItem(row),
    textBody: hideDealContent(row.template, row.textBody),
    messageId: row.messageId,
  };
}

/** A failed or sent email goes back to the queue as new: due now, no attempts. */
export async function resendOutbox(db: Db, ctx: OwnerContext, id: string): Promise<OutboxItem> {
  const row = await db.transaction(async (tx) => {
    const before = await outbox.outboxRow(tx, id, true);
    if (!before) throw notFound(OUTBOX_NOT_FOUND);
    const move = resendTransition(before.status);
    if (!move.ok) throw new AppError("CONFLICT", move.message);
    // A sent copy's links were masked (email/mask.ts): resending it would deliver a dead link.
    if (before.status === "SENT" && hasMaskedLink(`${before.textBody}${before.htmlBody ?? ""}`)) {
      throw new AppError("CONFLICT", MASKED_RESEND);
    }
    const after = await outbox.requeueOutbox(tx, id, move.to);
    await recordAudit(tx, ctx, {
      action: "outbox.resend",
      targetType: "email_outbox",
      targetId: id,
      before: withoutBody(before),
      after: withoutBody(after),
    });
    return after;
  });
  wakeRelay();
  return outboxItem(row);
}

// The audit keeps the state of the email, not its text (which may hold a one-time link).
function withoutBody({ textBody: _t, htmlBody: _h, ...rest }: outbox.OutboxRow) {
  return rest;
}
