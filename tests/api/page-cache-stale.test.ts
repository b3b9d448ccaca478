// Issue 34: "one process cut from the database serves 500 on supplier pages (the kept copy is
// dropped when change notices stop)". Here the process reaches PostgreSQL through a TCP relay of
// the test's own, which the test cuts (every connection reset, new ones refused) and restores: the
// database itself, shared by other files, is never stopped. The wiring is server.ts's (page-stale
// decides), in front of a stand-in for Next that renders the supplier page from its real loader,
// so a render while the database is unreachable fails as Next's would (500). PostgreSQL only: an
// embedded PGlite cannot become unreachable.
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { connect, createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/env";
import { getPublicSupplier } from "@/modules/companies/supplier-directory.service";
import { changesSeen, feedLive, startChangeFeed } from "@/server/db/change-feed";
import { type Database, db, getDatabase, openDatabase, setDatabase } from "@/server/db/client";
import {
  keptPage,
  pageCacheCounts,
  pageCacheKey,
  renderAndKeep,
  renderNonce,
  serveKeptPage,
} from "@/server/http/page-cache";
import { applyPageHeaders } from "@/server/http/page-headers";
import { mayServeStale, resetDatabaseProbe, staleCopy } from "@/server/http/page-stale";
import { type Account, registerVerified } from "../factories/accounts";

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A TCP relay to PostgreSQL that can be cut (resets and refusals) and restored on the same port. */
class Relay {
  private server: TcpServer | undefined;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private target: { host: string; port: number }) {}
  async open(): Promise<void> {
    const server = createTcpServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((r) => server.listen(this.port, "127.0.0.1", r));
    this.port = (server.address() as AddressInfo).port;
  }
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.resetAndDestroy();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  }
}

let original: Database;
let relayed: Database;
let relay: Relay;
let stopFeed: () => Promise<void>;
let site: Server;
let origin: string;
let supplier: Account;
let other: Account;

beforeAll(async () => {
  if (!onPostgres) return;
  supplier = await registerVerified("SUPPLIER", { companyName: "株式会社停止時表示工業" });
  other = await registerVerified("SUPPLIER", { companyName: "株式会社停止時変更工業" });
  original = getDatabase();
  const url = new URL(String(original.pool!.options.connectionString));
  relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
  await relay.open();
  url.host = `127.0.0.1:${relay.port}`;
  relayed = await openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 4 });
  setDatabase(relayed);
  // This process's feed listens through the relay too: cutting it is what a blip does.
  stopFeed = await startChangeFeed(relayed);
  setEnvForTests({ PAGE_CACHE_STALE_SECONDS: 300 });

  // server.ts's wiring; the page is the supplier page's real loader, or Next's 500 when it throws.
  site = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const key = pageCacheKey(req);
    const kept = key ? keptPage(key) : undefined;
    const page = (found: typeof kept, state: "HIT" | "STALE") => {
      const nonce = applyPageHeaders(req, res, false, false, key && !found ? renderNonce() : undefined);
      if (found) return serveKeptPage(found, req, res, state);
      const render = async () => {
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        try {
          const s = await getPublicSupplier(db(), String(req.url).split("/").pop()!);
          res.end(`<html><body>${s.name} ${s.description ?? ""}</body></html>`);
        } catch {
          res.statusCode = 500;
          res.end("<html><body>エラーが発生しました</body></html>");
        }
      };
      void (key ? renderAndKeep(key, req, res, nonce, render) : render());
    };
    if (key && !kept && mayServeStale(key)) return void staleCopy(key).then((stale) => page(stale, "STALE"));
    page(kept, "HIT");
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (!onPostgres) return;
  await new Promise<void>((r) => site.close(() => r()));
  await stopFeed();
  await relayed.close().catch(() => undefined);
  await relay.cut();
  setDatabase(original);
  resetEnvForTests();
  resetDatabaseProbe();
});

async function visit(path: string): Promise<{ status: number; cache: string | null; body: string }> {
  const res = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, cache: res.headers.get("x-page-cache"), body: await res.text() };
}

async function until(what: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!onPostgres)("a kept page while the database cannot be reached (decision 0040)", () => {
  it("serves the kept copy marked STALE, never one a notice invalidated, and renders again once it is back", async () => {
    const page = `/oem/company/${supplier.companyId}`;
    const changed = `/oem/company/${other.companyId}`;
    await changesSeen(db());
    for (const p of [page, changed]) {
      expect((await visit(p)).cache).toBe("MISS");
      expect((await visit(p)).cache).toBe("HIT");
    }
    const kept = await visit(page);
    expect(kept.body).toContain("株式会社停止時表示工業");
    // The other supplier changes: its copy must never be served again, stale or not.
    await db().execute(sql`update companies set description = '変更後の説明' where id = ${other.companyId}`);
    await changesSeen(db());
    const servedBefore = pageCacheCounts().staleServed;

    await relay.cut();
    resetDatabaseProbe();
    await until(() => !feedLive());
    const down = await visit(page);
    expect(down.status, down.body).toBe(200);
    expect(down.cache).toBe("STALE");
    expect(down.body).toBe(kept.body);
    expect(down.body).toContain("株式会社停止時表示工業");
    expect(pageCacheCounts().staleServed).toBe(servedBefore + 1);
    const invalidated = await visit(changed);
    expect(invalidated.cache).toBe("MISS");
    expect(invalidated.status).toBe(500);

    await relay.open();
    resetDatabaseProbe();
    await until(feedLive);
    const back = await visit(page);
    expect(back.cache).toBe("MISS");
    expect(back.status).toBe(200);
    expect((await visit(page)).cache).toBe("HIT");
    expect((await visit(changed)).body).toContain("変更後の説明");
  });

  it("renders (MISS), not STALE, while the feed is down but the database answers", async () => {
    const page = `/oem/company/${supplier.companyId}`;
    await visit(page);
    expect((await visit(page)).cache).toBe("HIT");
    // Only the feed's own connection is ended; the pool still reaches the database.
    await original.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'oem-change-feed' and datname = current_database()`,
    );
    await until(() => !feedLive());
    resetDatabaseProbe();
    const res = await visit(page);
    expect(res.status).toBe(200);
    expect(res.cache).toBe("MISS");
    await until(feedLive);
  });
});
