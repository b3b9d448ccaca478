import type { Server } from "node:http";

// Stopping without cutting anyone off: the listener closes at once (new connections go to the
// other processes), requests already in progress run to their end, and a keep-alive connection
// is closed as soon as its response is done. After `timeoutMs` whatever is left is cut.

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
      clearInterval(idle);
      clearTimeout(timer);
      resolve({ forced });
    };
    // a response that ends during the drain leaves its connection idle: close it
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const timer = setTimeout(() => {
      server.closeAllConnections();
      finish(true);
    }, timeoutMs);
    server.close(() => finish(false));
    server.closeIdleConnections();
  });
}
