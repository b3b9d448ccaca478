import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { claimDue, outboxMessageId, relayOnce } from "@/server/email/relay";
import type { MailTransport, OutgoingMail } from "@/server/email/transport";
import { HOUR, job, runDueJobs } from "@/server/jobs/scheduler";
import { PG_ADMIN_URL, postgresUnreachable } from "../support/postgres";
import { twoPoolsOnOneDatabase } from "../support/two-pools";

// Several app processes on one PostgreSQL: each has its own pool, here two pools in one test
// process. Only nodemailer's transport is a test double.
process.env.AUTH_SECRET ??= "system-test-secret-system-test-secret-01";

const pgDown = await postgresUnreachable();
if (pgDown) console.warn(`PostgreSQL is unreachable at ${PG_ADMIN_URL} (${pgDown}): these cases are skipped`);

const twoProcesses = twoPoolsOnOneDatabase("oem_sys_multi");

it.skipIf(pgDown !== undefined)(
  "two relays on separate pools send every outbox row exactly once",
  async () => {
    const [a, b] = await twoProcesses();
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) {
      ids.push(
        await enqueueEmail(a.db, `pg${i}@example.co.jp`, {
          template: "verify-email",
          subject: "【OEMマッチ】メールアドレスの確認をお願いします",
          text: "本文",
          html: "<p>本文</p>",
        }),
      );
    }
    const sent: OutgoingMail[][] = [[], [], [], []];
    const transport = (k: number): MailTransport => ({
      async sendMail(m) {
        await new Promise((r) => setTimeout(r, 1 + (k % 3)));
        sent[k]!.push(m);
        return { messageId: m.messageId };
      },
    });
    const drain = async (database: Database, k: number) => {
      while (
        (await relayOnce(database.db, transport(k), { from: "no-reply@oem-match.local", batchSize: 7 }))
          .claimed
      ) {}
    };
    await Promise.all([drain(a, 0), drain(b, 1), drain(a, 2), drain(b, 3)]);

    const all = sent.flat().map((m) => m.messageId);
    expect(all).toHaveLength(ids.length);
    expect(new Set(all)).toEqual(new Set(ids.map(outboxMessageId)));
    expect(sent.filter((s) => s.length > 0).length).toBeGreaterThan(1);
    const left = await a.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where status <> 'SENT'`,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  },
);

it.skipIf(pgDown !== undefined)("concurrent claims from two pools never return the same row", async () => {
  const [a, b] = await twoProcesses();
  await a.db.execute(sql`delete from email_outbox`);
  for (let i = 0; i < 120; i++) {
    await enqueueEmail(b.db, `claim${i}@example.co.jp`, {
      template: "t",
      subject: "件名",
      text: "本文",
      html: "",
    });
  }
  const claimed: string[] = [];
  const claimer = async (database: Database) => {
    for (let rows = await claimDue(database.db, 5); rows.length; rows = await claimDue(database.db, 5)) {
      claimed.push(...rows.map((r) => r.id));
    }
  };
  await Promise.all([claimer(a), claimer(b), claimer(a), claimer(b), claimer(a), claimer(b)]);
  expect(claimed).toHaveLength(120);
  expect(new Set(claimed).size).toBe(120);
});

it.skipIf(pgDown !== undefined)(
  "a due job runs once when two processes' schedulers check it together",
  async () => {
    const [a, b] = await twoProcesses();
    let runs = 0;
    const j = job("pg-once", HOUR, async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 50));
    });
    const outcomes = await Promise.all([
      runDueJobs(a.db, [j]),
      runDueJobs(b.db, [j]),
      runDueJobs(a.db, [j]),
      runDueJobs(b.db, [j]),
    ]);
    expect(outcomes.flat()).toEqual([{ name: "pg-once", ok: true, result: undefined }]);
    expect(runs).toBe(1);
  },
);

it.skipIf(pgDown !== undefined)("a failed send on PostgreSQL is FAILED with a 30 s back-off", async () => {
  const [a] = await twoProcesses();
  await a.db.execute(sql`delete from email_outbox`);
  const id = await enqueueEmail(a.db, "fail@example.co.jp", {
    template: "t",
    subject: "件名",
    text: "本文",
    html: "",
  });
  const down: MailTransport = {
    sendMail: async () => {
      throw new Error("connect ECONNREFUSED");
    },
  };
  expect(await relayOnce(a.db, down, { from: "no-reply@oem-match.local" })).toEqual({
    claimed: 1,
    sent: 0,
    failed: 1,
  });
  const r = await a.db.execute<{ status: string; attempts: number; wait: number }>(
    sql`select status, attempts, extract(epoch from next_attempt_at - now())::float8 as wait from email_outbox where id = ${id}`,
  );
  expect(r.rows[0]).toMatchObject({ status: "FAILED", attempts: 1 });
  expect(Number(r.rows[0]!.wait)).toBeGreaterThan(28);
  expect(Number(r.rows[0]!.wait)).toBeLessThanOrEqual(30);
});
