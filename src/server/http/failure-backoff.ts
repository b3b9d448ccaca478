import { sql } from "drizzle-orm";
import { env } from "@/env";
import type { DbOrTx } from "@/server/db/client";
import { AppError } from "./errors";

// Exponential backoff on failed sign-ins, kept in the rate_limits table so every process shares it.
// Keys always name the client's address (alone, or with the account): failures slow down the
// address that fails, never the account's owner signing in from elsewhere, and nothing site-wide.
//
// A row counts the attempts not yet proven right (an attempt counts before its password is
// checked, so parallel guesses cannot all pass one check); `reset_at` is the last counted attempt
// plus FORGET, after which the count starts again. After `free` failures each further attempt
// must wait 2^(count - free + 1) s after the last one (2, 4, 8 … s), at most MAX_WAIT.

export interface Backoff {
  key: string;
  /** Failures allowed before the first wait. */
  free: number;
}

const FORGET_SECONDS = 60 * 60;
const MAX_WAIT_SECONDS = 15 * 60;

/**
 * Counts this attempt against every key, or throws 429 with Retry-After if a key is still waiting
 * (the waiting attempt is not counted: it checks no password).
 */
export async function beginAttempt(db: DbOrTx, keys: Backoff[], message: string): Promise<void> {
  if (env().RATE_LIMIT === "off") return;
  for (const { key, free } of keys) {
    // An attempt that is let through sets reset_at to exactly now() + FORGET (now() is this
    // statement's transaction start), so a different reset_at means the row was left waiting.
    const result = await db.execute<{ waiting: boolean; retry_after: number }>(sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${FORGET_SECONDS}))
      on conflict (key) do update set
        count = case
          when ${waitingRow(free)} then rate_limits.count
          when rate_limits.reset_at <= now() then 1
          else rate_limits.count + 1 end,
        reset_at = case
          when ${waitingRow(free)} then rate_limits.reset_at
          else now() + make_interval(secs => ${FORGET_SECONDS}) end
      returning
        reset_at <> now() + make_interval(secs => ${FORGET_SECONDS}) as waiting,
        ceil(extract(epoch from ${waitEnd(free)} - now()))::int as retry_after`);
    const row = result.rows[0];
    if (row?.waiting) {
      const retryAfter = Math.max(1, Number(row.retry_after));
      throw new AppError(
        "RATE_LIMITED",
        `${message}${formatWait(retryAfter)}後にもう一度お試しください。`,
        undefined,
        retryAfter,
      );
    }
  }
}

/** The attempt was right: the address + account starts afresh, and the address gets its attempt back. */
export async function attemptSucceeded(db: DbOrTx, clearKey: string, refundKeys: string[]): Promise<void> {
  if (env().RATE_LIMIT === "off") return;
  await db.execute(sql`delete from rate_limits where key = ${clearKey}`);
  for (const key of refundKeys) {
    await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
  }
}

/** When the row's address may try again (in the update: the existing row; in returning: the new one). */
function waitEnd(free: number) {
  return sql`rate_limits.reset_at - make_interval(secs => ${FORGET_SECONDS})
    + make_interval(secs => least(power(2, rate_limits.count - ${free} + 1), ${MAX_WAIT_SECONDS}))`;
}

function waitingRow(free: number) {
  return sql`(rate_limits.count >= ${free} and ${waitEnd(free)} > now())`;
}

function formatWait(seconds: number): string {
  return seconds >= 60 ? `${Math.ceil(seconds / 60)}分` : `${seconds}秒`;
}
