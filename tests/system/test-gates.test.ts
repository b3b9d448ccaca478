import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

// A flaky end-to-end test is a failure to fix: no retry hides it and the summary counts it failed.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function summarize(reports: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), "test-summary-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "test-reports"));
  for (const [name, report] of Object.entries(reports)) {
    writeFileSync(path.join(dir, "test-reports", `summary-${name}.json`), JSON.stringify(report));
  }
  const script = path.resolve("scripts/test-summary.mjs");
  return spawnSync(process.execPath, [script], { cwd: dir, encoding: "utf8" });
}

it("the summary counts a flaky Playwright test as failed and exits 1", () => {
  const run = summarize({
    e2e: { stats: { expected: 10, unexpected: 0, flaky: 1, skipped: 0 } },
    api: { numPassedTests: 5, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 },
  });
  expect(run.stdout).toContain("Summary: 15 passed, 1 failed, 0 skipped");
  expect(run.status).toBe(1);
});

it("the summary passes when every test passed at the first attempt", () => {
  const run = summarize({ e2e: { stats: { expected: 10, unexpected: 0, flaky: 0, skipped: 2 } } });
  expect(run.stdout).toContain("Summary: 10 passed, 0 failed, 2 skipped");
  expect(run.status).toBe(0);
});

it("Playwright never retries a failed test, on CI either", async () => {
  const saved = process.env.CI;
  process.env.CI = "1";
  try {
    const { default: config } = await import("../../playwright.config");
    expect(config.retries).toBe(0);
  } finally {
    if (saved === undefined) delete process.env.CI;
    else process.env.CI = saved;
  }
});
