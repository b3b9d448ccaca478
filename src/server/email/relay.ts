import { sql } from "drizzle-orm";
import { env } from "@/env";
import { type Db, db as processDb } from "@/server/db/client";
import { logger } from "@/server/http/logger";
import { maskLinkTokens } from "./mask";
import * as repo from "./outbox.repository";
import type { MailTransport } from "./transport";

// Sends the outbox. Rows are claimed with one atomic UPDATE … FOR UPDATE SKIP LOCKED, so
// relays in several processes never claim the same row; the claim is a short lease whose
// exact end (truncated to ms) is the fencing token every later write of this relay checks.
// While a mail is on the wire the lease is renewed every few seconds: it lasts as long as the
// send really takes, so a live sender is never overtaken, and a dead one's mail is taken over
// by another process within LEASE_SECONDS (plus one poll).

export const MAX_ATTEMPTS = 8;
export const BATCH_SIZE = 20;
export const LEASE_SECONDS = 15;
const RENEW_EVERY_MS = 5000;
const LEASE = sql`date_trunc('milliseconds', now() + make_interval(secs => ${LEASE_SECONDS}))`;

export function outboxMessageId(id: string): string {
  return `<outbox-${id}@oem-match>`;
}

/** Seconds to wait after a failed attempt: 30 s × 2^attempts (attempts before this one), at most 1 h. */
export function backoffSeconds(previousAttempts: number): number {
  return Math.min(30 * 2 ** previousAttempts, 3600);
}

export interface RelayResult {
  claimed: number;
  sent: number;
  failed: number;
}

export interface RelayOptions {
  from?: string;
  batchSize?: number;
  /** Checked before each mail: once true, the rest of the batch is given back unsent. */
  stopping?: () => boolean;
}

type OutboxRow = repo.OutboxRow;

/** Claims the due rows (at most one batch), sends each and records the outcome. */
export async function relayOnce(
  db: Db,
  transport: MailTransport,
  opts: RelayOptions = {},
): Promise<RelayResult> {
  const rows = await claimDue(db, opts.batchSize ?? BATCH_SIZE);
  const from = opts.from ?? env().MAIL_FROM;
  const result: RelayResult = { claimed: rows.length, sent: 0, failed: 0 };
  for (const [i, row] of rows.entries()) {
    if (opts.stopping?.()) {
      await releaseClaims(db, rows.slice(i));
      break;
    }
    const outcome = await sendOne(db, transport, row, from);
    if (outcome === "sent") result.sent++;
    else if (outcome === "failed") result.failed++;
  }
  return result;
}

/** Marks up to `limit` due rows SENDING under a fresh lease and returns them; exported for tests. */
export async function claimDue(db: Db, limit: number): Promise<OutboxRow[]> {
  return repo.claimDueRows(db, limit, MAX_ATTEMPTS, LEASE);
}

/** Gives claimed rows back (a stopping process): the next relay sends them without waiting for the lease. */
export async function releaseClaims(db: Db, rows: OutboxRow[]): Promise<void> {
  for (const row of rows) await repo.releaseClaim(db, row.id, row.lockedUntil!);
}

async function sendOne(db: Db, transport: MailTransport, row: OutboxRow, from: string) {
  const log = logger();
  // A fresh lease right before the send: earlier mails of the batch may have taken a while.
  const renewed = await repo.renewLease(db, row.id, row.lockedUntil!, LEASE);
  if (!renewed) return "lost";
  let lease = renewed;
  const messageId = outboxMessageId(row.id);
  let info: { messageId?: string };
  // Renewals run one after another; the last one is awaited before the outcome is written.
  let renewing = Promise.resolve();
  const heartbeat = setInterval(() => {
    renewing = renewing
      .then(async () => {
        const next = await repo.renewLease(db, row.id, lease, LEASE);
        if (next) lease = next;
      })
      .catch(() => {}); // the database is away: the lease may run out, the outcome write will say
  }, RENEW_EVERY_MS);
  heartbeat.unref();
  try {
    info = await transport.sendMail({
      from,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody ?? undefined,
      messageId,
      headers: { "X-OEM-Template": row.template },
    });
  } catch (err) {
    clearInterval(heartbeat);
    await renewing;
    await recordFailure(db, row, lease, err);
    return "failed";
  }
  clearInterval(heartbeat);
  await renewing;
  // Outside the try: if this write fails the row stays SENDING, and after the lease it is
  // sent again with the same Message-ID (never marked FAILED although it went out).
  const done = await repo.markSent(db, row.id, lease, {
    // Sent: the stored copy no longer needs the live links (src/server/email/mask.ts).
    textBody: maskLinkTokens(row.textBody),
    htmlBody: row.htmlBody === null ? null : maskLinkTokens(row.htmlBody),
    messageId: info.messageId || messageId,
  });
  if (!done)
    log.warn({ outboxId: row.id }, "email sent after its claim ran out; another relay may resend it");
  return "sent";
}

async function recordFailure(db: Db, row: OutboxRow, lease: Date, err: unknown): Promise<void> {
  const log = logger();
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  const failed = await repo.markFailed(db, row.id, lease, message, backoffSeconds(row.attempts));
  if (!failed) return; // another relay owns the row by now
  if (failed.attempts >= MAX_ATTEMPTS) {
    log.error(
      { outboxId: row.id, attempts: failed.attempts, err: message },
      "email given up after the last attempt",
    );
  } else {
    log.warn(
      { outboxId: row.id, attempts: failed.attempts, retryAt: failed.nextAttemptAt, err: message },
      "email send failed",
    );
  }
}

export interface Relay {
  /** Runs a pass now instead of at the next poll (e.g. right after a commit that queued mail). */
  wake(): void;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

export interface StartRelayOptions extends RelayOptions {
  transport: MailTransport;
  /** The database; by default the process's handle. */
  db?: () => Db;
  intervalMs?: number;
}

const holder = globalThis as unknown as { __oemRelay?: Relay };

/** Wakes this process's relay, if one runs. Safe to call from anywhere, including Next's bundle. */
export function wakeRelay(): void {
  holder.__oemRelay?.wake();
}

/** Polls the outbox every 2 s (an indexed no-op UPDATE when nothing is due) until stopped; a full batch is followed at once by the next. */
export function startRelay(opts: StartRelayOptions): Relay {
  const intervalMs = opts.intervalMs ?? 2000;
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  const getDb = opts.db ?? processDb;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeAgain = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      running = pass().finally(() => {
        running = undefined;
      });
    }, ms);
    timer.unref();
  };

  const pass = async () => {
    wakeAgain = false;
    let full = false;
    try {
      const r = await relayOnce(getDb(), opts.transport, {
        from: opts.from,
        batchSize,
        stopping: () => stopped,
      });
      full = r.claimed >= batchSize;
      if (r.claimed) logger().info(r, "email relay pass");
    } catch (err) {
      logger().error({ err }, "email relay pass failed");
    }
    schedule(full || wakeAgain ? 0 : intervalMs);
  };

  const relay: Relay = {
    wake() {
      if (running) wakeAgain = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (holder.__oemRelay === relay) holder.__oemRelay = undefined;
      await running;
    },
  };
  holder.__oemRelay = relay;
  schedule(0);
  return relay;
}
