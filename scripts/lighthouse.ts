// npm run lighthouse: Lighthouse (default mobile settings) on the public pages of the built app,
// in Debian's Chromium, with the four category scores printed and written to docs/lighthouse.md.
//
// Starts `server.ts` (NODE_ENV=production) on a fresh embedded database with demo data, like the
// e2e web server does, so `npm run build` (or NEXT_DIST_DIR=… next build) must have run first.
//   npx tsx scripts/lighthouse.ts [--runs 5] [--no-write] [--json dir] [--only /oem/company]
// Exits 1 when a median misses its target.
// Env: LH_PORT (3320), LH_DATA_DIR (data/lighthouse), NEXT_DIST_DIR (as for the build),
//      CHROMIUM_PATH (/usr/bin/chromium).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    // The scores of one page move by ±10 between runs on a shared 2-core machine: take a median.
    runs: { type: "string", default: "5" },
    "no-write": { type: "boolean", default: false },
    /** Also keep each page's full report (the median run) as JSON in this directory. */
    json: { type: "string" },
    /** Only the pages whose label contains this (a partial run never writes the doc). */
    only: { type: "string" },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const PORT = Number(process.env.LH_PORT ?? 3320);
const DATA_DIR = process.env.LH_DATA_DIR ?? "data/lighthouse";
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DOC = path.join(root, "docs/lighthouse.md");
const START_MARKER = "<!-- lighthouse:start -->";
const END_MARKER = "<!-- lighthouse:end -->";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
};
const LABELS: Record<Category, string> = {
  performance: "Performance",
  accessibility: "Accessibility",
  "best-practices": "Best practices",
  seo: "SEO",
};

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}
interface Lhr {
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  lighthouseVersion: string;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
}

interface PageResult {
  label: string;
  path: string;
  scores: Record<Category, number>;
  /** Performance score of every measured run, in run order. */
  performanceRuns: number[];
  /** benchmarkIndex of the chosen run: Lighthouse's CPU speed estimate (lower = busier machine). */
  benchmarkIndex: number;
  metrics: { fcp: string; lcp: string; tbt: string; cls: string; si: string };
  /** Audits that cost points, per category (weight > 0 and score < 1). */
  failing: Record<Category, string[]>;
  warnings: string[];
}

function log(msg: string) {
  process.stderr.write(`${msg}\n`);
}

// ---------------------------------------------------------------------------------------------
// The app and the browser

function startApp(): ChildProcess {
  rmSync(path.resolve(root, DATA_DIR), { recursive: true, force: true });
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      APP_URL: ORIGIN,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      log(`the app exited early (code ${code}, signal ${signal})`);
      process.exit(1);
    }
  });
  return child;
}

async function waitForApp(timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${ORIGIN}/api/prefectures`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not answer on ${ORIGIN} within ${timeoutMs / 1000}s`);
}

/** Chromium with a DevTools port for Lighthouse; resolves with that port. */
function startChromium(): Promise<{ child: ChildProcess; port: number; profile: string }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const child = spawn(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => reject(new Error("Chromium did not open a DevTools port")), 30_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(buffered);
      if (m) {
        clearTimeout(timer);
        child.stderr!.removeAllListeners("data");
        child.stderr!.resume();
        resolve({ child, port: Number(m[1]), profile });
      }
    });
    child.on("exit", (code) => reject(new Error(`Chromium exited (code ${code}): ${buffered.slice(-500)}`)));
  });
}

let stopping = false;

// ---------------------------------------------------------------------------------------------
// Pages and runs

async function supplierPath(): Promise<string> {
  const res = await fetch(`${ORIGIN}/api/oem?perPage=20`);
  if (!res.ok) throw new Error(`GET /api/oem answered ${res.status}`);
  const body = (await res.json()) as { items: Array<{ id: string; imageUrl: string | null }> };
  // A supplier with photos: the page with the most to load.
  const pick = body.items.find((s) => s.imageUrl) ?? body.items[0];
  if (!pick) throw new Error("GET /api/oem returned no supplier (is the demo data seeded?)");
  return `/oem/company/${pick.id}`;
}

async function runLighthouse(url: string, port: number, onlyCategories: readonly Category[]): Promise<Lhr> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...onlyCategories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

const pct = (score: number | null) => Math.round((score ?? 0) * 100);

function failingAudits(lhr: Lhr, category: Category): string[] {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a): a is Audit => !!a && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual",
    )
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${a.id} (${pct(a.score)}${a.displayValue ? `, ${a.displayValue}` : ""})`);
}

function summarize(label: string, pagePath: string, lhr: Lhr, runs: Lhr[]): PageResult {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, pct(lhr.categories[c].score)])) as Record<
    Category,
    number
  >;
  const dv = (id: string) => lhr.audits[id]?.displayValue ?? "–";
  return {
    label,
    path: pagePath,
    scores,
    performanceRuns: runs.map((r) => pct(r.categories.performance.score)),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    metrics: {
      fcp: dv("first-contentful-paint"),
      lcp: dv("largest-contentful-paint"),
      tbt: dv("total-blocking-time"),
      cls: dv("cumulative-layout-shift"),
      si: dv("speed-index"),
    },
    failing: Object.fromEntries(CATEGORIES.map((c) => [c, failingAudits(lhr, c)])) as Record<
      Category,
      string[]
    >,
    warnings: lhr.runWarnings,
  };
}

/** The run with the median performance score (Lighthouse's own advice for noisy machines). */
function median(runs: Lhr[]): Lhr {
  const sorted = [...runs].sort(
    (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

// ---------------------------------------------------------------------------------------------
// Output

/** Display width: full-width (CJK) characters take two columns, as Biome counts them (bench/report.ts). */
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

/** A Markdown table padded the way Biome's Markdown formatter writes it, so the doc stays lint-clean. */
function markdownTable(header: string[], body: string[][], numeric: boolean[]): string {
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...body.map((row) => displayWidth(row[i]!))));
  const pad = (text: string, i: number) => {
    const fill = " ".repeat(Math.max(0, widths[i]! - displayWidth(text)));
    return numeric[i] ? fill + text : text + fill;
  };
  const line = (cells: string[]) => `| ${cells.map(pad).join(" | ")} |`;
  const rule = line(widths.map((w, i) => (numeric[i] ? `${"-".repeat(w - 1)}:` : "-".repeat(w))));
  return [line(header), rule, ...body.map(line)].join("\n");
}

function table(results: PageResult[]): string {
  const header = [
    "page",
    ...CATEGORIES.map((c) => `${LABELS[c]} (≥ ${TARGETS[c]})`),
    "performance runs",
    "LCP",
    "TBT",
    "CLS",
  ];
  const body = results.map((r) => [
    `\`${r.label}\``,
    ...CATEGORIES.map((c) => (r.scores[c] >= TARGETS[c] ? `${r.scores[c]}` : `**${r.scores[c]}** ✗`)),
    r.performanceRuns.length > 1 ? r.performanceRuns.join(", ") : "–",
    r.metrics.lcp,
    r.metrics.tbt,
    r.metrics.cls,
  ]);
  return markdownTable(header, body, [false, true, true, true, true, false, true, true, true]);
}

function details(results: PageResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const costs = CATEGORIES.flatMap((c) => r.failing[c].map((a) => `${LABELS[c]}: ${a}`));
    if (!costs.length) continue;
    lines.push(`- \`${r.label}\`: ${costs.join("; ")}`);
  }
  return lines.length ? lines.join("\n") : "- none";
}

function section(results: PageResult[], version: string, chromium: string, load: string): string {
  const bench = results.map((r) => r.benchmarkIndex);
  return [
    START_MARKER,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${version} in ${chromium}, default mobile`,
    `settings (Moto G Power emulation, simulated slow 4G and 4× CPU slowdown), median of ${RUNS} run${RUNS > 1 ? "s" : ""}`,
    `per page after one warm-up load, on ${os.cpus()[0]?.model.trim() ?? "unknown CPU"} × ${os.availableParallelism()}.`,
    `1-minute load average ${load}; Lighthouse's benchmarkIndex of the median runs ${Math.min(...bench)}–${Math.max(...bench)}.`,
    "",
    table(results),
    "",
    "Audits that cost points (score in brackets):",
    "",
    details(results),
    "",
    END_MARKER,
  ].join("\n");
}

function writeDoc(text: string) {
  const current = existsSync(DOC)
    ? readFileSync(DOC, "utf8")
    : `# Lighthouse\n\n${START_MARKER}\n${END_MARKER}\n`;
  const start = current.indexOf(START_MARKER);
  const end = current.indexOf(END_MARKER);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + text + current.slice(end + END_MARKER.length)
      : `${current.trimEnd()}\n\n${text}\n`;
  writeFileSync(DOC, next);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} not found: apt-get install -y chromium fonts-noto-cjk`);
  const loadBefore = (os.loadavg()[0] ?? 0).toFixed(2);
  const app = startApp();
  let browser: Awaited<ReturnType<typeof startChromium>> | undefined;
  const stop = async () => {
    stopping = true;
    const exited = (child: ChildProcess) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const waits = [exited(app)];
    app.kill("SIGTERM");
    if (browser) {
      waits.push(exited(browser.child));
      browser.child.kill("SIGTERM");
    }
    await Promise.all(waits);
  };
  process.on("SIGINT", () => {
    void stop().then(() => process.exit(130));
  });
  try {
    await waitForApp();
    browser = await startChromium();
    const pages: Array<[string, string]> = [
      ["/", "/"],
      ["/lp", "/lp"],
      ["/oem/search", "/oem/search"],
    ];
    pages.push(["/oem/company/{id}", await supplierPath()]);

    const results: PageResult[] = [];
    let version = "";
    for (const [label, pagePath] of pages.filter(([l]) => !args.only || l.includes(args.only))) {
      const url = `${ORIGIN}${pagePath}`;
      log(`${pagePath}: warm-up`);
      // Server-side caches (optimised images, first render of each route) as a visitor finds them.
      await runLighthouse(url, browser.port, ["performance"]);
      const runs: Lhr[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const lhr = await runLighthouse(url, browser.port, CATEGORIES);
        log(
          `${pagePath}: run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => pct(lhr.categories[c].score)).join(" / ")}`,
        );
        runs.push(lhr);
      }
      const chosen = median(runs);
      version = chosen.lighthouseVersion;
      if (args.json) {
        mkdirSync(args.json, { recursive: true });
        const file = `${pagePath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "top"}.json`;
        writeFileSync(path.join(args.json, file), JSON.stringify(chosen));
      }
      results.push(summarize(label, pagePath, chosen, runs));
    }

    const chromiumVersion = await new Promise<string>((resolve) => {
      const p = spawn(CHROMIUM, ["--version"], { stdio: ["ignore", "pipe", "ignore"] });
      let out = "";
      p.stdout.on("data", (d: Buffer) => {
        out += d.toString();
      });
      p.on("close", () => resolve(out.trim().replace(/ built on .*/, "") || "Chromium"));
    });

    console.log(`\n${table(results)}\n`);
    for (const r of results) {
      for (const c of CATEGORIES) {
        if (r.failing[c].length) console.log(`${r.label} ${LABELS[c]}: ${r.failing[c].join(", ")}`);
      }
      for (const w of r.warnings) console.log(`${r.label} warning: ${w}`);
    }
    if (!args["no-write"] && !args.only) {
      const load = `${loadBefore} before, ${(os.loadavg()[0] ?? 0).toFixed(2)} after`;
      writeDoc(section(results, version, chromiumVersion, load));
      log(`\nwritten to ${path.relative(root, DOC)}`);
    }
    const missed = results.some((r) => CATEGORIES.some((c) => r.scores[c] < TARGETS[c]));
    process.exitCode = missed ? 1 : 0;
  } finally {
    await stop();
    if (browser) rmSync(browser.profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  stopping = true;
  process.exit(1);
});
