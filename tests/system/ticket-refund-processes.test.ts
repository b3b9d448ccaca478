import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { refundDueTickets } from "@/modules/billing/billing.service";
import { seedMasterData } from "@/modules/master-data/master-data.service";
import type { Db } from "@/server/db/client";
import {
  categories,
  companies,
  inquiries,
  memberships,
  ticketPurchases,
  ticketUsages,
  users,
} from "@/server/db/schema";
import { jobs } from "@/server/jobs/background";
import { runDueJobs } from "@/server/jobs/scheduler";
import { PG_ADMIN_URL, postgresUnreachable } from "../support/postgres";
import { twoPoolsOnOneDatabase } from "../support/two-pools";

// The no-reply ticket refund across app processes (issue 19, docs/reliability.md): two pools on one
// PostgreSQL stand for two processes. Their refund runs overlap on the same due usages; each usage
// is refunded once — one ticket_refunds row, one email, one audit row — whether the runs come
// through the scheduler's job lease or (as after a lease ran out mid-run) straight at the same time.
process.env.AUTH_SECRET ??= "system-test-secret-system-test-secret-01";

const pgDown = await postgresUnreachable();
if (pgDown) console.warn(`PostgreSQL is unreachable at ${PG_ADMIN_URL} (${pgDown}): these cases are skipped`);

const twoProcesses = twoPoolsOnOneDatabase("oem_sys_refund", seedMasterData);

const DAY_MS = 86_400_000;

/** `n` free suppliers, each with one member, one paid ticket and `perSupplier` usages whose clock ran out. */
async function dueUsages(db: Db, n: number, perSupplier: number): Promise<string[]> {
  const tag = randomBytes(3).toString("hex");
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  const [buyerUser] = await db
    .insert(users)
    .values({ email: `buyer-${tag}@example.co.jp`, name: "発注 太郎", passwordHash: "x" })
    .returning();
  const [buyer] = await db
    .insert(companies)
    .values({ type: "BUYER", name: `株式会社発注${tag}` })
    .returning();
  const due = new Date(Date.now() - DAY_MS);
  const usageIds: string[] = [];
  for (let s = 0; s < n; s++) {
    const [user] = await db
      .insert(users)
      .values({ email: `supplier-${tag}-${s}@example.co.jp`, name: "返却 次郎", passwordHash: "x" })
      .returning();
    const [supplier] = await db
      .insert(companies)
      .values({ type: "SUPPLIER", name: `返却工業${tag}-${s}`, paymentStatus: "OEM_FREE" })
      .returning();
    await db
      .insert(memberships)
      .values({ userId: user!.id, companyId: supplier!.id, role: "ADMIN", name: "返却 次郎" });
    await db.insert(ticketPurchases).values({
      companyId: supplier!.id,
      quantity: perSupplier,
      subtotalYen: 0,
      taxYen: 0,
      totalYen: 0,
      status: "PAID",
      isGrant: true,
      paidAt: new Date(),
    });
    for (let k = 0; k < perSupplier; k++) {
      const [inquiry] = await db
        .insert(inquiries)
        .values({
          type: "NOMINATION",
          status: "OPEN",
          buyerCompanyId: buyer!.id,
          createdByUserId: buyerUser!.id,
          nominatedCompanyId: supplier!.id,
          title: `指名案件 ${s}-${k}`,
          categoryId: category!.id,
          description: "返却テスト用の指名案件です。",
          quantity: "100個",
          publishedAt: new Date(),
        })
        .returning();
      const [usage] = await db
        .insert(ticketUsages)
        .values({ companyId: supplier!.id, inquiryId: inquiry!.id, usedByUserId: user!.id, refundDueAt: due })
        .returning();
      usageIds.push(usage!.id);
    }
  }
  return usageIds;
}

async function counts(db: Db, usageIds: string[]) {
  const ids = sql.join(
    usageIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const r = await db.execute<{ refunds: number; refunded: number; audits: number; mails: number }>(sql`
    select
      (select count(*)::int from ticket_refunds where usage_id in (${ids})) as refunds,
      (select count(*)::int from ticket_usages where id in (${ids}) and refunded_at is not null) as refunded,
      (select count(*)::int from audit_logs where action = 'ticket_usage.refund_no_reply'
        and target_id in (${sql.join(
          usageIds.map((id) => sql`${id}`),
          sql`, `,
        )})) as audits,
      (select count(*)::int from email_outbox where template = 'ticket-refunded-no-reply'
        and to_address in (select u.email from users u join memberships m on m.user_id = u.id
          join ticket_usages t on t.company_id = m.company_id where t.id in (${ids}))) as mails`);
  return r.rows[0]!;
}

it.skipIf(pgDown !== undefined)(
  "four overlapping runs from two pools refund each due usage once: one ledger row, one email, one audit row",
  async () => {
    const [a, b] = await twoProcesses();
    const usageIds = await dueUsages(a.db, 12, 3);
    const results = await Promise.all([
      refundDueTickets(a.db),
      refundDueTickets(b.db),
      refundDueTickets(a.db),
      refundDueTickets(b.db),
    ]);
    expect(results.reduce((n, r) => n + r.refunded, 0)).toBe(usageIds.length);
    // The runs really overlapped: more than one of them refunded something.
    expect(results.filter((r) => r.refunded > 0).length).toBeGreaterThan(1);
    expect(await counts(a.db, usageIds)).toEqual({
      refunds: usageIds.length,
      refunded: usageIds.length,
      audits: usageIds.length,
      mails: usageIds.length,
    });
    // Each supplier had 3 tickets and used 3: all three are back, never more.
    const balances = await a.db.execute<{ balance: number }>(sql`
      select (select coalesce(sum(quantity), 0) from ticket_purchases p where p.company_id = c.id and p.status = 'PAID')
        - (select count(*) from ticket_usages t where t.company_id = c.id and t.refunded_at is null) as balance
      from companies c where c.id in (select company_id from ticket_usages where id in (${sql.join(
        usageIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`);
    expect(new Set(balances.rows.map((r) => Number(r.balance)))).toEqual(new Set([3]));
    // Later runs find nothing.
    expect(await Promise.all([refundDueTickets(a.db), refundDueTickets(b.db)])).toEqual([
      { due: 0, refunded: 0 },
      { due: 0, refunded: 0 },
    ]);
  },
  60_000,
);

it.skipIf(pgDown !== undefined)(
  "the scheduled job (ticket-refunds) checked by both processes at once runs once and refunds once",
  async () => {
    const [a, b] = await twoProcesses();
    const usageIds = await dueUsages(a.db, 5, 2);
    const refundJob = jobs.filter((j) => j.name === "ticket-refunds");
    expect(refundJob).toHaveLength(1);
    const outcomes = await Promise.all([
      runDueJobs(a.db, refundJob),
      runDueJobs(b.db, refundJob),
      runDueJobs(a.db, refundJob),
      runDueJobs(b.db, refundJob),
    ]);
    const ran = outcomes.flat();
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ name: "ticket-refunds", ok: true, result: { refunded: usageIds.length } });
    expect(await counts(a.db, usageIds)).toMatchObject({
      refunds: usageIds.length,
      audits: usageIds.length,
      mails: usageIds.length,
    });
  },
  60_000,
);
