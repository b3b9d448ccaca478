import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/server/db/client";

// Runs the real server (server.ts) as a child process, as `npm run dev` would, and always
// cleans up: every child is killed by its pid in stopAll() and when the test process exits.

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of GET /api/prefectures (set by waitReady). */
  readyMs?: number;
  /** stdout and stderr so far, interleaved. */
  output(): string;
  exited: Promise<Exit>;
  /** Sends the signal and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface LaunchOptions {
  dataDir: string;
  port?: number;
  databaseUrl?: string;
  smtpUrl?: string;
  env?: Record<string, string | undefined>;
  /** The command that starts the server (default: node --import tsx server.ts), e.g. the image's CMD. */
  command?: string[];
}

const children = new Set<ChildProcess>();

process.once("exit", () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix = "oem-system-"): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/**
 * A new data dir holding an already migrated PGlite database, copied from a template built
 * once per migration set: creating and migrating one takes the server 5–10 s on these machines.
 */
export async function freshDataDir(): Promise<string> {
  const template = await pgliteTemplate();
  const dir = tempDir();
  cpSync(template, path.join(dir, "pgdata"), { recursive: true });
  return dir;
}

async function pgliteTemplate(): Promise<string> {
  const hash = createHash("sha256");
  const drizzleDir = path.join(ROOT, "drizzle");
  for (const f of readdirSync(drizzleDir, { recursive: true, encoding: "utf8" }).sort()) {
    const file = path.join(drizzleDir, f);
    if (f.endsWith(".sql") || f.endsWith(".json")) hash.update(f).update(readFileSync(file));
  }
  hash.update(readFileSync(path.join(ROOT, "node_modules/@electric-sql/pglite/package.json")));
  const cache = path.join(ROOT, "node_modules/.cache/oem-system");
  const target = path.join(cache, `pgdata-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(path.join(target, "PG_VERSION"))) return target;
  mkdirSync(cache, { recursive: true });
  const building = mkdtempSync(path.join(cache, "building-"));
  try {
    const database = await openDatabase({ dataDir: building });
    await database.close();
    // templates of older migration sets are of no use any more
    for (const old of readdirSync(cache))
      if (old.startsWith("pgdata-")) rmSync(path.join(cache, old), { recursive: true, force: true });
    try {
      renameSync(path.join(building, "pgdata"), target);
    } catch (e) {
      // a concurrent run finished the same template first
      if (!existsSync(path.join(target, "PG_VERSION"))) throw e;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

/**
 * Next allows one `next dev` per dist dir, so tests running several servers at once give each its
 * own (their tsconfig, tsconfig.next-system.json, keeps Next from adding them to tsconfig.json).
 */
export function ownDistDirs(name: string, count: number): { dirs: string[]; cleanup(): void } {
  const dirs = Array.from({ length: count }, (_, i) => `.next-system-${name}-${process.pid}-${i + 1}`);
  return {
    dirs,
    cleanup() {
      for (const d of dirs) rmSync(path.join(ROOT, d), { recursive: true, force: true });
    },
  };
}

/** Starts server.ts without waiting for it (see waitReady). */
export async function spawnServer(opts: LaunchOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // the test runner's own settings (NODE_ENV=test, its DATABASE_URL, …) are not the server's
    if (k.startsWith("VITEST") || k === "NODE_OPTIONS") continue;
    env[k] = v;
  }
  Object.assign(env, {
    NODE_ENV: "development",
    APP_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    SMTP_URL: opts.smtpUrl,
    AUTH_SECRET: undefined,
    SEED_DEMO: "never",
    LOG_LEVEL: "info",
    RATE_LIMIT: "off",
    NEXT_TELEMETRY_DISABLED: "1",
    // Read by next.config.ts if it sets `distDir: process.env.NEXT_DIST_DIR || ".next"`: then these
    // servers do not share .next/dev/lock with a developer's `npm run dev` (one next dev per dist dir).
    NEXT_DIST_DIR: ".next-system",
    // Next adds a dist dir's types to the tsconfig it reads, unless that one extends another: this
    // one does, so tsconfig.json (which tsx reads at every server start) is never rewritten under it.
    NEXT_TSCONFIG_PATH: "tsconfig.next-system.json",
    ...opts.env,
  });
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];

  const [file, ...args] = opts.command ?? [process.execPath, "--import", "tsx", "server.ts"];
  const child = spawn(file!, args, {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (s: string) => {
    out += s;
  });
  child.stderr!.setEncoding("utf8").on("data", (s: string) => {
    out += s;
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  return {
    url,
    port,
    pid: child.pid!,
    dataDir: opts.dataDir,
    child,
    output: () => out,
    exited,
    async kill(signal = "SIGKILL") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until GET /api/prefectures answers 200; throws with the server's output if it exits or hangs. */
export async function waitReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const started = Date.now();
  let exit: Exit | undefined;
  void server.exited.then((e) => {
    exit = e;
  });
  while (Date.now() < deadline) {
    if (exit) {
      const Failure = NEXT_DEV_LOCKED.test(server.output()) ? NextDevLockedError : Error;
      throw new Failure(`server exited before it was ready (${JSON.stringify(exit)}):\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/api/prefectures`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        server.readyMs = Date.now() - started;
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.kill("SIGKILL");
  throw new Error(`server not ready within ${timeoutMs} ms:\n${server.output()}`);
}

const NEXT_DEV_LOCKED = /Another .*next dev.* server is already running/;
/** How long to wait for another `next dev` in this directory to go away (e.g. an e2e run ending). */
const NEXT_LOCK_WAIT_MS = 30_000;

/** Next 16 allows one `next dev` per project directory: another one (npm run dev, e2e) holds .next/dev/lock. */
export class NextDevLockedError extends Error {}

export async function launchServer(opts: LaunchOptions): Promise<ServerProcess> {
  const giveUpAt = Date.now() + NEXT_LOCK_WAIT_MS;
  let server: ServerProcess;
  for (;;) {
    server = await spawnServer(opts);
    try {
      await waitReady(server);
      break;
    } catch (e) {
      if (!(e instanceof NextDevLockedError)) throw e;
      if (Date.now() > giveUpAt) {
        throw new Error(
          `Another \`next dev\` server runs in ${ROOT} (Next allows one per project directory), ` +
            `still after ${NEXT_LOCK_WAIT_MS / 1000} s. Stop it (npm run dev, an e2e run) and run the system tests again.\n${e.message}`,
        );
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  console.log(
    `[system] server pid ${server.pid} ready in ${server.readyMs} ms (${opts.databaseUrl ? "PostgreSQL" : "PGlite"})`,
  );
  return server;
}

/** Kills every server this test process started (by pid) and waits for them to exit. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...children].map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once("exit", () => resolve());
          c.kill("SIGKILL");
        }),
    ),
  );
}

// ---------------------------------------------------------------- HTTP as a client

export interface Reply<T = any> {
  status: number;
  body: T;
}

export async function call<T = any>(
  server: { url: string },
  method: string,
  pathname: string,
  opts: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T };
}
