import { randomUUID } from "node:crypto";
import { type TrustProxy, trustsPeer } from "./forwarded";

// The id that ties a request's log lines together, on both sides of the proxy: nginx sets
// X-Request-Id to its $request_id and logs it; the app adopts it and logs it too. Only from a
// trusted proxy (TRUST_PROXY), though: a client reaching the app directly could otherwise choose
// the id of its log lines and audit rows (and collide with someone else's). Without a socket
// (app.request() in-process) the caller is this process itself.

/** Printable, no spaces or quotes: safe in a log line and a header. nginx's $request_id is 32 hex digits. */
const USABLE = /^[A-Za-z0-9._:@/+=-]{1,100}$/;

export function requestIdOf(
  peer: string | undefined,
  given: string | undefined | null,
  trust: TrustProxy,
): string {
  if (given && USABLE.test(given) && (peer === undefined || trustsPeer(trust, peer))) return given;
  return randomUUID();
}
