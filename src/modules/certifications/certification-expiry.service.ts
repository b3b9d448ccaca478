import { addDays, todayInJapan } from "@/lib/japan-time";
import { recordSystemAudit } from "@/modules/audit/audit.service";
import { appNow } from "@/server/clock";
import type { Db, Tx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import type { RenderedEmail } from "@/server/email/templates";
import { refreshVerifiedCertifications } from "./certification-badges.service";
import * as repo from "./certification-expiry.repository";
import { memberContacts } from "./certification-operator.repository";
import { certificationExpiredMail, certificationExpiringMail } from "./certification-templates";

// The scheduled job certification-expiry (hourly; docs/capabilities.md "Reminder and expiry").
// A VERIFIED certificate's members are reminded once, 30 days before its last valid day
// (expires_on − 30 ≤ today, Japan date) unless a renewed certificate of the type is verified; the
// day after its last valid day (expires_on < today) it is marked expired once, the supplier's
// badges are recomputed, an audit row (the system's) and an email go out. Each certificate is one
// transaction, and each step a conditional update: however many processes run the job at once,
// a certificate is reminded once and expired once.

/** Days before the last valid day the supplier is reminded. */
export const REMINDER_DAYS = 30;

/** The audit action of the badge's removal at expiry (the console words it in components/owner/parts.tsx). */
export const EXPIRE_ACTION = "supplier_certification.expire";

const BATCH = 100;

interface Dates {
  today: string;
  reminderUntil: string;
}

async function tellMembers(tx: Tx, companyId: string, mail: (name: string) => RenderedEmail) {
  for (const m of await memberContacts(tx, companyId)) await enqueueEmail(tx, m.email, mail(m.name));
}

/** One reminder, if no other run sent it; false when it was not due any more. */
async function remindOne(db: Db, id: string, now: Date, dates: Dates): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cert = await repo.markReminderSent(tx, id, now, dates);
    if (!cert?.expiresOn) return false;
    const { companyName, typeName } = await repo.namesOf(tx, cert.companyId, cert.certificationTypeId);
    const facts = { companyName, typeName, number: cert.number, expiresOn: cert.expiresOn };
    await tellMembers(tx, cert.companyId, (name) => certificationExpiringMail({ ...facts, name }));
    return true;
  });
}

/** One certificate marked expired with its consequences, if no other run did it. */
async function expireOne(db: Db, id: string, now: Date, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const after = await repo.markExpired(tx, id, now, today);
    if (!after?.expiresOn) return false;
    const badges = await refreshVerifiedCertifications(tx, after.companyId, now);
    const { companyName, typeName } = await repo.namesOf(tx, after.companyId, after.certificationTypeId);
    const stillShown = badges.includes(after.certificationTypeId);
    const facts = { companyName, typeName, number: after.number, expiresOn: after.expiresOn };
    await tellMembers(tx, after.companyId, (name) =>
      certificationExpiredMail({ ...facts, name, stillShown }),
    );
    const snapshot = (expiredAt: Date | null) => ({
      companyId: after.companyId,
      companyName,
      certificationTypeId: after.certificationTypeId,
      typeName,
      number: after.number,
      expiresOn: after.expiresOn,
      status: after.status,
      expiredAt,
      badgeShown: expiredAt === null || stillShown,
    });
    await recordSystemAudit(tx, {
      action: EXPIRE_ACTION,
      targetType: "supplier_certification",
      targetId: after.id,
      before: snapshot(null),
      after: snapshot(after.expiredAt),
    });
    return true;
  });
}

async function eachDue(
  db: Db,
  kind: repo.DueKind,
  dates: Dates,
  act: (id: string) => Promise<boolean>,
): Promise<{ due: number; done: number }> {
  let due = 0;
  let done = 0;
  let after: repo.DueCursor | undefined;
  for (;;) {
    const batch = await repo.dueCertifications(db, kind, dates, after, BATCH);
    for (const c of batch) {
      due += 1;
      if (await act(c.id)) done += 1;
    }
    const last = batch.at(-1);
    if (batch.length < BATCH || !last) break;
    after = { expiresOn: last.expiresOn, id: last.id };
  }
  return { due, done };
}

/**
 * The job: the removals first (a certificate past its last day gets no reminder), then the
 * reminders. `now` is the app clock, which only the test build can move. Idempotent.
 */
export async function runCertificationExpiry(
  db: Db,
  now: Date = appNow(),
): Promise<{ expired: number; reminded: number }> {
  const today = todayInJapan(now);
  const dates = { today, reminderUntil: addDays(today, REMINDER_DAYS) };
  const expired = await eachDue(db, "expiry", dates, (id) => expireOne(db, id, now, today));
  const reminded = await eachDue(db, "reminder", dates, (id) => remindOne(db, id, now, dates));
  return { expired: expired.done, reminded: reminded.done };
}
