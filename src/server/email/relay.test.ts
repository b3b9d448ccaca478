import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { enqueueEmail } from "./outbox";
import {
  BATCH_SIZE,
  backoffSeconds,
  LEASE_SECONDS,
  MAX_ATTEMPTS,
  outboxMessageId,
  relayOnce,
  startRelay,
  wakeRelay,
} from "./relay";
import type { MailTransport, OutgoingMail } from "./transport";

// A real (in-memory PGlite) database; only nodemailer's transport is a test double.
process.env.AUTH_SECRET ??= "relay-test-secret-relay-test-secret-0123";

const FROM = "OEMマッチ <no-reply@oem-match.local>";
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory" });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

function recorder(opts: { fail?: (m: OutgoingMail) => string | undefined; delayMs?: number } = {}) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    async sendMail(m) {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const failure = opts.fail?.(m);
      if (failure) throw new Error(failure);
      sent.push(m);
      return { messageId: m.messageId };
    },
  };
  return { sent, transport };
}

async function enqueue(to: string, subject = "【OEMマッチ】メールアドレスの確認をお願いします") {
  return enqueueEmail(database.db, to, {
    template: "verify-email",
    subject,
    text: "本文です",
    html: "<p>本文です</p>",
  });
}

async function row(id: string) {
  const [r] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return r!;
}

/** Seconds from the database's now() to a row's next attempt. */
async function secondsUntilNextAttempt(id: string): Promise<number> {
  const r = await database.db.execute<{ s: number }>(
    sql`select extract(epoch from next_attempt_at - now())::float8 as s from email_outbox where id = ${id}`,
  );
  return Number(r.rows[0]!.s);
}

const makeDue = (id: string) =>
  database.db.execute(
    sql`update email_outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`,
  );

describe("relayOnce", () => {
  it("sends a pending mail with a Message-ID fixed by the row id, and marks it SENT", async () => {
    const id = await enqueue("taro@example.co.jp");
    const { sent, transport } = recorder();
    expect(await relayOnce(database.db, transport, { from: FROM })).toEqual({
      claimed: 1,
      sent: 1,
      failed: 0,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      from: FROM,
      to: "taro@example.co.jp",
      subject: "【OEMマッチ】メールアドレスの確認をお願いします",
      text: "本文です",
      html: "<p>本文です</p>",
      messageId: `<outbox-${id}@oem-match>`,
    });
    const r = await row(id);
    expect(r.status).toBe("SENT");
    expect(r.sentAt).toBeInstanceOf(Date);
    expect(r.messageId).toBe(outboxMessageId(id));
    expect(r.lockedUntil).toBeNull();
    expect(await relayOnce(database.db, transport, { from: FROM })).toEqual({
      claimed: 0,
      sent: 0,
      failed: 0,
    });
  });

  it("marks a failed send FAILED with exponential back-off, and sends it once it is due again", async () => {
    const id = await enqueue("hanako@example.co.jp");
    const down = recorder({ fail: () => "connect ECONNREFUSED 127.0.0.1:25" });
    expect(await relayOnce(database.db, down.transport, { from: FROM })).toEqual({
      claimed: 1,
      sent: 0,
      failed: 1,
    });
    let r = await row(id);
    expect(r).toMatchObject({
      status: "FAILED",
      attempts: 1,
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(28);
    expect(await secondsUntilNextAttempt(id)).toBeLessThanOrEqual(30);

    // not due yet: nothing is claimed
    const up = recorder();
    expect((await relayOnce(database.db, up.transport, { from: FROM })).claimed).toBe(0);

    // due again and failing again: the wait doubles
    await makeDue(id);
    await relayOnce(database.db, down.transport, { from: FROM });
    expect((await row(id)).attempts).toBe(2);
    expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(58);

    await makeDue(id);
    expect(await relayOnce(database.db, up.transport, { from: FROM })).toEqual({
      claimed: 1,
      sent: 1,
      failed: 0,
    });
    r = await row(id);
    expect(r).toMatchObject({ status: "SENT", attempts: 2, lastError: null });
    expect(up.sent.map((m) => m.to)).toEqual(["hanako@example.co.jp"]);
  });

  it("caps the back-off at one hour and gives up after the last attempt", async () => {
    expect([0, 1, 2, 6, 7, 20].map(backoffSeconds)).toEqual([30, 60, 120, 1920, 3600, 3600]);
    const id = await enqueue("jiro@example.co.jp");
    await database.db
      .update(emailOutbox)
      .set({ status: "FAILED", attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    await makeDue(id);
    const down = recorder({ fail: () => "550 mailbox unavailable" });
    await relayOnce(database.db, down.transport, { from: FROM });
    expect(await row(id)).toMatchObject({ status: "FAILED", attempts: MAX_ATTEMPTS });
    expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(3590);
    await makeDue(id);
    expect((await relayOnce(database.db, recorder().transport, { from: FROM })).claimed).toBe(0);
  });

  it("takes over a row whose sender died mid-send (lease ran out), but not a row still leased", async () => {
    const stale = await enqueue("stale@example.co.jp");
    const leased = await enqueue("leased@example.co.jp");
    await database.db.execute(
      sql`update email_outbox set status = 'SENDING', locked_until = now() - interval '1 second' where id = ${stale}`,
    );
    await database.db.execute(
      sql`update email_outbox set status = 'SENDING', locked_until = now() + interval '1 minute' where id = ${leased}`,
    );
    const { sent, transport } = recorder();
    expect(await relayOnce(database.db, transport, { from: FROM })).toEqual({
      claimed: 1,
      sent: 1,
      failed: 0,
    });
    expect(sent.map((m) => m.messageId)).toEqual([outboxMessageId(stale)]);
    expect(await row(stale)).toMatchObject({ status: "SENT", attempts: 1 });
    expect((await row(leased)).status).toBe("SENDING");
  });

  it("sends every row exactly once when relays run concurrently", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3 * BATCH_SIZE + 5; i++) ids.push(await enqueue(`user${i}@example.co.jp`));
    const a = recorder({ delayMs: 2 });
    const b = recorder({ delayMs: 3 });
    const c = recorder({ delayMs: 1 });
    const drain = async (t: MailTransport) => {
      while ((await relayOnce(database.db, t, { from: FROM })).claimed > 0) {}
    };
    await Promise.all([drain(a.transport), drain(b.transport), drain(c.transport), drain(a.transport)]);
    const all = [...a.sent, ...b.sent, ...c.sent].map((m) => m.messageId);
    expect(all).toHaveLength(ids.length);
    expect(new Set(all)).toEqual(new Set(ids.map(outboxMessageId)));
    // the work was really shared, so the claims did race
    expect([a.sent.length, b.sent.length, c.sent.length].filter((n) => n > 0).length).toBeGreaterThan(1);
    const [left] = (
      await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from email_outbox where status <> 'SENT'`,
      )
    ).rows;
    expect(Number(left!.n)).toBe(0);
  });

  it("does not let a relay whose claim ran out overwrite the new owner's outcome; both sends carry one Message-ID", async () => {
    const id = await enqueue("slow@example.co.jp");
    const late = recorder();
    const other = recorder();
    const slow: MailTransport = {
      async sendMail(m) {
        // While this send hangs, its claim runs out and another relay takes the row and sends it.
        await database.db.execute(
          sql`update email_outbox set locked_until = now() - interval '1 second' where id = ${id}`,
        );
        await relayOnce(database.db, other.transport, { from: FROM });
        throw new Error(`timeout while sending ${m.to}`);
      },
    };
    await relayOnce(database.db, slow, { from: FROM });
    expect(other.sent.map((m) => m.messageId)).toEqual([outboxMessageId(id)]);
    // the late failure did not turn the sent row back into FAILED
    expect(await row(id)).toMatchObject({ status: "SENT", lastError: null });
    expect(late.sent).toHaveLength(0);
  });

  it("ignores the late failure of a relay whose claim ran out while the new owner is still sending", async () => {
    const id = await enqueue("overlap@example.co.jp");
    let bSending!: () => void;
    const bEntered = new Promise<void>((r) => {
      bSending = r;
    });
    let releaseB!: () => void;
    const bReleased = new Promise<void>((r) => {
      releaseB = r;
    });
    const b = recorder();
    const bTransport: MailTransport = {
      async sendMail(m) {
        bSending();
        await bReleased;
        return b.transport.sendMail(m);
      },
    };
    let bPass: Promise<unknown> | undefined;
    const aTransport: MailTransport = {
      async sendMail() {
        await database.db.execute(
          sql`update email_outbox set locked_until = now() - interval '1 second' where id = ${id}`,
        );
        bPass = relayOnce(database.db, bTransport, { from: FROM });
        await bEntered;
        throw new Error("socket timeout");
      },
    };
    await relayOnce(database.db, aTransport, { from: FROM });
    // A's failure did not release B's claim: the row is still B's, no third relay may take it
    expect(await row(id)).toMatchObject({ status: "SENDING", attempts: 1 });
    expect((await relayOnce(database.db, recorder().transport, { from: FROM })).claimed).toBe(0);
    releaseB();
    await bPass;
    expect(await row(id)).toMatchObject({ status: "SENT", lastError: null });
    expect(b.sent.map((m) => m.messageId)).toEqual([outboxMessageId(id)]);
  });
});

describe("the claim while sending", () => {
  it("is renewed while a slow send runs (no other relay may take the row), and the send is then marked SENT", async () => {
    const id = await enqueue("slow-smtp@example.co.jp");
    const leases: number[] = [];
    let stolen = -1;
    let startedAt = 0;
    const transport: MailTransport = {
      async sendMail(m) {
        startedAt = Date.now();
        leases.push((await row(id)).lockedUntil!.getTime());
        await new Promise((r) => setTimeout(r, 5600)); // past one renewal
        leases.push((await row(id)).lockedUntil!.getTime());
        stolen = (await relayOnce(database.db, recorder().transport, { from: FROM })).claimed;
        return { messageId: m.messageId };
      },
    };
    expect((await relayOnce(database.db, transport, { from: FROM })).sent).toBe(1);
    expect(leases[1]!).toBeGreaterThan(leases[0]!);
    // the claim is short: seconds, not minutes
    expect(leases[0]! - startedAt).toBeLessThanOrEqual(LEASE_SECONDS * 1000 + 1000);
    expect(stolen).toBe(0);
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 0 });
  }, 20_000);
});

describe("startRelay", () => {
  const until = async (cond: () => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (!cond() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return cond();
  };

  it("sends what is due at start, sends at once when woken, and stops", async () => {
    const first = await enqueue("first@example.co.jp");
    const { sent, transport } = recorder();
    const relay = startRelay({ transport, db: () => database.db, from: FROM, intervalMs: 60_000 });
    try {
      expect(await until(() => sent.length === 1)).toBe(true);
      expect(sent[0]!.messageId).toBe(outboxMessageId(first));
      // the next poll is a minute away: only a wake sends the new mail now
      const second = await enqueue("second@example.co.jp");
      wakeRelay();
      expect(await until(() => sent.length === 2)).toBe(true);
      expect(sent[1]!.messageId).toBe(outboxMessageId(second));
    } finally {
      await relay.stop();
    }
    await enqueue("after-stop@example.co.jp");
    wakeRelay();
    await new Promise((r) => setTimeout(r, 200));
    expect(sent).toHaveLength(2);
  });

  it("stopping mid-batch finishes the mail being sent and gives the rest back for another relay at once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueue(`batch${i}@example.co.jp`));
    let relay: ReturnType<typeof startRelay> | undefined;
    let stopped: Promise<void> | undefined;
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      async sendMail(m) {
        // the process is told to stop while its first mail is on the wire
        stopped ??= relay!.stop();
        await new Promise((r) => setTimeout(r, 50));
        sent.push(m);
        return { messageId: m.messageId };
      },
    };
    relay = startRelay({ transport, db: () => database.db, from: FROM, intervalMs: 60_000 });
    expect(await until(() => stopped !== undefined)).toBe(true);
    await stopped;
    expect(sent).toHaveLength(1);
    const rows = await Promise.all(ids.map(row));
    expect(rows.filter((r) => r.status === "SENT")).toHaveLength(1);
    // given back, not left SENDING under a lease: another relay takes them now
    expect(rows.filter((r) => r.status === "PENDING" && r.lockedUntil === null)).toHaveLength(4);
    const other = recorder();
    expect((await relayOnce(database.db, other.transport, { from: FROM })).sent).toBe(4);
  });
});
