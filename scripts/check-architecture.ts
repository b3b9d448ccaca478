// Checks the import rules of docs/architecture.md over src/. Usage:
//   tsx scripts/check-architecture.ts                      every violation; exit 1 if any
//   tsx scripts/check-architecture.ts --baseline FILE      only violations FILE does not list; exit 1 if any
//   tsx scripts/check-architecture.ts --baseline FILE --update   write today's violations to FILE
//   add --json for machine-readable output
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseImports } from "@/lib/architecture-imports";
import {
  type BaselineEntry,
  checkArchitecture,
  compareWithBaseline,
  RULES,
  type RuleId,
  type SourceFile,
  toBaseline,
  type Violation,
} from "@/lib/architecture-rules";

const root = path.resolve(import.meta.dirname, "..");

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

function readSources(): SourceFile[] {
  return listSources(path.join(root, "src"))
    .sort()
    .map((full) => {
      const rel = path.relative(root, full).split(path.sep).join("/");
      return { path: rel, imports: parseImports(rel, readFileSync(full, "utf8")) };
    });
}

function counts(violations: Violation[]): Record<RuleId, number> {
  const out: Record<RuleId, number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
  for (const v of violations) out[v.rule] += 1;
  return out;
}

function print(violations: Violation[]) {
  for (const v of violations) {
    if (v.rule !== "e") {
      console.log(`${v.file}:${v.line}  [${v.rule}] ${v.import}  — ${v.reason}`);
      continue;
    }
    // A cycle: its name, then each edge with the import that makes it (one per line).
    const [what, edges = ""] = v.reason.split(/: (.*)/s);
    console.log(`[e] ${v.import}  — ${what}`);
    for (const edge of edges.split("; ")) console.log(`      ${edge}`);
  }
}

function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--baseline");
  const baselineFile = at === -1 ? null : args[at + 1];
  if (at !== -1 && !baselineFile) throw new Error("--baseline needs a file name");
  const update = args.includes("--update");
  const json = args.includes("--json");
  if (update && !baselineFile) throw new Error("--update needs --baseline FILE");

  const violations = checkArchitecture(readSources());
  const perRule = counts(violations);

  if (baselineFile && update) {
    const body = {
      about:
        "Architecture violations accepted for now (scripts/check-architecture.ts). Step 3 empties this list.",
      counts: perRule,
      violations: toBaseline(violations),
    };
    writeFileSync(path.resolve(baselineFile), `${JSON.stringify(body, null, 2)}\n`);
    console.log(`Wrote ${violations.length} violations to ${baselineFile}.`);
    return;
  }

  let failing = violations;
  let fixed: BaselineEntry[] = [];
  if (baselineFile) {
    if (!existsSync(baselineFile)) throw new Error(`${baselineFile} does not exist: create it with --update`);
    const baseline = JSON.parse(readFileSync(baselineFile, "utf8")) as { violations: BaselineEntry[] };
    ({ added: failing, fixed } = compareWithBaseline(violations, baseline.violations));
  }

  if (json) {
    console.log(JSON.stringify({ counts: perRule, failing, fixed }, null, 2));
  } else {
    print(failing);
    console.log("");
    for (const rule of Object.keys(RULES) as RuleId[]) {
      console.log(`  ${rule}: ${String(perRule[rule]).padStart(4)}  ${RULES[rule]}`);
    }
    console.log(
      `  total ${violations.length}${baselineFile ? `, not in the baseline: ${failing.length}` : ""}`,
    );
    if (fixed.length > 0) {
      console.log(`  ${fixed.length} baseline entries are fixed: shrink the baseline with --update`);
    }
  }
  process.exitCode = failing.length > 0 ? 1 : 0;
}

main();
