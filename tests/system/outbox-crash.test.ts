import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { type Database, openDatabase } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { LEASE_SECONDS, outboxMessageId } from "@/server/email/relay";
import { registerUntilKilled } from "../support/load";
import { createTestDatabase, postgresUnreachable, type TestDatabase } from "../support/postgres";
import { freshDataDir, launchServer, ownDistDirs, removeDir, stopAll, tempDir } from "../support/server";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

// A crash between commit and send: the verification emails of registrations are committed in
// the registration's transaction (the outbox), the server is SIGKILLed before it sends them,
// and the next start sends each one exactly once.

process.env.AUTH_SECRET ??= "system-test-secret-system-test-secret-01";
const pgDown = await postgresUnreachable();

let sink: SmtpSink | undefined;
let slowSink: SmtpSink | undefined;
let dataDir: string | undefined;
let testDb: TestDatabase | undefined;
let handle: Database | undefined;
const dirs: string[] = [];
const dist = ownDistDirs("outbox", 2);
const distDirs = dist.dirs;

afterAll(async () => {
  await stopAll();
  await sink?.close();
  await slowSink?.close();
  removeDir(dataDir);
  await handle?.close();
  await testDb?.drop();
  for (const d of dirs) removeDir(d);
  dist.cleanup();
});

it("every email committed before a SIGKILL is sent exactly once after the restart", async () => {
  sink = await startSmtpSink();
  dataDir = await freshDataDir();
  // No SMTP_URL: the outbox keeps the mails, as a relay that had not reached them yet would.
  const first = await launchServer({ dataDir });
  const load = await registerUntilKilled(first, { loadMs: 2000, loops: 4 });
  expect(load.acknowledged.length).toBeGreaterThan(0);

  const second = await launchServer({ dataDir, smtpUrl: sink.url });
  for (const email of load.acknowledged) {
    await sink.waitFor((m) => m.envelopeTo.includes(email), 60_000);
  }
  await new Promise((r) => setTimeout(r, 3000)); // more relay passes: still no second copy
  const copies = new Map<string, number>();
  for (const m of sink.messages) for (const to of m.envelopeTo) copies.set(to, (copies.get(to) ?? 0) + 1);
  const wrong = load.acknowledged
    .filter((e) => copies.get(e) !== 1)
    .map((e) => `${e}: ${copies.get(e) ?? 0}`);
  console.log(
    `[system] outbox after SIGKILL: ${load.acknowledged.length} acknowledged registrations, ` +
      `${sink.messages.length} emails received after the restart (answers before the kill: ${JSON.stringify(load.statuses)})`,
  );
  expect(wrong).toEqual([]);
  expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(sink.messages.length);
  expect(await second.kill("SIGTERM")).toEqual({ code: 0, signal: null });
}, 240_000);

it.skipIf(pgDown !== undefined)(
  "two processes on PostgreSQL: the mail a SIGKILLed process had claimed is sent by the other within 30 s, none twice but the one it had on the wire",
  async () => {
    testDb = await createTestDatabase("wt_h_outbox");
    // a slow SMTP server (250 ms a message): a relay holds its claims for seconds, as in production
    slowSink = await startSmtpSink({ acceptDelayMs: 250 });
    const [a] = await Promise.all(
      distDirs.map((dist) => {
        const dir = tempDir();
        dirs.push(dir);
        return launchServer({
          dataDir: dir,
          databaseUrl: testDb!.url,
          smtpUrl: slowSink!.url,
          env: { NEXT_DIST_DIR: dist },
        });
      }),
    );
    handle = await openDatabase({ databaseUrl: testDb.url, migrate: false, poolSize: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(
        await enqueueEmail(handle.db, `burst${i}@example.co.jp`, {
          template: "verify-email",
          subject: "【OEMマッチ】メールアドレスの確認をお願いします",
          text: "本文",
          html: "<p>本文</p>",
        }),
      );
    }
    // Both relays claim a batch at their next poll; A dies a few mails into its batch, while a mail
    // is on the wire (100 ms into the server's 250 ms). Not in the few milliseconds between the
    // server's "accepted" and the SENT mark: a kill there sends that mail again, with the same
    // Message-ID (docs/reliability.md).
    const deadline = Date.now() + 30_000;
    const claimed = async () => {
      const r = await handle!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from email_outbox where status in ('SENDING', 'SENT')`,
      );
      return Number(r.rows[0]!.n);
    };
    // more than one batch (20) claimed or sent: both relays hold claims
    while ((slowSink.messages.length < 4 || (await claimed()) <= 20) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const seen = slowSink.messages.length;
    while (slowSink.messages.length === seen && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 100));
    expect(await a!.kill("SIGKILL")).toMatchObject({ signal: "SIGKILL" });
    const killedAt = Date.now();

    const wanted = new Set(ids.map(outboxMessageId));
    const delivered = () =>
      new Set(slowSink!.messages.map((m) => m.messageId).filter((id) => wanted.has(id!)));
    while (delivered().size < ids.length && Date.now() - killedAt < 30_000) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const allAfter = Date.now() - killedAt;
    await new Promise((r) => setTimeout(r, 3000)); // more relay passes: still no second copy
    const copies = new Map<string, number>();
    for (const m of slowSink.messages) copies.set(m.messageId!, (copies.get(m.messageId!) ?? 0) + 1);
    const [taken] = (
      await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from email_outbox where status = 'SENT' and attempts > 0`,
      )
    ).rows;
    console.log(
      `[system] outbox, SIGKILL mid-burst: ${delivered().size}/${ids.length} delivered ${allAfter} ms after the kill ` +
        `(lease ${LEASE_SECONDS} s); ${Number(taken!.n)} taken over from the killed process`,
    );
    expect(Number(taken!.n), "the killed process held claims").toBeGreaterThan(0);
    expect(delivered().size).toBe(ids.length);
    expect(allAfter).toBeLessThan(30_000);
    // The kill aims at a mail on the wire, but on a loaded machine it can land in the milliseconds
    // between the server's "accepted" and the SENT mark: the one window SMTP leaves open
    // (docs/reliability.md, as in proxy-topology.test.ts; a CI run saw it once here). The killed
    // relay sends one mail at a time, so at most one mail goes out twice, with the same
    // Message-ID, and its row shows the takeover (attempts ≥ 1).
    const twice = [...copies].filter(([, n]) => n > 1);
    expect(
      twice.length,
      twice.map(([id]) => `${id}: #${ids.map(outboxMessageId).indexOf(id)}`).join(", "),
    ).toBeLessThanOrEqual(1);
    for (const [messageId, n] of twice) {
      expect(n).toBe(2);
      const id = /^<outbox-(.+)@oem-match>$/.exec(messageId)?.[1] ?? "";
      const [row] = (
        await handle.db.execute<{ status: string; attempts: number }>(
          sql`select status, attempts from email_outbox where id = ${id}`,
        )
      ).rows;
      expect(row).toMatchObject({ status: "SENT" });
      expect(Number(row!.attempts)).toBeGreaterThanOrEqual(1);
    }
  },
  240_000,
);
