import { afterAll, expect, it } from "vitest";
import { registerUntilKilled } from "../support/load";
import { freshDataDir, launchServer, removeDir, stopAll } from "../support/server";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

// A crash between commit and send: the verification emails of registrations are committed in
// the registration's transaction (the outbox), the server is SIGKILLed before it sends them,
// and the next start sends each one exactly once.

let sink: SmtpSink | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await stopAll();
  await sink?.close();
  removeDir(dataDir);
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
