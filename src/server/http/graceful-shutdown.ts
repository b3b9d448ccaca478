import type { Server } from "node:http";
import { Server as NetServer } from "node:net";

// Stopping without cutting anyone off: after the drain period (server.ts: readiness 503 while
// still serving, so that a balancer takes the process out first) the listener closes (new connections go to the
// other processes), requests already in progress run to their end, and a keep-alive connection
// is closed as soon as its response is done (Connection: close). An idle keep-alive connection is
// never closed by us while a proxy may be sending on it (that race cost a POST a 502 behind
// nginx): the proxy drops it first (its upstream keepalive_timeout, 4 s, is below our
// keepAliveTimeout, 5 s), or it carries one more request, answered with Connection: close.
// After `timeoutMs` whatever is left is cut.

/** Idle keep-alive connections live this long; a proxy in front must keep its own idle timeout below it. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** The drain period: SHUTDOWN_DRAIN_SECONDS, or 10 s in production and none in development. */
export function drainSecondsOf(e: { SHUTDOWN_DRAIN_SECONDS?: number; NODE_ENV: string }): number {
  return e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === "production" ? 10 : 0);
}

/** Counts the requests in progress (the shutdown log says how many it waited for). */
export function trackRequests(server: Server): () => number {
  let inFlight = 0;
  server.on("request", (_req, res) => {
    inFlight++;
    res.once("close", () => inFlight--);
  });
  return () => inFlight;
}

export async function closeGracefully(server: Server, timeoutMs: number): Promise<{ forced: boolean }> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (forced: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ forced });
    };
    const timer = setTimeout(() => {
      server.closeAllConnections();
      finish(true);
    }, timeoutMs);
    // net.Server's close: stop accepting and wait for the connections to end. (http.Server's
    // close would also close the idle keep-alive connections at once, mid-race with the proxy.)
    NetServer.prototype.close.call(server, () => finish(false));
  });
}
