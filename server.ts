import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import next from "next";
import { createApp } from "@/api/app";
import { env } from "@/env";
import { bootDatabase } from "@/server/boot";
import { DataDirLockedError } from "@/server/db/lock";
import { logger } from "@/server/http/logger";
import { applyPageHeaders } from "@/server/http/page-headers";
import { startBackgroundWork } from "@/server/jobs/background";

// One process: /api/* goes to Hono, everything else to Next's request handler.
// The server listens as soon as the database is open: the API answers (and a restart after a
// crash is healthy) while Next is still preparing; page requests wait for it.
async function main() {
  const e = env();
  const dev = e.NODE_ENV !== "production";
  const nextApp = next({ dev, dir: process.cwd(), turbopack: dev });
  let pages: ReturnType<typeof nextApp.getRequestHandler> | undefined;
  const pagesReady = nextApp.prepare().then(() => {
    pages = nextApp.getRequestHandler();
    return pages;
  });
  pagesReady.catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
  const booted = await bootDatabase();
  const api = getRequestListener(createApp().fetch);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) return api(req, res);
    applyPageHeaders(req, res, dev);
    if (pages) return pages(req, res);
    void pagesReady.then((handle) => handle(req, res));
  });
  const stopBackground = startBackgroundWork();
  server.listen(e.PORT, e.HOST, () => {
    logger().info({ port: e.PORT, database: booted.database.kind }, "server started");
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

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger().info({ signal }, "shutting down");
    await stopBackground();
    server.close();
    server.closeAllConnections();
    await booted.database.close();
    process.exit(0);
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
