import { and, desc, eq, ilike, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { likePattern, type Page, totalOf } from "@/server/db/listing";
import { emailOutbox } from "@/server/db/schema";

// The email outbox table (decision 0013): written by enqueueEmail, the relay and the console's resend.

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type OutboxStatus = OutboxRow["status"];
export interface OutboxInsert {
  template: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
}

export async function insertOutboxRow(tx: DbOrTx, values: OutboxInsert): Promise<string> {
  const [row] = await tx.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return row!.id;
}

// ---------------------------------------------------------------- the relay

/** Marks up to `limit` due rows SENDING under a fresh lease (`lease` as SQL) and returns them. */
export async function claimDueRows(db: DbOrTx, limit: number, maxAttempts: number, lease: SQL) {
  const o = emailOutbox;
  const due = db
    .select({ id: o.id })
    .from(o)
    .where(
      and(
        lt(o.attempts, maxAttempts),
        or(
          and(inArray(o.status, ["PENDING", "FAILED"]), lte(o.nextAttemptAt, sql`now()`)),
          // a relay that died while sending: its lease ran out
          and(eq(o.status, "SENDING"), lt(o.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(o.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(o)
    .set({
      status: "SENDING",
      lockedUntil: lease,
      // A lease that ran out counts as a failed attempt, so a mail that kills the sender stops.
      attempts: sql`case when ${o.status} = 'SENDING' then ${o.attempts} + 1 else ${o.attempts} end`,
      lastError: sql`case when ${o.status} = 'SENDING' then 'the sender stopped while sending (lease ran out)' else ${o.lastError} end`,
    })
    .where(inArray(o.id, due))
    .returning();
}

/** Our claim on a row: still SENDING and still carrying the lease end we wrote. */
function owned(id: string, lease: Date) {
  return and(eq(emailOutbox.id, id), eq(emailOutbox.status, "SENDING"), eq(emailOutbox.lockedUntil, lease));
}

/** Gives a claimed row back: PENDING again, or FAILED when it has been tried before. */
export async function releaseClaim(db: DbOrTx, id: string, lease: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: sql`case when ${emailOutbox.attempts} > 0 then 'FAILED' else 'PENDING' end::outbox_status`,
      lockedUntil: null,
    })
    .where(owned(id, lease));
}

/** A fresh lease on a row we still own; null when the claim is lost. */
export async function renewLease(db: DbOrTx, id: string, lease: Date, next: SQL): Promise<Date | null> {
  const [row] = await db
    .update(emailOutbox)
    .set({ lockedUntil: next })
    .where(owned(id, lease))
    .returning({ lockedUntil: emailOutbox.lockedUntil });
  return row?.lockedUntil ?? null;
}

/** Sent: the stored copy (bodies as given, already masked) and the Message-ID; false when the claim was lost. */
export async function markSent(
  db: DbOrTx,
  id: string,
  lease: Date,
  sent: { textBody: string; htmlBody: string | null; messageId: string },
): Promise<boolean> {
  const [done] = await db
    .update(emailOutbox)
    .set({ status: "SENT", sentAt: sql`now()`, ...sent, lockedUntil: null, lastError: null })
    .where(owned(id, lease))
    .returning({ id: emailOutbox.id });
  return done !== undefined;
}

/** A failed attempt, retried after `retryAfterSeconds`; undefined when another relay owns the row by now. */
export async function markFailed(
  db: DbOrTx,
  id: string,
  lease: Date,
  error: string,
  retryAfterSeconds: number,
) {
  const [failed] = await db
    .update(emailOutbox)
    .set({
      status: "FAILED",
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error,
      lockedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryAfterSeconds})`,
    })
    .where(owned(id, lease))
    .returning({ attempts: emailOutbox.attempts, nextAttemptAt: emailOutbox.nextAttemptAt });
  return failed;
}

// ---------------------------------------------------------------- the console (outbox page, dashboard, system check)

export async function listOutbox(db: DbOrTx, f: { status?: OutboxStatus; keyword?: string }, page: Page) {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    f.status ? eq(emailOutbox.status, f.status) : undefined,
    p
      ? or(ilike(emailOutbox.toAddress, p), ilike(emailOutbox.subject, p), ilike(emailOutbox.template, p))
      : undefined,
  );
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${emailOutbox}`, where) };
}

export async function outboxRow(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** Back to the relay's queue as a fresh email (`to` from outbox.policy): due now, no attempts, no error. */
export async function requeueOutbox(tx: DbOrTx, id: string, to: "PENDING") {
  const [row] = await tx
    .update(emailOutbox)
    .set({
      status: to,
      attempts: 0,
      nextAttemptAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      sentAt: null,
    })
    .where(eq(emailOutbox.id, id))
    .returning();
  return row!;
}

/** Waiting (PENDING or SENDING) and FAILED emails, for the console's dashboard. */
export async function outboxCounts(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  const rows = await db.execute<{ pending: number; failed: number }>(sql`select
    (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} in ('PENDING', 'SENDING')) as pending,
    (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} = 'FAILED') as failed`);
  const row = rows.rows[0]!;
  return { pending: Number(row.pending), failed: Number(row.failed) };
}

/** `stuck`: mails past their sending time by more than `stuckAfterSeconds` (due and unsent, or a dead sender's claim). */
export async function outboxHealth(db: DbOrTx, maxAttempts: number, stuckAfterSeconds: number) {
  const rows = await db.execute<{
    pending: number;
    oldest_seconds: number | null;
    failed: number;
    stuck: number;
  }>(sql`select
    (select count(*)::int from ${emailOutbox} where ${emailOutbox.attempts} < ${maxAttempts} and (
      (${emailOutbox.status} in ('PENDING', 'FAILED')
        and ${emailOutbox.nextAttemptAt} < now() - make_interval(secs => ${stuckAfterSeconds}))
      or (${emailOutbox.status} = 'SENDING'
        and ${emailOutbox.lockedUntil} < now() - make_interval(secs => ${stuckAfterSeconds})))) as stuck,
    (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} in ('PENDING', 'SENDING')) as pending,
    (select extract(epoch from now() - min(${emailOutbox.createdAt}))::int from ${emailOutbox}
      where ${emailOutbox.status} in ('PENDING', 'SENDING')) as oldest_seconds,
    (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} = 'FAILED'
      and ${emailOutbox.attempts} >= ${maxAttempts}) as failed`);
  const row = rows.rows[0]!;
  return {
    pending: Number(row.pending),
    oldestSeconds: row.oldest_seconds === null ? null : Number(row.oldest_seconds),
    failed: Number(row.failed),
    stuck: Number(row.stuck),
  };
}
