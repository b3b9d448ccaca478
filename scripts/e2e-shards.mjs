// Splits the end-to-end spec files into shards of about equal running time. Playwright's own
// --shard cuts the file list by count, so one shard got the long accessibility scans and ran two
// minutes longer than the other. Here each file weighs what it took in the last measured run
// (tests/e2e/durations.json); a new file weighs the median until it is measured.
//
//   node scripts/e2e-shards.mjs K N           the files of shard K of N, one per line
//   node scripts/e2e-shards.mjs --update R…   records the durations of Playwright JSON reports R…
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const DIR = "tests/e2e";
const DURATIONS = `${DIR}/durations.json`;

const specs = () =>
  readdirSync(DIR)
    .filter((f) => f.endsWith(".spec.ts"))
    .sort()
    .map((f) => `${DIR}/${f}`);

const readDurations = () => {
  try {
    return JSON.parse(readFileSync(DURATIONS, "utf8"));
  } catch {
    return {};
  }
};

/** Longest file first onto the lightest shard: within one longest file of the best split. */
export function assign(files, seconds, shards) {
  const known = files
    .map((f) => seconds[f])
    .filter((s) => typeof s === "number")
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 60;
  const weight = (f) => seconds[f] ?? median;
  const bins = Array.from({ length: shards }, () => ({ total: 0, files: [] }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = bins.reduce((min, b) => (b.total < min.total ? b : min));
    lightest.files.push(f);
    lightest.total += weight(f);
  }
  return bins;
}

function update(reports) {
  const seconds = readDurations();
  const walk = (suite, add) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) add(suite.file ?? spec.file, result.duration ?? 0);
      }
    }
    for (const child of suite.suites ?? []) walk({ ...child, file: child.file ?? suite.file }, add);
  };
  const measured = {};
  for (const path of reports) {
    const report = JSON.parse(readFileSync(path, "utf8"));
    for (const suite of report.suites ?? []) {
      walk(suite, (file, ms) => {
        const key = `${DIR}/${file.replace(/^.*tests\/e2e\//, "")}`;
        measured[key] = (measured[key] ?? 0) + ms / 1000;
      });
    }
  }
  for (const [file, s] of Object.entries(measured)) seconds[file] = Math.round(s);
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`recorded ${Object.keys(measured).length} files in ${DURATIONS}`);
}

const [first, ...rest] = process.argv.slice(2);
if (first === "--update") {
  update(rest);
} else if (first) {
  const k = Number(first);
  const n = Number(rest[0] ?? 2);
  if (!(k >= 1 && k <= n)) throw new Error("usage: node scripts/e2e-shards.mjs K N");
  const bins = assign(specs(), readDurations(), n);
  console.log(bins[k - 1].files.join("\n"));
  console.error(
    `shard ${k}/${n}: ${bins[k - 1].files.length} files, about ${Math.round(bins[k - 1].total / 60)} min`,
  );
}
