import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { type Database, getDatabase, openDatabase, setDatabase } from "@/server/db/client";
import {
  companies,
  emailOutbox,
  jobRuns,
  ownerSessions,
  owners,
  pageViewVisitors,
  rateLimits,
  userSessions,
  users,
  verificationTokens,
} from "@/server/db/schema";
import { jobs, purgeExpired, vacuumEmbedded } from "./background";
import { HOUR, job, MINUTE, runDueJobs, startScheduler } from "./scheduler";

process.env.AUTH_SECRET ??= "scheduler-test-secret-scheduler-test-0123";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory" });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(jobRuns);
});

async function runRow(name: string) {
  const [r] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, name));
  return r;
}

const age = (name: string, interval: string) =>
  database.db.execute(
    sql`update job_runs set last_run_at = now() - ${interval}::interval where name = ${name}`,
  );

describe("scheduler", () => {
  it("runs a never-run job at once, records it, and runs it again only when its interval has passed", async () => {
    let runs = 0;
    const j = job("count", HOUR, async () => ++runs);
    expect(await runDueJobs(database.db, [j])).toEqual([{ name: "count", ok: true, result: 1 }]);
    const first = await runRow("count");
    expect(first?.lastRunAt).toBeInstanceOf(Date);
    expect(first?.lastOkAt).toBeInstanceOf(Date);
    expect(first?.lockedUntil).toBeNull();

    expect(await runDueJobs(database.db, [j])).toEqual([]);
    await age("count", "59 minutes");
    expect(await runDueJobs(database.db, [j])).toEqual([]);
    await age("count", "61 minutes");
    expect(await runDueJobs(database.db, [j])).toHaveLength(1);
    expect(runs).toBe(2);
  });

  it("records a failure and retries it sooner than the interval", async () => {
    let fail = true;
    const j = job("flaky", HOUR, async () => {
      if (fail) throw new Error("connection reset");
      return "ok";
    });
    expect(await runDueJobs(database.db, [j])).toEqual([
      { name: "flaky", ok: false, error: "connection reset" },
    ]);
    expect(await runRow("flaky")).toMatchObject({
      lastError: "connection reset",
      lastOkAt: null,
      lockedUntil: null,
    });
    expect(await runDueJobs(database.db, [j])).toEqual([]);
    await age("flaky", "6 minutes"); // the retry comes after 5 minutes, not after the hour
    fail = false;
    expect(await runDueJobs(database.db, [j])).toEqual([{ name: "flaky", ok: true, result: "ok" }]);
    expect(await runRow("flaky")).toMatchObject({ lastError: null });
  });

  it("does not start a job another process holds, until that claim runs out", async () => {
    let runs = 0;
    const j = job("held", MINUTE, async () => ++runs);
    await database.db.insert(jobRuns).values({ name: "held" });
    await database.db.execute(
      sql`update job_runs set locked_until = now() + interval '5 minutes' where name = 'held'`,
    );
    expect(await runDueJobs(database.db, [j])).toEqual([]);
    await database.db.execute(
      sql`update job_runs set locked_until = now() - interval '1 second' where name = 'held'`,
    );
    expect(await runDueJobs(database.db, [j])).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it("runs a due job once when two schedulers check it at the same time", async () => {
    let runs = 0;
    const j = job("once", HOUR, async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
    });
    const outcomes = await Promise.all([runDueJobs(database.db, [j]), runDueJobs(database.db, [j])]);
    expect(outcomes.flat()).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it("catches up an overdue job as soon as it starts (after a restart), without waiting a tick", async () => {
    let runs = 0;
    const j = job("catch-up", HOUR, async () => ++runs);
    await database.db.insert(jobRuns).values({ name: "catch-up" });
    await age("catch-up", "3 hours");
    const scheduler = startScheduler([j], { db: () => database.db, tickMs: 60_000 });
    const deadline = Date.now() + 5000;
    while (runs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await scheduler.stop();
    expect(runs).toBe(1);
    expect((await runRow("catch-up"))?.lastOkAt).toBeInstanceOf(Date);
  });

  it("registers the purge-expired job", () => {
    expect(jobs.map((j) => j.name)).toContain("purge-expired");
  });
});

describe("purge-expired", () => {
  it("deletes old rate-limit windows, dead tokens and sessions, and keeps live ones", async () => {
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ email: "purge@example.co.jp", name: "削除 確認", passwordHash: "x" })
      .returning();
    const [owner] = await db
      .insert(owners)
      .values({ email: "purge-owner@example.co.jp", name: "運営", passwordHash: "x" })
      .returning();
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const ahead = (days: number) => new Date(Date.now() + days * 86_400_000);

    await db.insert(rateLimits).values([
      { key: "old", count: 3, resetAt: ago(2) },
      { key: "recent", count: 3, resetAt: ago(0.5) },
      { key: "live", count: 3, resetAt: ahead(0.01) },
    ]);
    const token = (tokenHash: string, expiresAt: Date, usedAt: Date | null = null) => ({
      userId: user!.id,
      purpose: "PASSWORD_RESET" as const,
      tokenHash,
      expiresAt,
      usedAt,
    });
    await db
      .insert(verificationTokens)
      .values([
        token("expired-long-ago", ago(31)),
        token("used-long-ago", ago(30.5), ago(40)),
        token("expired-recently", ago(2)),
        token("used-recently", ahead(1), ago(1)),
        token("live", ahead(1)),
      ]);
    const session = (tokenHash: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId: user!.id,
      tokenHash,
      expiresAt,
      revokedAt,
    });
    await db
      .insert(userSessions)
      .values([
        session("u-expired-long-ago", ago(31)),
        session("u-revoked-long-ago", ahead(5), ago(31)),
        session("u-revoked-recently", ahead(5), ago(1)),
        session("u-live", ahead(5)),
      ]);
    await db.insert(ownerSessions).values([
      { ownerId: owner!.id, tokenHash: "o-expired-long-ago", expiresAt: ago(40) },
      { ownerId: owner!.id, tokenHash: "o-live", expiresAt: ahead(5) },
    ]);

    const mail = { template: "t", toAddress: "a@example.com", subject: "件名", textBody: "本文" };
    await db.insert(emailOutbox).values([
      { ...mail, status: "SENT" as const, sentAt: ago(91) },
      { ...mail, status: "SENT" as const, sentAt: ago(10) },
      { ...mail, status: "FAILED" as const },
    ]);

    const [company] = await db.insert(companies).values({ type: "SUPPLIER", name: "閲覧 確認" }).returning();
    const japanDay = (days: number) => addDays(todayInJapan(), -days);
    await db.insert(pageViewVisitors).values([
      { companyId: company!.id, day: japanDay(2), visitorHash: "two-days-ago" },
      { companyId: company!.id, day: japanDay(1), visitorHash: "yesterday" },
      { companyId: company!.id, day: japanDay(0), visitorHash: "today" },
    ]);

    expect(await purgeExpired(db)).toEqual({
      rateLimits: 1,
      verificationTokens: 2,
      userSessions: 2,
      sentEmails: 1,
      ownerSessions: 1,
      pageViewVisitors: 1,
    });
    expect(
      (await db.select({ v: pageViewVisitors.visitorHash }).from(pageViewVisitors)).map((r) => r.v).sort(),
    ).toEqual(["today", "yesterday"]);
    // Sent mail older than 90 days goes; recent and unsent mail stays.
    expect((await db.select({ s: emailOutbox.status }).from(emailOutbox)).map((r) => r.s).sort()).toEqual([
      "FAILED",
      "SENT",
    ]);
    expect((await db.select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k).sort()).toEqual([
      "live",
      "recent",
    ]);
    expect(
      (await db.select({ t: verificationTokens.tokenHash }).from(verificationTokens)).map((r) => r.t).sort(),
    ).toEqual(["expired-recently", "live", "used-recently"]);
    expect(
      (await db.select({ t: userSessions.tokenHash }).from(userSessions)).map((r) => r.t).sort(),
    ).toEqual(["u-live", "u-revoked-recently"]);
    expect((await db.select({ t: ownerSessions.tokenHash }).from(ownerSessions)).map((r) => r.t)).toEqual([
      "o-live",
    ]);
    expect(await purgeExpired(db)).toEqual({
      rateLimits: 0,
      verificationTokens: 0,
      userSessions: 0,
      sentEmails: 0,
      ownerSessions: 0,
      pageViewVisitors: 0,
    });
  });
});

describe("vacuum-embedded", () => {
  it("vacuums and analyzes PGlite, which has no autovacuum, and leaves PostgreSQL to its own", async () => {
    const previous = (globalThis as { __oemDatabase?: Database }).__oemDatabase;
    setDatabase(database);
    try {
      expect(jobs.map((j) => j.name)).toContain("vacuum-embedded");
      expect(await vacuumEmbedded(database.db)).toEqual({ vacuumed: true });
      setDatabase({ ...getDatabase(), kind: "postgres" });
      expect(await vacuumEmbedded(database.db)).toEqual({ vacuumed: false });
    } finally {
      setDatabase(previous);
    }
  });
});
