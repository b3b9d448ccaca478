import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { resetEnvForTests, setEnvForTests } from "@/env";
import { metricsResponse } from "./metrics";

// deploy/prometheus-rules.yml against the app (issue 34): every metric an alert reads is one that
// /metrics exports, and every alert's runbook_url names a section of docs/runbook.md.

const root = path.resolve(import.meta.dirname, "../../..");
const TOKEN = "metrics-token-0123456789abcdef";

interface Rule {
  alert?: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string; runbook_url?: string };
}
const rules: Rule[] = (
  parse(readFileSync(path.join(root, "deploy/prometheus-rules.yml"), "utf8")) as {
    groups: Array<{ name: string; rules: Rule[] }>;
  }
).groups.flatMap((g) => g.rules);
const runbook = readFileSync(path.join(root, "docs/runbook.md"), "utf8");

/** Words of PromQL that are not metric names. */
const KEYWORDS = new Set([
  "and",
  "or",
  "unless",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "offset",
  "inf",
  "nan",
]);

/** The metric names a PromQL expression reads (its functions, labels, strings and durations left out). */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""') // strings
    .replace(/\{[^}]*\}/g, "") // label matchers
    .replace(/\[[^\]]*\]/g, "") // ranges
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ""); // label lists
  const names = new Set<string>();
  for (const m of bare.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    if (m[2]) continue; // a function
    if (KEYWORDS.has(m[1]!.toLowerCase())) continue;
    names.add(m[1]!);
  }
  return [...names];
}

/** GitHub's anchor of a Markdown heading. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}
const anchors = new Set([...runbook.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));

let exported: Set<string>;
beforeAll(async () => {
  setEnvForTests({ METRICS_TOKEN: TOKEN });
  const { body } = await metricsResponse(`Bearer ${TOKEN}`);
  // Every registered metric has its # TYPE line, with or without series yet.
  exported = new Set();
  for (const [, name, type] of body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exported.add(name!);
    if (type === "histogram" || type === "summary")
      for (const suffix of ["_bucket", "_sum", "_count"]) exported.add(`${name}${suffix}`);
  }
});
afterAll(() => resetEnvForTests());

describe("deploy/prometheus-rules.yml", () => {
  it("has the alerts of issue 34, each with a severity, an English summary and a runbook", () => {
    const names = rules.map((r) => r.alert);
    for (const name of [
      "HighErrorRate",
      "HighLatencyP95",
      "OutboxStuck",
      "JobFailing",
      "JobNotRunning",
      "ChangeFeedDown",
      "DatabaseUnreachable",
    ])
      expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of rules) {
      expect(r.expr.trim(), `${r.alert}: expr`).not.toBe("");
      expect(r.for, `${r.alert}: for`).toMatch(/^\d+[smh]$/);
      expect(["critical", "warning"], `${r.alert}: severity`).toContain(r.labels?.severity);
      expect(r.annotations?.summary, `${r.alert}: summary`).toMatch(/^[\x20-\x7e]+$/);
      expect(r.annotations?.runbook_url, `${r.alert}: runbook_url`).toBe(
        `docs/runbook.md#${r.alert!.toLowerCase()}`,
      );
    }
  });

  it("reads only metrics the app exports", () => {
    expect(exported).toContain("http_requests_total");
    expect(exported).toContain("change_feed_connected");
    for (const r of rules) {
      const used = metricNamesOf(r.expr);
      expect(used.length, `${r.alert} reads no metric`).toBeGreaterThan(0);
      for (const name of used) expect([...exported], `${r.alert} reads ${name}`).toContain(name);
    }
  });

  it("names only jobs that exist", () => {
    const source = readFileSync(path.join(root, "src/server/jobs/background.ts"), "utf8");
    const jobs = new Set([...source.matchAll(/\bjob\("([^"]+)"/g)].map((m) => m[1]!));
    expect(jobs).toContain("deal-message-mail");
    for (const r of rules)
      for (const [, values] of r.expr.matchAll(/\bjob\s*=~?\s*"([^"]*)"/g))
        for (const name of values!.split("|"))
          expect([...jobs], `${r.alert} names job ${name}`).toContain(name);
  });

  it("points every alert at a section of docs/runbook.md", () => {
    for (const r of rules) {
      const anchor = r.annotations!.runbook_url!.split("#")[1]!;
      expect([...anchors], `${r.alert}: docs/runbook.md#${anchor}`).toContain(anchor);
    }
  });

  // promtool (Debian's prometheus package, installed by scripts/ensure-browser.sh) evaluates each
  // alert on series that should raise it, after its `for:`, and on healthy ones beside it.
  const promtool = (() => {
    try {
      execFileSync("promtool", ["--version"], { stdio: "ignore" });
      return true;
    } catch {
      if (process.env.CI === "true")
        throw new Error("CI needs promtool: scripts/ensure-browser.sh installs it");
      return false;
    }
  })();
  it.skipIf(!promtool)(
    "fires each alert on its unit test's series and on nothing else (promtool test rules)",
    () => {
      const out = execFileSync("promtool", ["test", "rules", "deploy/prometheus-rules.test.yml"], {
        cwd: root,
        encoding: "utf8",
      });
      expect(out).toContain("SUCCESS");
      // every alert of the file has a test that expects it to fire
      const tested = readFileSync(path.join(root, "deploy/prometheus-rules.test.yml"), "utf8");
      for (const r of rules)
        expect(tested, `${r.alert} has no promtool test`).toContain(
          `alertname: ${r.alert}\n        exp_alerts:\n          - exp_labels`,
        );
    },
  );

  it("finds the metric names of an expression", () => {
    expect(
      metricNamesOf(
        'sum by (le) (rate(a_bucket{route!="(x) y"}[5m])) / on (job) b_total > 0.5 and time() - max(c{job=~"d|e"}) > 1e3',
      ).sort(),
    ).toEqual(["a_bucket", "b_total", "c"]);
  });
});
