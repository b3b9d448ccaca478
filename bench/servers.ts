// Child process of `npm run bench`: one HTTP server, so the load generator never shares its event loop.
// Usage: node --import tsx bench/servers.ts <kind> [port]   (port 0 = any free port)
// Prints "BENCH_READY <port>" on stdout once listening; exits when its stdin closes (the parent is gone).
import { readFileSync } from "node:fs";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerKind, serverKinds } from "./scenarios";

/** The JSON document every "same bytes" server answers (written by the parent from GET /api/prefectures). */
function benchDocument(): unknown {
  const file = process.env.BENCH_BODY_FILE;
  if (!file) throw new Error("BENCH_BODY_FILE is not set");
  return JSON.parse(readFileSync(file, "utf8"));
}

const listeners: Record<Exclude<ServerKind, "api-large">, () => Promise<RequestListener>> = {
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

/** The API over large data: 10,000 suppliers and 100,000 inquiries (BENCH_* env to change). */
async function largeApi(): Promise<RequestListener> {
  const { openDatabase, setDatabase } = await import("@/server/db/client");
  const { seedMasterData } = await import("@/modules/master-data/master-data.service");
  const { register } = await import("@/modules/identity/identity.service");
  const { createApp } = await import("@/api/app");
  const { getRequestListener } = await import("@hono/node-server");
  const { seedLargeData } = await import("./large-data");
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: "memory" });
  await seedMasterData(database.db);
  setDatabase(database);
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
  const started = Date.now();
  await seedLargeData(database.db, {
    suppliers: Number(process.env.BENCH_SUPPLIERS ?? 10_000),
    buyers: 500,
    inquiries: Number(process.env.BENCH_INQUIRIES ?? 100_000),
    benchBuyer: { companyId: buyer.companyDetails!.id, userId: buyer.user.id },
    benchSupplierCompanyId: supplier.companyDetails!.id,
  });
  process.stderr.write(`large data seeded in ${Date.now() - started} ms\n`);
  return getRequestListener(createApp().fetch);
}

async function main() {
  const [kind, portArg = "0"] = process.argv.slice(2);
  if (!serverKinds.includes(kind as ServerKind)) {
    throw new Error(`unknown server kind "${kind}" (expected one of: ${serverKinds.join(", ")})`);
  }
  const listener =
    kind === "api-large" ? await largeApi() : await listeners[kind as Exclude<ServerKind, "api-large">]();
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
