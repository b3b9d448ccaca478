import { describe, expect, it } from "vitest";
import { parseImports } from "./architecture-imports";
import {
  checkArchitecture,
  compareWithBaseline,
  findCycles,
  moduleEdges,
  resolveImport,
  type SourceFile,
  toBaseline,
} from "./architecture-rules";

// Small in-memory trees: path → source text, parsed as the script parses the real files.
const tree = (files: Record<string, string>): SourceFile[] =>
  Object.entries(files).map(([path, text]) => ({ path, imports: parseImports(path, text) }));
const check = (files: Record<string, string>) => checkArchitecture(tree(files));
const rulesOf = (files: Record<string, string>) => check(files).map((v) => v.rule);

describe("parseImports", () => {
  it("finds static, re-exported, dynamic, require and type-position imports with their lines", () => {
    const text = [
      'import { a } from "@/x/a";',
      'import type { B } from "./b";',
      'export { c } from "../c";',
      'const d = await import("@/x/d");',
      'let e: typeof import("e-package");',
      'const f = require("f-package");',
      '// import { g } from "@/commented-out";',
      'const h = "import { i } from \\"@/in-a-string\\"";',
    ].join("\n");
    expect(parseImports("src/x/file.ts", text)).toEqual([
      { specifier: "@/x/a", line: 1, typeOnly: false },
      { specifier: "./b", line: 2, typeOnly: true },
      { specifier: "../c", line: 3, typeOnly: false },
      { specifier: "@/x/d", line: 4, typeOnly: false },
      { specifier: "e-package", line: 5, typeOnly: true },
      { specifier: "f-package", line: 6, typeOnly: false },
    ]);
  });

  it("parses JSX files and marks an import whose every name is a type as type-only", () => {
    const text = 'import { type A, type B } from "./ab";\nexport const C = () => <div>{1}</div>;';
    expect(parseImports("src/x/c.tsx", text)).toEqual([{ specifier: "./ab", line: 1, typeOnly: true }]);
  });
});

describe("resolveImport", () => {
  it("maps the @/ alias to src/, joins relative paths, drops the extension and ignores packages", () => {
    expect(resolveImport("src/a/b.ts", "@/server/db/schema")).toBe("src/server/db/schema");
    expect(resolveImport("src/modules/leads/ui/form.tsx", "../lead.schema")).toBe(
      "src/modules/leads/lead.schema",
    );
    expect(resolveImport("src/server/db/seed/run.ts", "../schema.ts")).toBe("src/server/db/schema");
    expect(resolveImport("src/a/b.ts", "./c")).toBe("src/a/c");
    expect(resolveImport("src/a/b.ts", "drizzle-orm")).toBeNull();
  });
});

describe("rule a: the database schema", () => {
  const schemaImport = 'import { inquiries } from "@/server/db/schema";';

  it("reports a service that imports the schema, with file, line and reason", () => {
    const violations = check({ "src/modules/inquiries/inquiry.service.ts": `\n${schemaImport}` });
    expect(violations).toEqual([
      {
        rule: "a",
        file: "src/modules/inquiries/inquiry.service.ts",
        line: 2,
        import: "@/server/db/schema",
        reason: "imports the database schema outside a repository or src/server/db",
      },
    ]);
  });

  it("reports the schema reached by a relative path from infrastructure outside src/server/db", () => {
    expect(rulesOf({ "src/server/email/outbox.ts": 'import { emailOutbox } from "../db/schema";' })).toEqual([
      "a",
    ]);
  });

  it("allows repositories, src/server/db and tests", () => {
    expect(
      check({
        "src/modules/inquiries/inquiry.repository.ts": schemaImport,
        "src/modules/billing/sub/ledger.repository.ts": schemaImport,
        "src/server/db/client.ts": 'import * as schema from "./schema";',
        "src/server/db/seed/master.ts": schemaImport,
        "src/modules/inquiries/inquiry.service.test.ts": schemaImport,
      }),
    ).toEqual([]);
  });
});

describe("rule b: another module only through its service or schema", () => {
  it("reports a service that imports another module's repository or policy", () => {
    const violations = check({
      "src/modules/entries/entry.service.ts":
        'import { findInquiry } from "@/modules/inquiries/inquiry.repository";\n' +
        'import { canEnter } from "@/modules/inquiries/inquiry.policy";',
    });
    expect(violations.map((v) => [v.rule, v.line])).toEqual([
      ["b", 1],
      ["b", 2],
    ]);
    expect(violations[0]!.reason).toBe(
      "module entries reaches into inquiries/inquiry.repository (not a service or schema)",
    );
  });

  it("allows another module's service and schema, and any file of its own module", () => {
    expect(
      check({
        "src/modules/entries/entry.service.ts":
          'import { getInquiry } from "@/modules/inquiries/inquiry.service";\n' +
          'import type { Inquiry } from "@/modules/inquiries/inquiry.schema";\n' +
          'import { findEntry } from "./entry.repository";',
      }),
    ).toEqual([]);
  });

  it("leaves code outside src/modules (routes, pages) free to call a module's internals", () => {
    expect(
      rulesOf({ "src/api/routes/oem.ts": 'import { x } from "@/modules/inquiries/inquiry.repository";' }),
    ).toEqual([]);
  });
});

describe("rule c: a module's ui/ stays in that module", () => {
  it("reports another module importing ui/ (as c, not b)", () => {
    const violations = check({
      "src/modules/inquiries/ui/lists/parts.tsx":
        'import { Field } from "@/modules/companies/ui/settings/parts";',
    });
    expect(violations.map((v) => [v.rule, v.reason])).toEqual([
      ["c", "imports companies/ui from module inquiries"],
    ]);
  });

  it("reports API or server code importing a module's ui/", () => {
    expect(
      rulesOf({ "src/lib/labels.ts": 'import { LABELS } from "@/modules/inquiries/ui/lists/labels";' }),
    ).toEqual(["c"]);
  });

  it("allows pages under src/app and the module's own files", () => {
    expect(
      check({
        "src/app/(site)/account/oem/recruit/page.tsx":
          'import { List } from "@/modules/inquiries/ui/lists/list";',
        "src/modules/inquiries/ui/flow/step.tsx": 'import { L } from "../lists/labels";',
        "src/modules/inquiries/inquiry.service.ts": 'import { L } from "./ui/lists/labels";',
      }),
    ).toEqual([]);
  });
});

describe("rule d: shared components import no module", () => {
  it("reports a component importing a module's schema or ui", () => {
    const violations = check({
      "src/components/layout/sidebar.tsx":
        'import type { SessionUser } from "@/modules/identity/identity.schema";\n' +
        'import { Field } from "@/modules/companies/ui/settings/parts";',
    });
    expect(violations.map((v) => [v.rule, v.line, v.reason])).toEqual([
      ["d", 1, "a shared component imports module identity"],
      ["d", 2, "a shared component imports module companies"],
    ]);
  });

  it("allows components importing lib and other components", () => {
    expect(
      check({
        "src/components/owner/parts.tsx":
          'import { cn } from "@/lib/cn";\nimport { Button } from "../ui/button";',
      }),
    ).toEqual([]);
  });
});

describe("rule e: module cycles", () => {
  it("reports a two-way dependency once, at the first edge's import", () => {
    const violations = check({
      "src/modules/billing/billing.service.ts": 'import { a } from "@/modules/inquiries/inquiry.service";',
      "src/modules/inquiries/inquiry.service.ts": '\nimport { b } from "@/modules/billing/billing.service";',
    });
    expect(violations).toEqual([
      {
        rule: "e",
        file: "src/modules/billing/billing.service.ts",
        line: 1,
        import: "billing>inquiries>billing",
        reason: "two-way dependency billing↔inquiries",
      },
    ]);
  });

  it("reports a longer cycle and counts type-only imports as edges", () => {
    const violations = check({
      "src/modules/a/a.service.ts": 'import type { B } from "@/modules/b/b.schema";',
      "src/modules/b/b.service.ts": 'import { c } from "@/modules/c/c.service";',
      "src/modules/c/c.service.ts": 'import { a } from "@/modules/a/a.service";',
    });
    expect(violations.map((v) => [v.rule, v.import, v.reason])).toEqual([
      ["e", "a>b>c>a", "cycle of 3 modules"],
    ]);
  });

  it("does not report a one-way dependency, nor an edge made only by a test file", () => {
    expect(
      check({
        "src/modules/a/a.service.ts": 'import { b } from "@/modules/b/b.service";',
        "src/modules/b/b.service.test.ts": 'import { a } from "@/modules/a/a.service";',
      }),
    ).toEqual([]);
  });

  it("lists every simple cycle once, shortest first", () => {
    const edges = moduleEdges(
      tree({
        "src/modules/a/x.ts": 'import "@/modules/b/x";\nimport "@/modules/c/x";',
        "src/modules/b/x.ts": 'import "@/modules/a/x";\nimport "@/modules/c/x";',
        "src/modules/c/x.ts": 'import "@/modules/a/x";',
      }),
    );
    expect(findCycles(edges)).toEqual([
      ["a", "b"],
      ["a", "c"],
      ["a", "b", "c"],
    ]);
  });
});

describe("baseline", () => {
  const files = {
    "src/modules/owner/owner.service.ts": 'import { s } from "@/server/db/schema";',
    "src/components/owner/parts.tsx": 'import { L } from "@/modules/owner/owner.schema";',
  };

  it("excuses the violations it lists even when their lines move, and reports a new one", () => {
    const baseline = toBaseline(check(files));
    const moved = check({
      ...files,
      "src/modules/owner/owner.service.ts": '\n\nimport { s } from "@/server/db/schema";',
    });
    expect(compareWithBaseline(moved, baseline)).toEqual({ added: [], fixed: [] });

    const grown = check({
      ...files,
      "src/modules/news/news.service.ts": 'import { s } from "@/server/db/schema";',
    });
    const { added } = compareWithBaseline(grown, baseline);
    expect(added.map((v) => `${v.rule} ${v.file}`)).toEqual(["a src/modules/news/news.service.ts"]);
  });

  it("reports listed violations that are gone, so the baseline can shrink", () => {
    const baseline = toBaseline(check(files));
    const { added, fixed } = compareWithBaseline(check({ "src/components/owner/parts.tsx": "" }), baseline);
    expect(added).toEqual([]);
    expect(fixed.map((entry) => entry.rule).sort()).toEqual(["a", "d"]);
  });

  it("keys a cycle by its modules, not by the file that shows its first edge", () => {
    const before = check({
      "src/modules/a/one.ts": 'import "@/modules/b/b.service";',
      "src/modules/b/b.service.ts": 'import "@/modules/a/a.service";',
    });
    const after = check({
      "src/modules/a/two.ts": 'import "@/modules/b/b.service";',
      "src/modules/b/b.service.ts": 'import "@/modules/a/a.service";',
    });
    expect(compareWithBaseline(after, toBaseline(before))).toEqual({ added: [], fixed: [] });
  });
});
