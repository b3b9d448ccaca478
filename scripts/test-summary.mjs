// Sums the JSON reports of every suite into one closing line: "Summary: N passed, N failed".
import { readdirSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of readdirSync("test-reports").filter(
  (f) => f.startsWith("summary-") && f.endsWith(".json"),
)) {
  const r = JSON.parse(readFileSync(`test-reports/${name}`, "utf8"));
  if (r.stats && "expected" in r.stats) {
    // A test that passed only on a retry is flaky: a failure to fix, never a pass.
    passed += r.stats.expected;
    failed += r.stats.unexpected + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped;
  } else {
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
}
console.log(`\nSummary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
