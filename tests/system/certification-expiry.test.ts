import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { todayInJapan } from "@/lib/japan-time";
import { runCertificationExpiry } from "@/modules/certifications/certification-expiry.service";
import {
  rejectCertification,
  verifyCertification,
} from "@/modules/certifications/certification-operator.service";
import { seedMasterData } from "@/modules/master-data/master-data.service";
import { advanceAppClock, appNow, resetAppClock } from "@/server/clock";
import type { Db } from "@/server/db/client";
import { companies, memberships, owners, supplierProfiles, users } from "@/server/db/schema";
import { jobs } from "@/server/jobs/background";
import { runDueJobs } from "@/server/jobs/scheduler";
import { certificationTypeId, insertCertification, verifiedIdsOf } from "../factories/certification-rows";
import { PG_ADMIN_URL, postgresUnreachable } from "../support/postgres";
import { twoPoolsOnOneDatabase } from "../support/two-pools";

// The certification-expiry job (docs/capabilities.md "Reminder and expiry") on PostgreSQL, with the
// app clock moved forward day by day: a verified certificate's members are reminded once, 30 days
// before its last valid day; the day after it, the badge goes once (with the audit row and the
// email). Two pools on one database stand for two app processes whose runs overlap: still once each.
process.env.AUTH_SECRET ??= "system-test-secret-system-test-secret-01";

const pgDown = await postgresUnreachable();
if (pgDown) console.warn(`PostgreSQL is unreachable at ${PG_ADMIN_URL} (${pgDown}): these cases are skipped`);

const twoProcesses = twoPoolsOnOneDatabase("oem_sys_cert_expiry", seedMasterData);

const DAY_MS = 86_400_000;
const inDays = (days: number) => todayInJapan(new Date(appNow().getTime() + days * DAY_MS));

afterEach(() => resetAppClock());

/** A supplier with `members` members (each with an email) and its profile, as registration makes them. */
async function supplierWith(db: Db, members = 2): Promise<{ companyId: string; emails: string[] }> {
  const tag = randomBytes(4).toString("hex");
  const [company] = await db
    .insert(companies)
    .values({ type: "SUPPLIER", name: `期限確認工業${tag}` })
    .returning();
  await db.insert(supplierProfiles).values({ companyId: company!.id });
  const emails: string[] = [];
  for (let i = 0; i < members; i++) {
    const email = `cert-${tag}-${i}@example.co.jp`;
    const [user] = await db.insert(users).values({ email, name: "期限 太郎", passwordHash: "x" }).returning();
    await db.insert(memberships).values({
      userId: user!.id,
      companyId: company!.id,
      role: i ? "GENERAL" : "ADMIN",
      name: `期限 ${i}郎`,
    });
    emails.push(email);
  }
  return { companyId: company!.id, emails };
}

async function counts(db: Db, certIds: string[], emails: string[]) {
  const ids = sql.join(
    certIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const to = sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const r = await db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from supplier_certifications where id in (${ids}) and reminder_sent_at is not null) as reminded,
      (select count(*)::int from supplier_certifications where id in (${ids}) and expired_at is not null) as expired,
      (select count(*)::int from audit_logs where action = 'supplier_certification.expire'
        and owner_id is null and target_id in (${sql.join(
          certIds.map((id) => sql`${id}`),
          sql`, `,
        )})) as audits,
      (select count(*)::int from email_outbox where template = 'certification-expiring' and to_address in (${to})) as reminders,
      (select count(*)::int from email_outbox where template = 'certification-expired' and to_address in (${to})) as expiries`);
  return r.rows[0]!;
}

it.skipIf(pgDown !== undefined)(
  "reminds 30 days before the last valid day and removes the badge the day after it, once each",
  async () => {
    const [a] = await twoProcesses();
    const db = a.db;
    const iso9001 = await certificationTypeId("iso-9001", db);
    const iso14001 = await certificationTypeId("iso-14001", db);
    const s = await supplierWith(db);
    const main = await insertCertification(
      s.companyId,
      { status: "VERIFIED", expiresOn: inDays(40), store: false },
      db,
    );
    // Renewed: a newer verified certificate of the type. The old one gets no reminder, and its
    // expiry leaves the badge in place.
    const old = await insertCertification(
      s.companyId,
      { type: "iso-14001", status: "VERIFIED", expiresOn: inDays(5), store: false },
      db,
    );
    await insertCertification(
      s.companyId,
      { type: "iso-14001", status: "VERIFIED", expiresOn: inDays(400), store: false },
      db,
    );
    // Not verified: never reminded nor expired by the job.
    const pending = await insertCertification(s.companyId, { expiresOn: inDays(3), store: false }, db);
    expect(await verifiedIdsOf(s.companyId, db)).toEqual([iso9001, iso14001]);

    // Day 0: 40 days left — nothing yet (the renewed one is not reminded).
    expect(await runCertificationExpiry(db)).toEqual({ expired: 0, reminded: 0 });

    // Day 10: 30 days left — the reminder, to both members; day 11: not again. Day 10 is also
    // past the renewed certificate's last day: it expires, and the badge stays.
    advanceAppClock(10 * DAY_MS);
    expect(await runCertificationExpiry(db)).toEqual({ expired: 1, reminded: 1 });
    advanceAppClock(DAY_MS);
    expect(await runCertificationExpiry(db)).toEqual({ expired: 0, reminded: 0 });
    const all = [main.id, old.id, pending.id];
    expect(await counts(db, all, s.emails)).toMatchObject({ reminded: 1, reminders: 2, expired: 1 });
    const [mail] = (
      await db.execute<{ subject: string; text_body: string }>(
        sql`select subject, text_body from email_outbox where template = 'certification-expiring' and to_address = ${s.emails[0]!}`,
      )
    ).rows;
    expect(mail!.subject).toContain("「ISO 9001」の有効期限が近づいています");
    expect(await counts(db, [old.id], s.emails)).toMatchObject({ expired: 1, audits: 1 });
    expect(await verifiedIdsOf(s.companyId, db)).toEqual([iso9001, iso14001]);

    // Day 40: the last valid day — still shown; day 41: removed, once.
    advanceAppClock(29 * DAY_MS);
    expect(inDays(0)).toBe(todayInJapan(new Date(Date.now() + 40 * DAY_MS)));
    expect(await runCertificationExpiry(db)).toEqual({ expired: 0, reminded: 0 });
    expect(await verifiedIdsOf(s.companyId, db)).toContain(iso9001);
    advanceAppClock(DAY_MS);
    expect(await runCertificationExpiry(db)).toEqual({ expired: 1, reminded: 0 });
    expect(await runCertificationExpiry(db)).toEqual({ expired: 0, reminded: 0 });
    expect(await verifiedIdsOf(s.companyId, db)).toEqual([iso14001]);
    expect(await counts(db, all, s.emails)).toEqual({
      reminded: 1,
      expired: 2,
      audits: 2,
      reminders: 2,
      expiries: 4,
    });
    const texts = (
      await db.execute<{ text_body: string }>(
        sql`select text_body from email_outbox where template = 'certification-expired' and to_address = ${s.emails[0]!} order by created_at`,
      )
    ).rows.map((r) => r.text_body);
    expect(texts[0]).toContain("引き続き掲載されています");
    expect(texts[1]).toContain("「認証確認済み」の表示を外しました");
  },
  60_000,
);

it.skipIf(pgDown !== undefined)(
  "overlapping runs from two processes remind and expire each certificate once",
  async () => {
    const [a, b] = await twoProcesses();
    const reminding: string[] = [];
    const expiring: string[] = [];
    const emails: string[] = [];
    // Enough rows that the four runs are still at work when the others start.
    for (let i = 0; i < 20; i++) {
      const s = await supplierWith(a.db, 1);
      emails.push(...s.emails);
      for (const [type, days, list] of [
        ["iso-9001", 20, reminding],
        ["iso-14001", -1, expiring],
        ["haccp", -3, expiring],
      ] as const) {
        // Verified while still valid, as the operator would have.
        const cert = await insertCertification(
          s.companyId,
          { type, status: "VERIFIED", expiresOn: inDays(days), store: false },
          a.db,
        );
        list.push(cert.id);
      }
    }
    const spans: { start: number; end: number }[] = [];
    const timed = async (db: Db) => {
      const span = { start: performance.now(), end: Number.POSITIVE_INFINITY };
      spans.push(span);
      const result = await runCertificationExpiry(db);
      span.end = performance.now();
      return result;
    };
    const results = await Promise.all([timed(a.db), timed(b.db), timed(a.db), timed(b.db)]);
    expect(results.reduce((n, r) => n + r.reminded, 0)).toBe(reminding.length);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBe(expiring.length);
    // The runs overlapped: each began before any ended. Which run does the work is not asserted:
    // they take the certificates in the same order, so the first one often leads a convoy (the
    // others wait on its row lock and then find the certificate done), and wins every row.
    expect(Math.max(...spans.map((s) => s.start))).toBeLessThan(Math.min(...spans.map((s) => s.end)));
    expect(await counts(a.db, [...reminding, ...expiring], emails)).toEqual({
      reminded: reminding.length,
      expired: expiring.length,
      audits: expiring.length,
      reminders: reminding.length,
      expiries: expiring.length,
    });
    // Every supplier keeps only its unexpired badge.
    const iso9001 = await certificationTypeId("iso-9001", a.db);
    const badges = await a.db.execute<{ ids: number[] }>(
      sql`select verified_certification_ids as ids from supplier_profiles
        where company_id in (select company_id from supplier_certifications where id in (${sql.join(
          reminding.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`,
    );
    expect(badges.rows.map((r) => r.ids)).toEqual(Array(reminding.length).fill([iso9001]));
    expect(await Promise.all([runCertificationExpiry(a.db), runCertificationExpiry(b.db)])).toEqual([
      { expired: 0, reminded: 0 },
      { expired: 0, reminded: 0 },
    ]);
  },
  60_000,
);

it.skipIf(pgDown !== undefined)(
  "the scheduled job (certification-expiry) checked by both processes at once runs once",
  async () => {
    const [a, b] = await twoProcesses();
    const s = await supplierWith(a.db, 1);
    const cert = await insertCertification(
      s.companyId,
      { status: "VERIFIED", expiresOn: inDays(-1), store: false },
      a.db,
    );
    const expiryJob = jobs.filter((j) => j.name === "certification-expiry");
    expect(expiryJob).toHaveLength(1);
    const ran = (
      await Promise.all([
        runDueJobs(a.db, expiryJob),
        runDueJobs(b.db, expiryJob),
        runDueJobs(a.db, expiryJob),
        runDueJobs(b.db, expiryJob),
      ])
    ).flat();
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ name: "certification-expiry", ok: true });
    expect(await counts(a.db, [cert.id], s.emails)).toMatchObject({ expired: 1, audits: 1, expiries: 1 });
  },
  60_000,
);

it.skipIf(pgDown !== undefined)(
  "two processes reviewing two certificates of one supplier at once keep both changes in its badges",
  async () => {
    const [a, b] = await twoProcesses();
    const [owner] = await a.db
      .insert(owners)
      .values({
        email: `op-${randomBytes(4).toString("hex")}@example.co.jp`,
        name: "運営 花子",
        passwordHash: "x",
      })
      .returning();
    const actor = { ownerId: owner!.id };
    const iso9001 = await certificationTypeId("iso-9001", a.db);
    const haccp = await certificationTypeId("haccp", a.db);
    const suppliers = [];
    for (let i = 0; i < 6; i++) {
      const s = await supplierWith(a.db, 1);
      const verify1 = await insertCertification(s.companyId, { store: false }, a.db);
      const verify2 = await insertCertification(s.companyId, { type: "haccp", store: false }, a.db);
      const withdraw = await insertCertification(
        s.companyId,
        { type: "iso-14001", status: "VERIFIED", store: false },
        a.db,
      );
      suppliers.push({ ...s, verify1, verify2, withdraw });
    }
    // Without the supplier's lock, each transaction would compute the badges before the other's
    // change committed, and the later write would drop the earlier one's type.
    await Promise.all(
      suppliers.flatMap((s) => [
        verifyCertification(a.db, actor, s.verify1.id),
        verifyCertification(b.db, actor, s.verify2.id),
        rejectCertification(a.db, actor, s.withdraw.id, { reason: "同時に取り下げる確認です" }),
      ]),
    );
    for (const s of suppliers) expect(await verifiedIdsOf(s.companyId, a.db)).toEqual([iso9001, haccp]);
  },
  60_000,
);
