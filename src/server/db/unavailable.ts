// Errors that mean "the database cannot be reached right now", not "this request is wrong":
// the API answers them 503 with Retry-After (src/api/app.ts), never 500.

const CODES = new Set([
  // the socket: refused, cut, timed out, no route, no such host
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  // PostgreSQL: shutting down, crashed, starting up, connection exceptions, too many connections
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300",
]);

// node-postgres reports these without a code.
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Cannot use a pool after calling end on the pool/,
  /Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
];

/** True for a connection failure, also when wrapped (Drizzle's query error keeps it as `cause`). */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && CODES.has(e.code)) return true;
  if (typeof e.message === "string" && MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
