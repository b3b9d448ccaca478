// Development aid: how many SQL queries a request ran and how long they took (QUERY_LOG=1 or
// LOG_LEVEL=debug). The driver is always wrapped, but counts only inside a scope that the API's
// request middleware opens when the counter is on; outside one a query costs one getStore() more.
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "@/env";

export interface QueryStats {
  count: number;
  /** Time spent waiting for query results (on PGlite this includes waiting for its one connection). */
  ms: number;
  /** The statements, when asked for (QUERY_LOG=sql): the first `statementChars` characters of each. */
  statements?: string[];
  /** 200 by default; a test that reads which tables a page touches keeps whole statements. */
  statementChars?: number;
}

const storage = new AsyncLocalStorage<QueryStats>();

/** Whether requests count their queries: never in production; QUERY_LOG=1 or sql, or debug logging. */
export function queryLogMode(): "off" | "count" | "sql" {
  const e = env();
  if (e.APP_ENV === "production") return "off";
  if (e.QUERY_LOG === "sql") return "sql";
  return e.QUERY_LOG === "1" || e.LOG_LEVEL === "debug" || e.LOG_LEVEL === "trace" ? "count" : "off";
}

export function newQueryStats(mode: "count" | "sql"): QueryStats {
  return { count: 0, ms: 0, ...(mode === "sql" ? { statements: [] } : {}) };
}

/** Runs fn with a fresh counter; every query it causes (even in transactions) is counted. */
export function withQueryStats<T>(stats: QueryStats, fn: () => T): T {
  return storage.run(stats, fn);
}

// The counter is taken when the query starts: a driver's callback may run in another async context.
function record(stats: QueryStats, started: number, text: unknown): void {
  stats.count += 1;
  stats.ms += performance.now() - started;
  if (stats.statements) {
    const sql = typeof text === "string" ? text : (text as { text?: string } | undefined)?.text;
    stats.statements.push((sql ?? "?").slice(0, stats.statementChars ?? 200));
  }
}

type Queryable = { query: (...args: never[]) => unknown };

/** Wraps `query` of a pg client or a PGlite instance (or transaction) to feed the current counter. */
export function instrumentQueries<T extends Queryable>(client: T): T {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]) => {
    const stats = storage.getStore();
    if (!stats) return original(...args);
    const started = performance.now();
    // pg's Pool calls client.query(text, values, callback).
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...a: unknown[]) => {
        record(stats, started, args[0]);
        return callback(...a);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      return (result as Promise<unknown>).then(
        (value) => {
          record(stats, started, args[0]);
          return value;
        },
        (err: unknown) => {
          record(stats, started, args[0]);
          throw err;
        },
      );
    }
    record(stats, started, args[0]);
    return result;
  };
  (client as unknown as { query: unknown }).query = wrapped;
  return client;
}
