import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Rules the suite keeps about itself (issue 33 item 31), read from the test sources:
// - a test named for a race (concurrent, simultaneous, race, 同時) is declared with itConcurrently
//   (tests/support/concurrency.ts): PGlite runs one transaction at a time, where it could not fail;
// - every property test (fc.assert) runs with a fixed seed, so a failure is reproduced by rerunning.

const ROOTS = ["src", "tests"];
const RACE = /concurren|simultaneous|\brace\b|\braces\b|同時/i;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === "node_modules" ? [] : testFiles(p);
    return /\.(test|spec)\.tsx?$/.test(name) || /tests\/security\/fuzz\//.test(p) ? [p] : [];
  });
}

const files = ROOTS.flatMap((r) => testFiles(path.resolve(r))).map((p) => ({
  file: path.relative(process.cwd(), p),
  source: readFileSync(p, "utf8"),
}));

/** The text between the parenthesis at `open` and its match. */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

describe("the suite's own rules", () => {
  it("finds the test files it reads", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.file === "tests/api/ticket-concurrency.test.ts")).toBe(true);
  });

  it("declares every test of racing requests with itConcurrently (skipped on PGlite, run on PostgreSQL)", () => {
    const plain: string[] = [];
    const declared = /\b(it|test|itConcurrently)(?:\.only)?\(\s*(["'`])((?:\\.|(?!\2)[\s\S])*?)\2/g;
    for (const { file, source } of files) {
      // This file names the rule, not a race.
      if (!file.startsWith("tests/api/") || file.endsWith("suite-rules.test.ts")) continue;
      for (const m of source.matchAll(declared)) {
        if (RACE.test(m[3]!) && m[1] !== "itConcurrently") plain.push(`${file}: ${m[3]}`);
      }
    }
    expect(plain).toEqual([]);
    const races = files.filter((f) => f.source.includes("itConcurrently(")).map((f) => f.file);
    expect(races.length).toBeGreaterThanOrEqual(5);
  });

  it("gives every property test (fc.assert) a fixed seed", () => {
    const unseeded: string[] = [];
    let calls = 0;
    for (const { file, source } of files) {
      for (const m of source.matchAll(/\bfc\.assert\(/g)) {
        calls++;
        const args = argumentsAt(source, m.index! + m[0].length - 1);
        if (/\bseed\s*:/.test(args)) continue;
        // fc.assert(property, params) with `const params = { …, seed: … }` in the same file.
        const last = /,\s*([A-Za-z_$][\w$]*)\s*,?\s*$/.exec(args)?.[1];
        const defined = last && new RegExp(`const ${last}\\s*=\\s*\\{[^}]*\\bseed\\s*:`).test(source);
        if (!defined) unseeded.push(`${file}:${source.slice(0, m.index).split("\n").length}`);
      }
    }
    expect(calls).toBeGreaterThanOrEqual(4);
    expect(unseeded).toEqual([]);
  });
});
