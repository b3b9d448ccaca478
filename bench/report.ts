// Formats bench results and writes them to bench/results/latest.json and docs/benchmarks.md.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export interface Row {
  scenario: string;
  /** The database behind the server (PGlite, PostgreSQL); undefined for servers without one. */
  database?: string;
  /** Mean of autocannon's per-second request counts over the measured window. */
  requestsPerSecond: number;
  /** Latency percentiles of the 2xx responses, from every response's own time (autocannon has no p95). */
  p50Ms: number;
  p95Ms: number;
  p975Ms: number;
  p99Ms: number;
  total: number;
  /** CPU time of the server process per request (Linux); PostgreSQL's own processes are not in it. */
  serverCpuMsPerRequest?: number;
  non2xx: number;
  /** Status codes other than 2xx and how often each came back. */
  otherStatuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** requests/s divided by the baseline's; undefined when the baseline did not run. */
  ratioToBaseline?: number;
  /** p50 and p99 divided by the baseline's (above 1: slower than bare node:http). */
  p50RatioToBaseline?: number;
  p99RatioToBaseline?: number;
  /** Public page rows: the share of the measured requests served from the page cache (/metrics). */
  pageCacheHitRate?: number;
  /** Writes a scenario's background writer made during warm-up and measurement. */
  backgroundWrites?: number;
}

export interface Machine {
  node: string;
  cpu: string;
  cores: number;
  platform: string;
  /** 1-minute load average before and after the run: above ~2 on 2 cores, something else was busy. */
  loadAverage?: { start: number; end: number };
}

export interface Settings {
  warmupSeconds: number;
  durationSeconds: number;
  connections: number;
  pipelining: number;
}

export interface Report {
  date: string;
  machine: Machine;
  settings: Settings;
  rows: Row[];
}

export const START_MARKER = "<!-- bench:start -->";
export const END_MARKER = "<!-- bench:end -->";

export function machineInfo(): Machine {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism?.() ?? cpus.length,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

function formatNumber(n: number, digits = 0): string {
  return n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

// Whole milliseconds, with one decimal below 10 ms where the difference matters.
function formatMs(ms: number): string {
  return formatNumber(ms, ms < 10 && !Number.isInteger(ms) ? 1 : 0);
}

/** A ratio to the baseline, readable from 0.0012× (a heavy page) to 150× (its latency). */
export function formatRatio(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r)) return "–";
  if (r >= 10) return `${formatNumber(r)}×`;
  if (r >= 0.1) return `${r.toFixed(2)}×`;
  return `${r.toPrecision(2)}×`;
}

function problems(row: Row): string {
  const parts: string[] = [];
  for (const [status, count] of Object.entries(row.otherStatuses)) parts.push(`${count}×${status}`);
  // autocannon counts timeouts among errors.
  if (row.errors) parts.push(`${row.errors} errors${row.timeouts ? ` (${row.timeouts} timeouts)` : ""}`);
  return parts.join(", ");
}

/** Display width: full-width (CJK) characters take two columns, as Biome and terminals count them. */
function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text)
    width +=
      /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(
        ch,
      )
        ? 2
        : 1;
  return width;
}

const pad = (text: string, width: number, right: boolean) => {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
};

/** A Markdown table with padded columns, readable both in a terminal and rendered. */
export function formatTable(rows: Row[]): string {
  const header = [
    "scenario",
    "database",
    "req/s (avg)",
    "req/s vs bare",
    "p50 ms",
    "p50 vs bare",
    "p95 ms",
    "p99 ms",
    "p99 vs bare",
    "CPU ms/req",
    "non-2xx",
    "errors",
  ];
  const body = rows.map((r) => [
    r.scenario,
    r.database ?? "–",
    formatNumber(r.requestsPerSecond),
    formatRatio(r.ratioToBaseline),
    formatMs(r.p50Ms),
    formatRatio(r.p50RatioToBaseline),
    formatMs(r.p95Ms),
    formatMs(r.p99Ms),
    formatRatio(r.p99RatioToBaseline),
    r.serverCpuMsPerRequest === undefined ? "–" : formatNumber(r.serverCpuMsPerRequest, 2),
    r.non2xx ? `${formatNumber(r.non2xx)} (${problems({ ...r, errors: 0, timeouts: 0 })})` : "0",
    r.errors || r.timeouts ? problems({ ...r, otherStatuses: {} }) : "0",
  ]);
  const numeric = [false, false, true, true, true, true, true, true, true, true, true, true];
  const widths = header.map((h, i) =>
    Math.max(displayWidth(h), ...body.map((cells) => displayWidth(cells[i]!))),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => pad(c, widths[i]!, Boolean(numeric[i]))).join(" | ")} |`;
  // The same layout Biome's Markdown formatter writes, so docs/benchmarks.md stays formatted.
  const rule = line(widths.map((w, i) => (numeric[i] ? `${"-".repeat(w - 1)}:` : "-".repeat(w))));
  return [line(header), rule, ...body.map(line)].join("\n");
}

export function formatContext(report: Report): string {
  const { machine: m, settings: s } = report;
  return [
    `Run ${report.date} on ${m.cpu} (${m.cores} cores), Node ${m.node}, ${m.platform}.`,
    ...(m.loadAverage
      ? [
          `1-minute load average: ${m.loadAverage.start.toFixed(2)} before, ${m.loadAverage.end.toFixed(2)} after.`,
        ]
      : []),
    `Each scenario: ${s.warmupSeconds} s warm-up, then ${s.durationSeconds} s measured; ` +
      `${s.connections} connections, pipelining ${s.pipelining}.`,
  ].join("\n");
}

export async function writeJson(report: Report, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}

/** Replaces the text between the bench markers of the docs page (appending the markers if missing). */
export async function updateDocs(report: Report, file: string): Promise<void> {
  const section = [
    START_MARKER,
    "",
    formatContext(report),
    "",
    formatTable(report.rows),
    "",
    END_MARKER,
  ].join("\n");
  const current = existsSync(file) ? await readFile(file, "utf8") : "# Benchmarks\n";
  const start = current.indexOf(START_MARKER);
  const end = current.indexOf(END_MARKER);
  const next =
    start !== -1 && end > start
      ? current.slice(0, start) + section + current.slice(end + END_MARKER.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(file, next);
}
