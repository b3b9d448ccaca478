import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import compression from "compression";
import { createApp } from "@/api/app";
import { env } from "@/env";
import { flushPageViews, pendingPageViews } from "@/modules/companies/page-views";
import { CLIENT_IP_HEADER, countView, pageVisitorOf } from "@/modules/companies/supplier-directory.service";
import { bootDatabase } from "@/server/boot";
import { startChangeFeed } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/lock";
import { newQueryStats, type QueryStats, queryLogMode, withQueryStats } from "@/server/db/query-stats";
import { deferPageScripts } from "@/server/http/defer-scripts";
import { resolveClient, trustProxyWarning } from "@/server/http/forwarded";
import {
  closeGracefully,
  drainSecondsOf,
  KEEP_ALIVE_TIMEOUT_MS,
  trackRequests,
} from "@/server/http/graceful-shutdown";
import { setShuttingDown } from "@/server/http/lifecycle";
import { logger } from "@/server/http/logger";
import { metricsResponse, recordRequest } from "@/server/http/metrics";
import {
  type KeptPage,
  keptPage,
  pageCacheKey,
  renderAndKeep,
  renderNonce,
  serveKeptPage,
  supplierOfPage,
} from "@/server/http/page-cache";
import { applyPageHeaders } from "@/server/http/page-headers";
import { pageRoute } from "@/server/http/page-routes";
import { mayServeStale, staleCopy } from "@/server/http/page-stale";
import { requestIdOf } from "@/server/http/request-id";
import { startBackgroundWork } from "@/server/jobs/background";
import { getStorage } from "@/server/storage/storage";

type PageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Loads and prepares Next (a second or more): started once the API is already answering. */
async function preparePages(dev: boolean): Promise<PageHandler> {
  const { default: next } = await import("next");
  const nextApp = next({ dev, dir: process.cwd(), turbopack: dev });
  await nextApp.prepare();
  return nextApp.getRequestHandler();
}

const pageQueries = new WeakMap<IncomingMessage, QueryStats>();

/** Development (QUERY_LOG=1): a page request's SQL count and time in its log line, as the API's are. */
function countingQueries(handle: PageHandler, mode: "count" | "sql"): PageHandler {
  return (req, res) => {
    const stats = newQueryStats(mode);
    pageQueries.set(req, stats);
    return withQueryStats(stats, () => handle(req, res));
  };
}

/** The client's address, as the API resolves it: the pages read it from CLIENT_IP_HEADER. */
function clientIpOf(req: IncomingMessage): string {
  return resolveClient(
    req.socket.remoteAddress ?? "unknown",
    {
      forwardedFor: req.headers["x-forwarded-for"]?.toString(),
      forwardedProto: req.headers["x-forwarded-proto"]?.toString(),
    },
    env().TRUST_PROXY,
  ).ip;
}

/** One JSON line per page request, as the API writes for its own (src/api/app.ts); Next's assets are left out. */
function logPageRequest(req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  const requestId = requestIdOf(
    req.socket.remoteAddress ?? "unknown",
    req.headers["x-request-id"]?.toString(),
    env().TRUST_PROXY,
  );
  res.setHeader("X-Request-Id", requestId);
  res.once("finish", () => {
    // by route pattern ("/oem/company/[id]"), as the API's are: one label per page, not per URL
    const route = pageRoute(req.url ?? "/");
    recordRequest(req.method ?? "GET", route, res.statusCode, (performance.now() - started) / 1000);
    if (route === "(next asset)") return;
    const stats = pageQueries.get(req);
    logger().info(
      {
        requestId,
        method: req.method,
        path: req.url,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        ip: req.headers[CLIENT_IP_HEADER],
        ...(stats
          ? {
              queries: stats.count,
              dbMs: Math.round(stats.ms * 10) / 10,
              ...(stats.statements ? { sql: stats.statements } : {}),
            }
          : {}),
      },
      "page",
    );
  });
}

/** A supplier page served from the cache counts its view as its render would have (signed out). */
function noteSupplierPageView(req: IncomingMessage): void {
  const companyId = supplierOfPage(req.url ?? "/");
  if (companyId)
    countView(
      companyId,
      pageVisitorOf((name) => req.headers[name]?.toString(), null),
    );
}

async function serveMetrics(req: IncomingMessage, res: ServerResponse) {
  try {
    const r = await metricsResponse(req.headers.authorization);
    res.writeHead(r.status, { "Content-Type": r.contentType, "Cache-Control": "no-store" }).end(r.body);
  } catch (err) {
    logger().error({ err }, "metrics failed");
    res
      .writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" })
      .end("Unavailable\n");
  }
}

/** A hop count trusted while listening everywhere: anyone reaching the port forges X-Forwarded-For. */
function warnIfProxyTrustIsOpen() {
  const message = trustProxyWarning(env().TRUST_PROXY, env().HOST);
  if (!message) return;
  logger().warn(message);
  console.warn(`\n  Warning: ${message}`);
}

/** PostgreSQL means other processes may serve the same site: a file on this disk is 404 on theirs. */
function warnIfUploadsAreLocal(database: "pglite" | "postgres") {
  if (database !== "postgres" || getStorage().kind !== "local") return;
  const message =
    `Uploads are stored on this machine's disk (${env().dataDir}/uploads) while the database is PostgreSQL: ` +
    "several app processes need S3-compatible storage (S3_*) or one directory shared by all of them as DATA_DIR/uploads, " +
    "or an image uploaded through one process is missing on the others (npm run storage:migrate copies the files to S3).";
  logger().warn(message);
  console.warn(`\n  Warning: ${message}`);
}

// One process: /api/* goes to Hono, everything else to Next's request handler.
// The server listens as soon as the database is open, and only then loads Next: after a crash
// the API is back (healthy) without waiting for Next; page requests wait for it.
async function main() {
  const e = env();
  const dev = e.NODE_ENV !== "production";
  const https = e.APP_URL.startsWith("https:");
  const cachePages = !dev && e.PAGE_CACHE === "on";
  const booted = await bootDatabase();
  // Change notices from every process (the kept reads: src/server/db/change-feed.ts).
  const stopChangeFeed = await startChangeFeed(booted.database);
  const api = getRequestListener(createApp().fetch);
  let pages: PageHandler | undefined;
  let pagesReady: Promise<PageHandler> | undefined;
  // Compression of pages happens here, after the script rewrite (Next's own is off: next.config.ts).
  const compress = compression();

  // Set once the drain period is over and the listener closes (see shutdown below).
  let closing = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Once the listener is closed, a keep-alive client is told to open its next connection
    // elsewhere. Not during the drain period: a proxy reusing its idle connections opens few new
    // ones, and a new connection still queued when the listener closes would be reset.
    if (closing) res.setHeader("Connection", "close");
    const url = req.url ?? "/";
    if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) return api(req, res);
    if (url === "/metrics" || url.startsWith("/metrics?")) return void serveMetrics(req, res);
    req.headers[CLIENT_IP_HEADER] = clientIpOf(req);
    logPageRequest(req, res);
    // A public page of a signed-out visitor: served as kept, or rendered and kept (page-cache.ts).
    const key = cachePages ? pageCacheKey(req) : undefined;
    const kept = key ? keptPage(key) : undefined;
    // The database may be down: the last copy kept, while it cannot be reached (page-stale.ts).
    if (key && !kept && mayServeStale(key))
      return void staleCopy(key).then((stale) => page(req, res, key, stale, "STALE"));
    page(req, res, key, kept, "HIT");
  });
  const page = (
    req: IncomingMessage,
    res: ServerResponse,
    key: string | undefined,
    kept: KeptPage | undefined,
    state: "HIT" | "STALE",
  ) => {
    const nonce = applyPageHeaders(req, res, dev, https, key && !kept ? renderNonce() : undefined);
    if (kept) {
      noteSupplierPageView(req);
      return serveKeptPage(kept, req, res, state);
    }
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      const render = () => {
        if (!dev) deferPageScripts(res);
        if (pages) return pages(req, res);
        return pagesReady?.then((handle) => handle(req, res));
      };
      void (key ? renderAndKeep(key, req, res, nonce, render) : render());
    });
  };
  const inFlight = trackRequests(server);
  const stopBackground = startBackgroundWork();
  // explicit, because proxies' upstream keep-alive timeouts are set below it (deploy/*.conf)
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.listen(e.PORT, e.HOST, () => {
    const queryLog = queryLogMode();
    pagesReady = preparePages(dev).then((handle) => {
      pages = queryLog === "off" ? handle : countingQueries(handle, queryLog);
      return pages;
    });
    pagesReady.catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
    logger().info({ port: e.PORT, database: booted.database.kind }, "server started");
    warnIfUploadsAreLocal(booted.database.kind);
    warnIfProxyTrustIsOpen();
    console.log(
      `\n  OEMマッチ: ${e.APP_URL}  (database: ${booted.database.kind === "pglite" ? `embedded PGlite in ${e.dataDir}` : "PostgreSQL"})`,
    );
    if (booted.demoLogins.length) {
      console.log("\n  Demo logins (password for all is shown beside each):");
      for (const l of booted.demoLogins)
        console.log(`    ${l.role.padEnd(28)} ${l.email.padEnd(36)} ${l.password}`);
    }
    console.log("");
  });

  // SIGTERM: not ready (the probe answers 503) while still accepting and serving for the drain
  // period (SHUTDOWN_DRAIN_SECONDS: the balancer takes the process out meanwhile), then no new
  // connections, requests in progress finish (up to SHUTDOWN_TIMEOUT_SECONDS), the relay gives
  // back the mail it claimed, logs are flushed, and only then is the pool closed: nothing still
  // running meets a closed pool. A second signal (Ctrl-C twice) cuts the drain period short.
  let stopping = false;
  let endDrain = () => {};
  const shutdown = async (signal: string) => {
    if (stopping) return endDrain();
    stopping = true;
    setShuttingDown();
    const log = logger();
    const drainSeconds = drainSecondsOf(e);
    if (drainSeconds > 0) {
      log.info(
        { signal, drainSeconds },
        "shutting down: not ready, still serving while the balancer takes this process out",
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainSeconds * 1000);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    closing = true;
    log.info({ signal, inFlight: inFlight() }, "shutting down: finishing requests in progress");
    const drained = closeGracefully(server, e.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    const background = stopBackground();
    const { forced } = await drained;
    await background;
    if (forced) log.warn({ cut: inFlight() }, "shutdown timeout: requests still in progress were cut");
    // The page views noted since the last flush, including those of the requests just finished.
    const views = pendingPageViews();
    await flushPageViews(db()).catch((err: unknown) =>
      log.error({ err, views }, "page views lost at shutdown"),
    );
    await stopChangeFeed();
    await booted.database.close();
    log.info({ forced }, "stopped");
    setTimeout(() => process.exit(0), 1000); // in case the flush never calls back
    log.flush(() => process.exit(0));
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) {
    console.error(`\n  Cannot start: ${err.message}\n`);
    process.exit(75);
  }
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
