// The house rules of docs/architecture.md as pure checks over an import list (scripts/check-architecture.ts feeds it).
import type { ImportRef } from "./architecture-imports";

export type RuleId = "a" | "b" | "c" | "d" | "e";

export const RULES: Record<RuleId, string> = {
  a: "@/server/db/schema is imported only by repositories (src/modules/**, src/server/**: *.repository.ts) and src/server/db/**",
  b: "a module imports another module only through its *.service.ts or *.schema.ts",
  c: "a module's ui/ is imported only inside that module and by pages under src/app",
  d: "src/components/** imports no src/modules/**",
  e: "no dependency cycle between modules (two-way dependencies and longer cycles)",
};

export interface SourceFile {
  /** Path from the repository root with forward slashes, e.g. "src/modules/owner/owner.service.ts". */
  path: string;
  imports: ImportRef[];
}

export interface Violation {
  rule: RuleId;
  file: string;
  line: number;
  /** The specifier as written; for rule e the cycle, e.g. "billing>inquiries>billing". */
  import: string;
  reason: string;
}

export interface ModuleEdge {
  from: string;
  to: string;
  /** The first import that makes the edge, for the report. */
  file: string;
  line: number;
  specifier: string;
}

const SCHEMA = "src/server/db/schema";
const MODULE_PATH = /^src\/modules\/([^/]+)\//;
const UI_PATH = /^src\/modules\/([^/]+)\/ui(?:\/|$)/;
const PUBLIC_SURFACE = /^src\/modules\/[^/]+\/[^/]+\.(?:service|schema)$/;
const EXTENSION = /\.(?:tsx?|jsx?|mjs|cjs)$/;

/** Test code may reach anywhere: it sets up and inspects what production code must not touch. */
export function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.startsWith("tests/");
}

/** The repository path (without extension) an import points at, or null for a package. */
export function resolveImport(fromFile: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("@/")) target = `src/${specifier.slice(2)}`;
  else if (specifier.startsWith("./") || specifier.startsWith("../"))
    target = joinPath(dirname(fromFile), specifier);
  else return null;
  return target.replace(EXTENSION, "");
}

export function moduleOf(path: string): string | null {
  return MODULE_PATH.exec(path)?.[1] ?? null;
}

/** Rules a–d: one violation per offending import, each import under the one rule that names it best. */
export function checkImports(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (isTestFile(file.path)) continue;
    const fromModule = moduleOf(file.path);
    for (const ref of file.imports) {
      const target = resolveImport(file.path, ref.specifier);
      if (target === null) continue;
      const push = (rule: RuleId, reason: string) =>
        violations.push({ rule, file: file.path, line: ref.line, import: ref.specifier, reason });

      if (target === SCHEMA && !mayImportSchema(file.path)) {
        push("a", "imports the database schema outside a repository or src/server/db");
        continue;
      }
      const toModule = moduleOf(target);
      if (toModule === null || toModule === fromModule) continue;
      const uiOwner = UI_PATH.exec(target)?.[1];
      if (file.path.startsWith("src/components/")) {
        push("d", `a shared component imports module ${toModule}`);
      } else if (uiOwner && !file.path.startsWith("src/app/")) {
        push("c", `imports ${uiOwner}/ui from ${fromModule ? `module ${fromModule}` : "outside the module"}`);
      } else if (fromModule && !uiOwner && !PUBLIC_SURFACE.test(target)) {
        push(
          "b",
          `module ${fromModule} reaches into ${toModule}/${basename(target)} (not a service or schema)`,
        );
      }
    }
  }
  return violations;
}

/** A domain's repository, an infrastructure table's repository (e.g. the email outbox's; decision 0013), or src/server/db. */
export function mayImportSchema(path: string): boolean {
  return /^src\/(?:modules|server)\/.+\.repository\.tsx?$/.test(path) || path.startsWith("src/server/db/");
}

/** Module → module edges from non-test code (type-only imports count: they couple the two as much). */
export function moduleEdges(files: SourceFile[]): ModuleEdge[] {
  const edges = new Map<string, ModuleEdge>();
  for (const file of files) {
    const from = moduleOf(file.path);
    if (from === null || isTestFile(file.path)) continue;
    for (const ref of file.imports) {
      const target = resolveImport(file.path, ref.specifier);
      const to = target === null ? null : moduleOf(target);
      if (to === null || to === from) continue;
      const key = `${from}>${to}`;
      if (!edges.has(key))
        edges.set(key, { from, to, file: file.path, line: ref.line, specifier: ref.specifier });
    }
  }
  return [...edges.values()];
}

/** Every simple cycle in the module graph, each once, starting at its alphabetically first module. */
export function findCycles(edges: ModuleEdge[], maxCycles = 1000): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  for (const list of next.values()) list.sort();
  const nodes = [...new Set(edges.flatMap((edge) => [edge.from, edge.to]))].sort();
  const cycles: string[][] = [];
  for (const start of nodes) {
    const path = [start];
    const walk = (node: string) => {
      for (const to of next.get(node) ?? []) {
        if (cycles.length >= maxCycles) return;
        if (to === start) cycles.push([...path]);
        else if (to > start && !path.includes(to)) {
          path.push(to);
          walk(to);
          path.pop();
        }
      }
    };
    walk(start);
  }
  return cycles.sort((a, b) => a.length - b.length || a.join(">").localeCompare(b.join(">")));
}

/** `billing.service.ts:5 imports @/modules/inquiries/inquiry.service`: where an edge of a cycle is made. */
function edgeText(edge: ModuleEdge): string {
  return `${edge.from}→${edge.to} (${edge.file}:${edge.line} imports ${edge.specifier})`;
}

/**
 * Rule e: one violation per cycle, located at the import that makes its first edge; the reason names
 * every edge of the cycle with the import that makes it, so both sides of a two-way dependency show.
 */
export function checkCycles(files: SourceFile[]): Violation[] {
  const edges = moduleEdges(files);
  const byKey = new Map(edges.map((edge) => [`${edge.from}>${edge.to}`, edge]));
  return findCycles(edges).map((cycle) => {
    const ring = [...cycle, cycle[0]!];
    const steps = cycle.map((from, i) => byKey.get(`${from}>${ring[i + 1]}`)!);
    const first = steps[0]!;
    const what =
      cycle.length === 2 ? `two-way dependency ${cycle[0]}↔${cycle[1]}` : `cycle of ${cycle.length} modules`;
    const reason = `${what}: ${steps.map(edgeText).join("; ")}`;
    return { rule: "e" as const, file: first.file, line: first.line, import: ring.join(">"), reason };
  });
}

export function checkArchitecture(files: SourceFile[]): Violation[] {
  return [...checkImports(files), ...checkCycles(files)];
}

export interface BaselineEntry {
  rule: RuleId;
  file: string;
  import: string;
}

/** Where a cycle is listed in a baseline: the cycle is the graph's, not the file's that shows its first edge. */
const GRAPH = "src/modules";

/** Line numbers are left out of the key: other edits move lines without changing what is imported. */
const keyOf = (entry: BaselineEntry) =>
  `${entry.rule}|${entry.rule === "e" ? GRAPH : entry.file}|${entry.import}`;

export function toBaseline(violations: Violation[]): BaselineEntry[] {
  return violations
    .map(({ rule, file, import: specifier }) => ({
      rule,
      file: rule === "e" ? GRAPH : file,
      import: specifier,
    }))
    .sort((x, y) => keyOf(x).localeCompare(keyOf(y)));
}

/** What the baseline does not excuse (`added`) and what it excuses that is gone (`fixed`). */
export function compareWithBaseline(
  violations: Violation[],
  baseline: BaselineEntry[],
): { added: Violation[]; fixed: BaselineEntry[] } {
  const remaining = new Map<string, number>();
  for (const entry of baseline) remaining.set(keyOf(entry), (remaining.get(keyOf(entry)) ?? 0) + 1);
  const added: Violation[] = [];
  for (const violation of violations) {
    const key = keyOf(violation);
    const left = remaining.get(key) ?? 0;
    if (left > 0) remaining.set(key, left - 1);
    else added.push(violation);
  }
  const fixed: BaselineEntry[] = [];
  for (const entry of baseline) {
    const key = keyOf(entry);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      fixed.push(entry);
      remaining.set(key, left - 1);
    }
  }
  return { added, fixed };
}

function dirname(path: string): string {
  const at = path.lastIndexOf("/");
  return at === -1 ? "" : path.slice(0, at);
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function joinPath(base: string, relative: string): string {
  const parts = base === "" ? [] : base.split("/");
  for (const part of relative.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}
