// Issue 34: what 30 concurrent downloads of a 9 MB attachment cost the server in resident memory.
// Run by `npm run bench` against its "api" child (BENCH_ONLY=download selects it alone), or on
// its own: `npx tsx bench/download-memory.ts` starts an "api" child of bench/servers.ts itself.
// Memory is the server child's VmRSS (/proc/<pid>/status), sampled every 5 ms: before = the value
// after a quiet second (the first round right after the upload, before any download), peak = the
// highest value while the 30 downloads run; added = peak − before, the worst of the rounds (the
// first, in practice: memory a process took is rarely given back to the system).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { registerBuyer } from "./scenarios";

export const DOWNLOAD_BYTES = 9 * 1024 * 1024;
/** BENCH_ONLY matches this name (e.g. BENCH_ONLY=download). */
export const DOWNLOAD_MEMORY_NAME = "download memory: 30 concurrent 9 MB attachment downloads";
/** Issue 34's target: less than this many MB added. */
export const DOWNLOAD_MEMORY_TARGET_MB = 50;
export const DOWNLOAD_CLIENTS = 30;
const ROUNDS = 3;

export interface DownloadMemoryResult {
  scenario: string;
  bytes: number;
  clients: number;
  rounds: number;
  /** MB (2^20 bytes) of VmRSS. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** The worst round's peak minus its own before. */
  addedMb: number;
  /** Wall time of the slowest round, ms. */
  roundMs: number;
}

/** VmRSS of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** A 9 MB PDF by its content (the inquiry attachment upload sniffs it): text, no ZIP inside. */
function benchPdf(bytes: number): Buffer {
  const head = Buffer.from("%PDF-1.4\n%bench\n", "latin1");
  const line = Buffer.from("0 0 0 RG 0 0 m 100 100 l S % bench download body line\n", "latin1");
  const out = Buffer.alloc(bytes);
  head.copy(out, 0);
  for (let at = head.length; at < bytes; at += line.length) line.copy(out, at);
  return out;
}

async function uploadAttachment(baseUrl: string, token: string, data: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(data)], "ベンチ図面.pdf", { type: "application/pdf" }));
  const res = await fetch(`${baseUrl}/api/attachment/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/attachment/upload answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

/** One download read to its end (the bytes hashed, not kept); resolves to the body's SHA-256. */
function download(url: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${url} answered ${res.statusCode}`));
        return;
      }
      const hash = createHash("sha256");
      res.on("data", (chunk: Buffer) => hash.update(chunk));
      res.on("end", () => resolve(hash.digest("hex")));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Measures the server process `pid` listening at `baseUrl` (an API with PGlite and local or S3 storage). */
export async function measureDownloadMemory(baseUrl: string, pid: number): Promise<DownloadMemoryResult> {
  const token = await registerBuyer(baseUrl);
  const data = benchPdf(DOWNLOAD_BYTES);
  const expected = createHash("sha256").update(data).digest("hex");
  const id = await uploadAttachment(baseUrl, token, data);
  const url = `${baseUrl}/api/attachment/${id}`;

  let before = 0;
  let peak = 0;
  let added = 0;
  let roundMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await new Promise((r) => setTimeout(r, 1000));
    const quiet = Array.from({ length: 5 }, () => rssOf(pid));
    const roundBefore = Math.max(...quiet);
    let roundPeak = roundBefore;
    const sampler = setInterval(() => {
      roundPeak = Math.max(roundPeak, rssOf(pid));
    }, 5);
    const started = performance.now();
    const hashes = await Promise.all(Array.from({ length: DOWNLOAD_CLIENTS }, () => download(url, token)));
    roundMs = Math.max(roundMs, performance.now() - started);
    clearInterval(sampler);
    roundPeak = Math.max(roundPeak, rssOf(pid));
    if (hashes.some((h) => h !== expected)) throw new Error("a download's bytes differ from the upload");
    if (roundPeak - roundBefore >= added) {
      added = roundPeak - roundBefore;
      before = roundBefore;
      peak = roundPeak;
    }
  }
  return {
    scenario: `${DOWNLOAD_CLIENTS} concurrent downloads of a ${DOWNLOAD_BYTES / 1024 / 1024} MB attachment`,
    bytes: DOWNLOAD_BYTES,
    clients: DOWNLOAD_CLIENTS,
    rounds: ROUNDS,
    rssBeforeMb: mb(before),
    rssPeakMb: mb(peak),
    addedMb: mb(added),
    roundMs: Math.round(roundMs),
  };
}

export function formatDownloadMemory(r: DownloadMemoryResult): string {
  return `${r.scenario}: server RSS ${r.rssBeforeMb} MB before, ${r.rssPeakMb} MB peak, +${r.addedMb} MB added (worst of ${r.rounds} rounds; slowest round ${r.roundMs} ms)`;
}

/** Standalone: an "api" child of bench/servers.ts (in-memory PGlite, uploads in a temporary DATA_DIR). */
async function standalone(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "oem-bench-download-"));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "bench/servers.ts"), "api", "0"],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        APP_ENV: "development",
        LOG_LEVEL: "silent",
        RATE_LIMIT: "off",
        DATA_DIR: dataDir,
      },
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  try {
    const port = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on("line", (line) => {
        const m = /^BENCH_READY (\d+)$/.exec(line);
        if (m) resolve(m[1]!);
      });
      child.once("exit", (code) => reject(new Error(`the api server exited (${code})`)));
    });
    const result = await measureDownloadMemory(`http://127.0.0.1:${port}`, child.pid!);
    console.log(formatDownloadMemory(result));
  } finally {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  standalone().catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
