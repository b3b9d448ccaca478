// `npm run bench`: starts each server in its own child process, loads it with autocannon from this
// process, prints a table and writes bench/results/latest.json and the table in docs/benchmarks.md.
// Env: BENCH_DURATION (s, default 8), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 50),
// BENCH_PIPELINING (default 1), BENCH_ONLY (comma-separated substrings of scenario names or databases),
// BENCH_DATABASE_URL (a PostgreSQL database the bench may wipe, for the PostgreSQL rows),
// BENCH_NEXT_DIST_DIR (the production build server.ts renders the SSR rows with, default .next-bench).
// Besides the rows: the API process's resident memory under 30 concurrent 9 MB downloads
// (bench/download-memory.ts; BENCH_ONLY=download runs it with the baseline alone).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  DOWNLOAD_MEMORY_NAME,
  DOWNLOAD_MEMORY_TARGET_MB,
  formatDownloadMemory,
  measureDownloadMemory,
} from "./download-memory";
import {
  formatContext,
  formatTable,
  machineInfo,
  type Report,
  type Row,
  type Settings,
  updateDocs,
  writeJson,
} from "./report";
import {
  databaseOf,
  type RequestSpec,
  type Scenario,
  type ServerKind,
  scenarios,
  siteKinds,
} from "./scenarios";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return n;
}

const settings: Settings = {
  warmupSeconds: numberFromEnv("BENCH_WARMUP", 2),
  durationSeconds: numberFromEnv("BENCH_DURATION", 8),
  connections: Math.round(numberFromEnv("BENCH_CONNECTIONS", 50)),
  pipelining: Math.round(numberFromEnv("BENCH_PIPELINING", 1)),
};

// ------------------------------------------------------------------ child servers

interface Running {
  kind: ServerKind;
  child: ChildProcess;
  baseUrl: string;
}

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

function cleanup(): void {
  for (const child of children) {
    // a profiled server writes its profile only when it exits by itself
    if (child.exitCode === null && child.signalCode === null)
      child.kill(process.env.BENCH_CPU_PROF ? "SIGTERM" : "SIGKILL");
  }
  children.clear();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const nextDistDir = process.env.BENCH_NEXT_DIST_DIR || ".next-bench";
/** The site servers' /metrics token: the page-cache rows read their hit rate there. */
const METRICS_TOKEN = `bench-metrics-${process.pid}-0123456789`;

/** page_cache_requests_total of a site server, by result. */
async function pageCacheCounts(baseUrl: string): Promise<Record<string, number>> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(/^page_cache_requests_total\{result="(\w+)"\} (\d+)/gm))
    counts[m[1]!] = Number(m[2]);
  return counts;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function spawnChild(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; stderr: () => string } {
  // BENCH_CPU_PROF=DIR: each server writes a V8 CPU profile there when it exits (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", ...args], {
    cwd: root,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.add(child);
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  return { child, stderr: () => stderr };
}

/**
 * The project's own server.ts (Next pages and the API in one process), in production mode with the
 * build in BENCH_NEXT_DIST_DIR, on the PostgreSQL database "api-large-pg" has filled. Ready once it
 * answers GET /api/prefectures.
 */
async function startSite(kind: ServerKind, extraEnv: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, stderr } = spawnChild([path.join(root, "server.ts")], {
    ...process.env,
    ...extraEnv,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    NEXT_DIST_DIR: nextDistDir,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: baseUrl,
    SEED_DEMO: "never",
    PAGE_CACHE: kind === "site-pg" ? "on" : "off",
    METRICS_TOKEN,
  });
  child.stdout?.resume();
  let exited: string | undefined;
  child.on("exit", (code, signal) => {
    exited = String(signal ?? code);
    children.delete(child);
    if (!stopping) console.error(`\nserver "${kind}" exited (${exited})\n${stderr()}`);
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== undefined)
      throw new Error(`server "${kind}" exited (${exited}) before it was ready\n${stderr()}`);
    if (Date.now() > deadline) throw new Error(`server "${kind}" did not start within 180 s\n${stderr()}`);
    try {
      if ((await fetch(`${baseUrl}/api/prefectures`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { kind, child, baseUrl };
}

async function startServer(kind: ServerKind, extraEnv: Record<string, string>): Promise<Running> {
  if (siteKinds.includes(kind)) return startSite(kind, extraEnv);
  const { child, stderr } = spawnChild([path.join(root, "bench/servers.ts"), kind, "0"], {
    ...process.env,
    ...extraEnv,
  });
  const lines = createInterface({ input: child.stdout! });
  // Seeding the large data takes a while on a busy 2-core machine.
  const startSeconds = kind.startsWith("api-large") ? 600 : 60;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server "${kind}" did not start within ${startSeconds} s\n${stderr()}`)),
      startSeconds * 1000,
    );
    lines.on("line", (line) => {
      const m = /^BENCH_READY (\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server "${kind}" exited (${signal ?? code}) before it was ready\n${stderr()}`));
    });
  });
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) console.error(`\nserver "${kind}" exited unexpectedly (${signal ?? code})\n${stderr()}`);
  });
  return { kind, child, baseUrl: `http://127.0.0.1:${port}` };
}

// ------------------------------------------------------------------ measuring

async function checkOnce(baseUrl: string, spec: RequestSpec): Promise<string> {
  const res = await fetch(baseUrl + spec.path, {
    method: spec.method ?? "GET",
    headers: spec.headers,
    body: spec.body,
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${spec.method ?? "GET"} ${spec.path} answered ${res.status}: ${text.slice(0, 500)}`);
  }
  return text;
}

let current: autocannon.Instance | undefined;

interface Measured {
  result: autocannon.Result;
  /** Every 2xx response's time in ms: autocannon's percentiles skip p95. */
  latencies: number[];
}

/** autocannon's per-request hook: the next path and headers of a scenario that cannot repeat a request. */
function fresh(next: NonNullable<RequestSpec["perRequest"]>) {
  return (req: autocannon.Request) => {
    const n = next();
    return { ...req, path: n.path, headers: { ...req.headers, ...n.headers } };
  };
}

function load(baseUrl: string, spec: RequestSpec, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    current = autocannon(
      {
        url: baseUrl + spec.path,
        method: spec.method ?? "GET",
        headers: spec.headers,
        body: spec.body,
        connections: spec.connections ?? settings.connections,
        pipelining: settings.pipelining,
        duration: seconds,
        ...(spec.perRequest ? { requests: [{ setupRequest: fresh(spec.perRequest) }] } : {}),
      },
      (err, result) => {
        current = undefined;
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve({ result, latencies });
      },
    );
    current.on("response", (_client, statusCode: number, _bytes, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/**
 * CPU time (user + system) a process has used, in ms, from /proc (Linux, 100 ticks a second);
 * undefined elsewhere. Per request it hardly depends on what else the machine is doing, unlike
 * requests per second, so it compares runs made under different load.
 */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function toRow(scenario: Scenario, { result: r, latencies }: Measured): Row {
  const sorted = latencies.sort((a, b) => a - b);
  const otherStatuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(r.statusCodeStats ?? {})) {
    if (!status.startsWith("2") && stat.count) otherStatuses[status] = stat.count;
  }
  return {
    scenario: scenario.name,
    database: databaseOf[scenario.server],
    requestsPerSecond: r.requests.average,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p975Ms: percentile(sorted, 97.5),
    p99Ms: percentile(sorted, 99),
    total: r.requests.total,
    non2xx: r.non2xx,
    otherStatuses,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

async function measure(scenario: Scenario, server: Running): Promise<Row> {
  const spec: RequestSpec = { ...scenario, headers: { ...scenario.headers } };
  if (scenario.prepare) {
    const extra = await scenario.prepare(server.baseUrl);
    Object.assign(spec, extra, { headers: { ...spec.headers, ...extra.headers } });
  }
  if (spec.body && !Object.keys(spec.headers ?? {}).some((h) => h.toLowerCase() === "content-type")) {
    spec.headers = { ...spec.headers, "content-type": "application/json" };
  }
  const first = spec.perRequest?.();
  await checkOnce(
    server.baseUrl,
    first ? { ...spec, path: first.path, headers: { ...spec.headers, ...first.headers } } : spec,
  );
  const stopDuring = await scenario.during?.(server.baseUrl);
  const base = spec.connections ? `${scenario.name} (${spec.connections} connections)` : scenario.name;
  const label = databaseOf[scenario.server] ? `${base} [${databaseOf[scenario.server]}]` : base;
  process.stdout.write(`• ${label}: warm-up ${settings.warmupSeconds} s…`);
  await load(server.baseUrl, spec, settings.warmupSeconds);
  process.stdout.write(` measuring ${settings.durationSeconds} s…`);
  const cached = server.kind === "site-pg";
  const countsBefore = cached ? await pageCacheCounts(server.baseUrl) : undefined;
  const cpuBefore = cpuMsOf(server.child.pid);
  const measured = await load(server.baseUrl, spec, settings.durationSeconds);
  const cpuAfter = cpuMsOf(server.child.pid);
  const row = toRow(scenario, measured);
  if (countsBefore) {
    const after = await pageCacheCounts(server.baseUrl);
    const delta = (k: string) => (after[k] ?? 0) - (countsBefore[k] ?? 0);
    const looked = ["hit", "miss", "stale", "stale_served"].reduce((n, k) => n + delta(k), 0);
    if (looked > 0) row.pageCacheHitRate = delta("hit") / looked;
  }
  if (stopDuring) row.backgroundWrites = await stopDuring();
  if (cpuBefore !== undefined && cpuAfter !== undefined && row.total > 0) {
    row.serverCpuMsPerRequest = (cpuAfter - cpuBefore) / row.total;
  }
  const hit =
    row.pageCacheHitRate === undefined ? "" : `, page cache hit ${(row.pageCacheHitRate * 100).toFixed(1)} %`;
  const writes = row.backgroundWrites === undefined ? "" : `, ${row.backgroundWrites} writes`;
  console.log(` ${Math.round(row.requestsPerSecond).toLocaleString("en-US")} req/s${hit}${writes}`);
  return row;
}

// ------------------------------------------------------------------ main

let stopping = false;

async function main(): Promise<void> {
  const only = (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const matches = (s: Scenario, o: string) =>
    `${s.name} ${databaseOf[s.server] ?? ""}`.toLowerCase().includes(o);
  let selected = only.length
    ? scenarios.filter((s) => s.baseline || only.some((o) => matches(s, o)))
    : scenarios;
  if (!process.env.BENCH_DATABASE_URL && selected.some((s) => databaseOf[s.server] === "PostgreSQL")) {
    selected = selected.filter((s) => databaseOf[s.server] !== "PostgreSQL");
    console.log(
      "BENCH_DATABASE_URL is not set: the PostgreSQL and SSR rows are skipped (a run without them does not update docs/benchmarks.md).",
    );
  }
  if (
    selected.some((s) => siteKinds.includes(s.server)) &&
    !existsSync(path.join(root, nextDistDir, "BUILD_ID"))
  ) {
    selected = selected.filter((s) => !siteKinds.includes(s.server));
    console.log(
      `No production build in ${nextDistDir}: the SSR rows are skipped (build one with NEXT_DIST_DIR=${nextDistDir} npx next build).`,
    );
  }
  if (scenarios.filter((s) => s.baseline).length !== 1)
    throw new Error("exactly one scenario must be the baseline");

  const loadAtStart = os.loadavg()[0]!;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "oem-bench-"));
  tempDirs.push(dataDir);
  const bodyFile = path.join(dataDir, "body.json");
  const childEnv = {
    NODE_ENV: "production",
    APP_ENV: "development",
    LOG_LEVEL: "silent",
    RATE_LIMIT: "off",
    DATA_DIR: dataDir,
    BENCH_BODY_FILE: bodyFile,
  };
  // The API starts first: the other servers answer the very bytes of its GET /api/prefectures.
  console.log(`Starting servers (${settings.connections} connections, pipelining ${settings.pipelining})…`);
  const servers = new Map<ServerKind, Running>();
  const api = await startServer("api", childEnv);
  servers.set("api", api);
  const body = await checkOnce(api.baseUrl, { path: "/api/prefectures" });
  const count = (JSON.parse(body) as { items?: unknown[] }).items?.length;
  if (count !== 47) throw new Error(`GET /api/prefectures answered ${count} items, expected 47`);
  writeFileSync(bodyFile, body);
  const kinds = [...new Set(selected.map((s) => s.server))];
  // The pages render the large data that "api-large-pg" puts into the database.
  const firstSite = kinds.findIndex((k) => siteKinds.includes(k));
  if (firstSite >= 0 && !kinds.includes("api-large-pg")) kinds.splice(firstSite, 0, "api-large-pg");
  for (const kind of kinds) {
    if (servers.has(kind)) continue;
    const running = await startServer(kind, childEnv);
    servers.set(kind, running);
    if ((kind === "bare" || kind === "hono") && (await checkOnce(running.baseUrl, { path: "/" })) !== body) {
      throw new Error(`server "${kind}" does not answer the same bytes as GET /api/prefectures`);
    }
  }
  console.log(`Body: ${Buffer.byteLength(body)} bytes (47 prefectures).\n`);

  const rows: Row[] = [];
  for (const scenario of selected) rows.push(await measure(scenario, servers.get(scenario.server)!));
  // Issue 34: resident memory of the API process while 30 clients download a 9 MB attachment.
  const downloadMemory =
    !only.length || only.some((o) => DOWNLOAD_MEMORY_NAME.toLowerCase().includes(o))
      ? await measureDownloadMemory(api.baseUrl, api.child.pid!)
      : undefined;
  const baseline = rows[selected.findIndex((s) => s.baseline)];
  for (const row of rows) {
    if (baseline?.requestsPerSecond) row.ratioToBaseline = row.requestsPerSecond / baseline.requestsPerSecond;
    if (baseline?.p50Ms) row.p50RatioToBaseline = row.p50Ms / baseline.p50Ms;
    if (baseline?.p99Ms) row.p99RatioToBaseline = row.p99Ms / baseline.p99Ms;
  }

  const machine = { ...machineInfo(), loadAverage: { start: loadAtStart, end: os.loadavg()[0]! } };
  const report: Report = { date: new Date().toISOString(), machine, settings, rows };
  console.log(`\n${formatContext(report)}\n\n${formatTable(rows)}\n`);
  const bad = rows.filter((r) => r.non2xx || r.errors || r.timeouts);
  for (const r of bad) {
    console.log(
      `! ${r.scenario}: ${r.non2xx} non-2xx ${JSON.stringify(r.otherStatuses)}, ${r.errors} errors, ${r.timeouts} timeouts`,
    );
  }

  if (downloadMemory) {
    console.log(`${formatDownloadMemory(downloadMemory)}\n`);
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    writeFileSync(
      path.join(root, "bench/results/download-memory.json"),
      `${JSON.stringify({ date: report.date, ...downloadMemory }, null, 2)}\n`,
    );
    if (downloadMemory.addedMb >= DOWNLOAD_MEMORY_TARGET_MB) {
      console.log(
        `! ${DOWNLOAD_MEMORY_NAME}: +${downloadMemory.addedMb} MB (target < ${DOWNLOAD_MEMORY_TARGET_MB} MB)`,
      );
      process.exitCode = 1;
    }
  }
  await writeJson(report, path.join(root, "bench/results/latest.json"));
  // A partial run (BENCH_ONLY) leaves the published table alone.
  if (selected.length === scenarios.length) await updateDocs(report, path.join(root, "docs/benchmarks.md"));
  console.log(
    `Wrote bench/results/latest.json${selected.length === scenarios.length ? " and docs/benchmarks.md" : ""}.`,
  );
  if (bad.length) process.exitCode = 1;
}

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  console.error(`\n${signal}: stopping`);
  current?.stop();
  cleanup();
  process.exit(signal === "SIGINT" ? 130 : 143);
}

process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGHUP", () => stop("SIGHUP"));
// Last resort: whatever way this process ends, no server outlives it.
process.on("exit", cleanup);

main()
  .catch((err) => {
    console.error(`\nbench failed: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  })
  .finally(() => {
    stopping = true;
    cleanup();
  });
