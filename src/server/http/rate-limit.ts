import { sql } from "drizzle-orm";
import { env } from "@/env";
import type { DbOrTx } from "@/server/db/client";
import { AppError } from "./errors";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
  /** The refusal in the product's words, given the wait (「5分」); a generic one otherwise. */
  message?: (wait: string) => string;
}

/**
 * Fixed-window counters in the database, so every app process shares them.
 * Keys name the client (ip, or ip + email): a stranger can never lock an account out.
 */
export async function enforceRateLimits(db: DbOrTx, limits: Limit[]): Promise<void> {
  if (env().RATE_LIMIT === "off") return;
  for (const limit of limits) {
    const result = await db.execute<{ count: number; reset_at: string }>(sql`
      insert into rate_limits (key, count, reset_at)
      values (${limit.key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now()
          then now() + make_interval(secs => ${limit.windowSeconds}) else rate_limits.reset_at end
      returning count, reset_at`);
    const row = result.rows[0];
    if (row && Number(row.count) > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
      const wait = formatWait(retryAfter);
      throw new AppError(
        "RATE_LIMITED",
        limit.message?.(wait) ?? `短時間に多くのリクエストがありました。${wait}後にもう一度お試しください。`,
        undefined,
        retryAfter,
      );
    }
  }
}

function formatWait(seconds: number): string {
  if (seconds >= 3600) {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.ceil((seconds % 3600) / 60);
    if (minutes === 60) return `${hours + 1}時間`;
    return minutes ? `${hours}時間${minutes}分` : `${hours}時間`;
  }
  return seconds >= 60 ? `${Math.ceil(seconds / 60)}分` : `${seconds}秒`;
}
