// Child process of `npm run bench`: one HTTP server, so the load generator never shares its event loop.
// Usage: node --import tsx bench/servers.ts <kind> [port]   (port 0 = any free port)
// Prints "BENCH_READY <port>" on stdout once listening; exits when its stdin closes (the parent is gone).
import { readFileSync } from "node:fs";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerKind, serverKinds, siteKinds } from "./scenarios";

/** The JSON document every "same bytes" server answers (written by the parent from GET /api/prefectures). */
function benchDocument(): unknown {
  const file = process.env.BENCH_BODY_FILE;
  if (!file) throw new Error("BENCH_BODY_FILE is not set");
  return JSON.parse(readFileSync(file, "utf8"));
}

type LargeKind = "api-large" | "api-large-pg";
type OwnKind = Exclude<ServerKind, LargeKind | "ssr-pg" | "site-pg">;
const largeKinds: readonly string[] = ["api-large", "api-large-pg"] satisfies LargeKind[];

const listeners: Record<OwnKind, () => Promise<RequestListener>> = {
  // The baseline: what a hand-written node:http handler does per request (serialize, write).
  async bare() {
    const doc = benchDocument();
    return (_req, res) => {
      const body = JSON.stringify(doc);
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    };
  },

  // Diagnostic: Hono itself with no middleware, to separate framework cost from the app's own per-request work.
  async hono() {
    const doc = benchDocument();
    const { Hono } = await import("hono");
    const { getRequestListener } = await import("@hono/node-server");
    const app = new Hono();
    app.get("/", (c) => c.json(doc as object));
    return getRequestListener(app.fetch);
  },

  // The project's real API: createApp() on an in-memory, migrated, seeded PGlite.
  async api() {
    const { openDatabase, setDatabase } = await import("@/server/db/client");
    const { seedMasterData } = await import("@/modules/master-data/master-data.service");
    const { createApp } = await import("@/api/app");
    const { getRequestListener } = await import("@hono/node-server");
    const database = await openDatabase({ dataDir: "memory" });
    await seedMasterData(database.db);
    setDatabase(database);
    const app = createApp();
    // Diagnostic route: the app's middleware chain around a constant body, no database.
    // The body file is written after this server is up (from its own /api/prefectures), so read it lazily.
    let doc: object | undefined;
    app.get("/__bench/static", (c) => {
      doc ??= benchDocument() as object;
      return c.json(doc);
    });
    return getRequestListener(app.fetch);
  },
};

/**
 * The bench's PostgreSQL database is wiped (schemas public and drizzle) and migrated afresh, so its
 * name must say it is one: a typo must not empty the test or a real database.
 */
async function resetBenchDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/bench/i.test(name)) {
    throw new Error(
      `BENCH_DATABASE_URL names the database "${name}": the bench wipes it, so its name must contain "bench" (createdb bench)`,
    );
  }
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
  } finally {
    await client.end();
  }
}

/**
 * The API over large data: 10,000 suppliers, 100,000 inquiries and 1,000,000 entries on PostgreSQL
 * (100,000 on PGlite; BENCH_* env to change), on an in-memory PGlite ("api-large") or on the
 * PostgreSQL database of BENCH_DATABASE_URL ("api-large-pg"), with a bench buyer, a bench supplier
 * and a bench operator (all with the password bench-password-1).
 */
async function largeApi(kind: LargeKind): Promise<RequestListener> {
  const { openDatabase, setDatabase } = await import("@/server/db/client");
  const { seedMasterData } = await import("@/modules/master-data/master-data.service");
  const { register } = await import("@/modules/companies/company-registration.service");
  const { createOwnerAccount } = await import("@/modules/identity/owner-account.service");
  const { createApp } = await import("@/api/app");
  const { getRequestListener } = await import("@hono/node-server");
  const { seedLargeData } = await import("./large-data");
  const { seedDealData } = await import("./deal-data");
  const { seedCapabilityData } = await import("./capability-data");
  let database: Awaited<ReturnType<typeof openDatabase>>;
  if (kind === "api-large-pg") {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error("BENCH_DATABASE_URL is not set");
    await resetBenchDatabase(url);
    database = await openDatabase({ databaseUrl: url });
  } else {
    database = await openDatabase({ dataDir: "memory" });
  }
  await seedMasterData(database.db);
  setDatabase(database);
  // As server.ts does: the change notices that keep the kept reads (the recruits by fit) valid.
  const { startChangeFeed } = await import("@/server/db/change-feed");
  await startChangeFeed(database);
  const client = { ip: "127.0.0.1" };
  const body = (email: string) => ({
    email,
    password: "bench-password-1",
    name: "ベンチ 太郎",
    phone: "03-1234-5678",
    companyName: "ベンチマーク株式会社",
    department: undefined,
    companyNameKana: undefined,
    address: undefined,
    agreeToTerms: true as const,
  });
  const buyer = await register(database.db, "BUYER", body("bench-buyer@example.com"), client);
  const supplier = await register(database.db, "SUPPLIER", body("bench-supplier@example.com"), client);
  await createOwnerAccount(database.db, {
    email: "bench-owner@example.com",
    name: "ベンチ 運営",
    password: "bench-password-1",
  });
  const started = Date.now();
  await seedLargeData(database.db, {
    suppliers: Number(process.env.BENCH_SUPPLIERS ?? 10_000),
    buyers: 500,
    inquiries: Number(process.env.BENCH_INQUIRIES ?? 100_000),
    entries:
      kind === "api-large-pg"
        ? Number(process.env.BENCH_ENTRIES ?? 1_000_000)
        : Number(process.env.BENCH_PGLITE_ENTRIES ?? 100_000),
    benchBuyer: { companyId: buyer.companyDetails!.id, userId: buyer.user.id },
    benchSupplierCompanyId: supplier.companyDetails!.id,
  });
  // Issue 20: capabilities of the suppliers and requirements of half the bulk inquiries.
  const capabilities = await seedCapabilityData(database.db);
  process.stderr.write(
    `capabilities: ${capabilities.suppliers} suppliers, ${capabilities.certificates} certificates, ${capabilities.inquiries} inquiries\n`,
  );
  await seedDealData(database.db, {
    benchBuyer: { companyId: buyer.companyDetails!.id, userId: buyer.user.id },
    benchSupplierCompanyId: supplier.companyDetails!.id,
    everyNthEntry: 5,
  });
  // Issue 35: the orders (PostgreSQL only: its rows are the ones the order scenarios measure).
  if (kind === "api-large-pg") {
    const { seedOrderData } = await import("./order-data");
    await seedOrderData(database.db, {
      benchBuyer: { companyId: buyer.companyDetails!.id, userId: buyer.user.id },
      benchSupplierCompanyId: supplier.companyDetails!.id,
      orders: Number(process.env.BENCH_ORDERS ?? 100_000),
      benchBuyerOrders: Number(process.env.BENCH_BUYER_ORDERS ?? 20_000),
      quotedThreads: Number(process.env.BENCH_QUOTED_THREADS ?? 5_000),
    });
  }
  process.stderr.write(`large data seeded in ${Date.now() - started} ms (${database.kind})\n`);
  return getRequestListener(createApp().fetch);
}

async function main() {
  const [kind, portArg = "0"] = process.argv.slice(2);
  if (!serverKinds.includes(kind as ServerKind) || siteKinds.includes(kind as ServerKind)) {
    throw new Error(`unknown server kind "${kind}" (expected one of: ${serverKinds.join(", ")})`);
  }
  const listener = largeKinds.includes(kind!)
    ? await largeApi(kind as LargeKind)
    : await listeners[kind as OwnKind]();
  const server = createServer({ keepAliveTimeout: 30_000 }, listener);
  await new Promise<void>((resolve) => server.listen(Number(portArg), "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`BENCH_READY ${port}\n`);
}

// The parent holds our stdin open; when it closes (parent exited or was killed) there is nobody to serve.
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();
process.on("SIGTERM", () => process.exit(0));
process.on("SIGINT", () => process.exit(0));

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
