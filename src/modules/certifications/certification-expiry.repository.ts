import { and, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { certificationTypes, companies, supplierCertifications } from "@/server/db/schema";

// The expiry job's side of supplier_certifications: the due certificates (on the partial index
// supplier_certifications_expiry_idx: VERIFIED, badge not removed, with an expiry) and the two
// conditional updates that make the reminder and the removal happen once, whatever the processes.

const c = supplierCertifications;

/** Showing a badge (or about to): VERIFIED, not marked expired, with a last valid day. */
const live = and(eq(c.status, "VERIFIED"), isNull(c.expiredAt), isNotNull(c.expiresOn));

/** Another VERIFIED certificate of the same type and supplier valid after this one: renewed. */
const renewed = sql`exists (
  select 1 from ${c} r
  where r.company_id = ${c.companyId} and r.certification_type_id = ${c.certificationTypeId}
    and r.id <> ${c.id} and r.status = 'VERIFIED' and r.expired_at is null
    and (r.expires_on is null or r.expires_on > ${c.expiresOn}))`;

export type DueKind = "reminder" | "expiry";

/** Reminder: valid today, last day within `reminderDays`, not reminded, not renewed. Expiry: last day before today. */
function due(kind: DueKind, today: string, reminderUntil: string) {
  return kind === "reminder"
    ? and(
        live,
        isNull(c.reminderSentAt),
        gte(c.expiresOn, today),
        lte(c.expiresOn, reminderUntil),
        sql`not ${renewed}`,
      )
    : and(live, lt(c.expiresOn, today));
}

export interface DueCursor {
  expiresOn: string;
  id: string;
}

/** The next due certificates after `after`, earliest expiry first (keyset: a skipped row is not met again). */
export async function dueCertifications(
  db: DbOrTx,
  kind: DueKind,
  dates: { today: string; reminderUntil: string },
  after: DueCursor | undefined,
  limit: number,
) {
  const rows = await db
    .select({ id: c.id, expiresOn: c.expiresOn })
    .from(c)
    .where(
      and(
        due(kind, dates.today, dates.reminderUntil),
        after
          ? or(gt(c.expiresOn, after.expiresOn), and(eq(c.expiresOn, after.expiresOn), gt(c.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(c.expiresOn, c.id)
    .limit(limit);
  return rows as Array<{ id: string; expiresOn: string }>;
}

const marked = {
  id: c.id,
  companyId: c.companyId,
  certificationTypeId: c.certificationTypeId,
  number: c.number,
  issuer: c.issuer,
  expiresOn: c.expiresOn,
  status: c.status,
  reminderSentAt: c.reminderSentAt,
  expiredAt: c.expiredAt,
};

/**
 * Marks the reminder sent, if it is still due: the row's lock makes a second process wait, then
 * find `reminder_sent_at` set and update nothing. Undefined when another run had it.
 */
export async function markReminderSent(
  tx: DbOrTx,
  id: string,
  at: Date,
  d: { today: string; reminderUntil: string },
) {
  const [row] = await tx
    .update(c)
    .set({ reminderSentAt: at })
    .where(and(eq(c.id, id), due("reminder", d.today, d.reminderUntil)))
    .returning(marked);
  return row;
}

/** Marks the certificate expired (the badge's removal), if it still is due; undefined otherwise. */
export async function markExpired(tx: DbOrTx, id: string, at: Date, today: string) {
  const [row] = await tx
    .update(c)
    .set({ expiredAt: at, updatedAt: at })
    .where(and(eq(c.id, id), due("expiry", today, today)))
    .returning(marked);
  return row;
}

/** The names the emails and the audit row use. */
export async function namesOf(tx: DbOrTx, companyId: string, typeId: number) {
  const [row] = await tx
    .select({ companyName: companies.name, typeName: certificationTypes.name })
    .from(companies)
    .innerJoin(certificationTypes, eq(certificationTypes.id, typeId))
    .where(eq(companies.id, companyId));
  return row!;
}
