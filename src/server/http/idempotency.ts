import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "@/server/db/client";
import { AppError } from "./errors";

// Writes a double click or a retry must not repeat (purchases, plan applications, inquiries)
// require an Idempotency-Key. The key is stored with a hash of the request in the same
// transaction as the write: a retry gets the first answer, a reused key with another body 422
// (Stripe's rule), and two simultaneous requests with one key make one record (primary key).

/** The field name of its errors: the parameter name of the OpenAPI document. */
export const IDEMPOTENCY_HEADER = "idempotency-key";

const MISSING =
  "送信の識別キー（Idempotency-Key）がありません。ページを再読み込みしてから、もう一度送信してください。";
const MALFORMED = "送信の識別キー（Idempotency-Key）は8〜100文字の英数字・記号で指定してください。";
const REUSED =
  "この送信の識別キー（Idempotency-Key）は別の内容の送信に使われています。ページを再読み込みしてから、もう一度送信してください。";

/** The request's Idempotency-Key; `required` refuses a request without one (422 naming the header). */
export function idempotencyKeyOf(c: Context, required: true): string;
export function idempotencyKeyOf(c: Context, required?: boolean): string | undefined;
export function idempotencyKeyOf(c: Context, required = false): string | undefined {
  const key = c.req.header("idempotency-key");
  if (key === undefined || key === "") {
    if (!required) return undefined;
    throw new AppError("VALIDATION_FAILED", MISSING, { [IDEMPOTENCY_HEADER]: MISSING });
  }
  if (!/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError("VALIDATION_FAILED", MALFORMED, { [IDEMPOTENCY_HEADER]: MALFORMED });
  }
  return key;
}

export interface IdempotentCall {
  /** The operation and who calls it: one key never answers another user or operation. */
  scope: string;
  key: string;
  /** The validated request body; its hash is stored with the key. */
  request: unknown;
}

/**
 * Runs `write` once per key, in one transaction with the stored key; a retry with the same body
 * answers the stored result (`replayed`), a different body is refused with 422.
 */
export async function runIdempotent<T>(
  db: Db,
  call: IdempotentCall,
  write: (tx: Db) => Promise<T>,
): Promise<{ replayed: boolean; body: T }> {
  const hash = createHash("sha256")
    .update(JSON.stringify(call.request ?? null))
    .digest("hex");
  return db.transaction(async (tx) => {
    // A concurrent request with the same key waits here until the first one commits or rolls back.
    const claimed = await tx.execute(sql`
      insert into idempotency_keys (scope, key, request_hash, status, body)
      values (${call.scope}, ${call.key}, ${hash}, 0, 'null'::jsonb)
      on conflict do nothing
      returning key`);
    if (claimed.rows.length === 0) {
      const stored = await tx.execute<{ request_hash: string; body: unknown }>(sql`
        select request_hash, body from idempotency_keys where scope = ${call.scope} and key = ${call.key}`);
      const row = stored.rows[0];
      if (!row || row.request_hash !== hash) {
        throw new AppError("VALIDATION_FAILED", REUSED, { [IDEMPOTENCY_HEADER]: REUSED });
      }
      return { replayed: true, body: row.body as T };
    }
    // A transaction offers the same query API as the handle; nested transactions become savepoints.
    const body = await write(tx as unknown as Db);
    await tx.execute(sql`
      update idempotency_keys set status = 200, body = ${JSON.stringify(body)}::jsonb
      where scope = ${call.scope} and key = ${call.key}`);
    return { replayed: false, body };
  });
}
