import type pg from "pg";
import { logger } from "@/server/http/logger";

// A database blip (PostgreSQL terminating the app's connections: a failover, a restart, an
// operator's pg_terminate_backend) must not fail a page or an API read (decision 0044). A
// statement sent through the pool on its own (not inside a transaction) that only reads, and
// whose connection was lost under it, is sent once more on a connection opened after the loss.
// Nothing else is sent again: a write whose connection was lost may have committed, so it fails
// (the API answers 503 with Retry-After); a transaction fails as a whole (it rolls back).

/**
 * An established connection that was cut: PostgreSQL ended the session (57P01 admin shutdown,
 * 57P02 crash shutdown), the socket was reset or closed, or node-postgres already knows the client
 * is dead. Not a connection that could not be opened (refused, timed out, too many clients, the
 * database starting up): then the database is unreachable, and trying again at once is no use.
 */
const LOST_CODES = new Set(["57P01", "57P02", "08003", "08006", "ECONNRESET", "EPIPE"]);
const LOST_MESSAGES = [
  /^Connection terminated unexpectedly/,
  /^Connection terminated$/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

export function isConnectionLost(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e.code === "string" && LOST_CODES.has(e.code)) return true;
  return typeof e.message === "string" && LOST_MESSAGES.some((m) => m.test(e.message as string));
}

const LEADING = /^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/|\()*/;
const WRITES =
  /\b(?:insert|update|delete|merge|truncate|into|for\s+(?:no\s+key\s+update|key\s+share|share))\b/i;
// Functions with an effect beyond the statement's result (a lock, a notice, a sequence, a setting).
const EFFECTS =
  /\b(?:pg_(?:try_)?advisory\w*|pg_notify|nextval|setval|set_config|pg_terminate_backend|pg_cancel_backend|lo_\w+|dblink\w*)\s*\(/i;

/**
 * Whether a statement only reads: it begins with SELECT (or WITH, VALUES, TABLE, SHOW), names no
 * data-modifying command, no locking clause, no SELECT INTO and no function with a side effect.
 * In doubt it is not a read (it is then not sent twice).
 */
export function isReadOnlyStatement(text: string): boolean {
  const body = text.replace(LEADING, "");
  if (!/^(?:select|with|values|table|show)\b/i.test(body)) return false;
  return !WRITES.test(body) && !EFFECTS.test(body);
}

function statementText(config: unknown): string | undefined {
  if (typeof config === "string") return config;
  const text = (config as { text?: unknown } | null | undefined)?.text;
  return typeof text === "string" ? text : undefined;
}

// Reads sent again since the process started (metrics and tests); on globalThis, as the feed's state.
const counter = globalThis as unknown as { __oemReadRetries?: number };
export function readRetries(): number {
  return counter.__oemReadRetries ?? 0;
}

/**
 * Wraps `pool.query` (what Drizzle calls for every statement outside a transaction) with the rule
 * above. The second try runs on a client the pool opened after the loss was seen: clients opened
 * before it that the pool hands out are closed instead (after pg_terminate_backend every one of them
 * is dead, but the pool learns it only when its error arrives).
 */
export function retryLostReads(pool: pg.Pool): void {
  let opened = 0;
  const birth = new WeakMap<pg.PoolClient, number>();
  pool.on("connect", (client) => {
    birth.set(client as pg.PoolClient, ++opened);
  });
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;

  const onFreshClient = async (lostAt: number, args: unknown[]): Promise<unknown> => {
    const max = pool.options.max ?? 10;
    for (let closed = 0; ; closed++) {
      const client = await pool.connect();
      if ((birth.get(client) ?? 0) <= lostAt && closed < max) {
        client.release(true);
        continue;
      }
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
    }
  };

  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    // pg's callback form is not Drizzle's; it is left as it is
    if (typeof args[args.length - 1] === "function") return query(...args);
    const text = statementText(args[0]);
    if (text === undefined || !isReadOnlyStatement(text)) return query(...args);
    return query(...args).catch((err: unknown) => {
      if (!isConnectionLost(err)) throw err;
      counter.__oemReadRetries = readRetries() + 1;
      logger().warn(
        { code: (err as { code?: string }).code, message: (err as Error).message },
        "database: a read lost its connection; sent again on a new one",
      );
      return onFreshClient(opened, args);
    });
  };
}
