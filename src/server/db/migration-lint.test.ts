import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GRANDFATHERED, lintMigration, lintMigrationsFolder } from "./migration-lint";
import { splitStatements } from "./migration-sql";

// The migration check (decision 0043): each rule with a refused and an allowed case, and the check
// over the real drizzle/ folder (so CI refuses an unsafe migration in the unit project).

const lint = (sql: string) => lintMigration("0099_fixture.sql", sql).map((f) => `${f.line}: ${f.message}`);
const NO_TX = "-- migrate: no-transaction\n";

describe("contracting statements need a `-- contract:` reason", () => {
  const cases: Array<[rule: string, sql: string]> = [
    ["DROP TABLE", `DROP TABLE "old_quotes";`],
    ["DROP COLUMN", `ALTER TABLE "inquiries" DROP COLUMN "legacy_note";`],
    ["DROP COLUMN", `ALTER TABLE "inquiries" DROP "legacy_note";`],
    ["RENAME", `ALTER TABLE "inquiries" RENAME COLUMN "title" TO "subject";`],
    ["RENAME", `ALTER TABLE "inquiries" RENAME TO "requests";`],
    ["ALTER COLUMN … TYPE", `ALTER TABLE "inquiries" ALTER COLUMN "budget" SET DATA TYPE bigint;`],
    ["ALTER COLUMN … TYPE", `ALTER TABLE "inquiries" ALTER "budget" TYPE bigint;`],
    ["SET NOT NULL", `ALTER TABLE "inquiries" ALTER COLUMN "budget" SET NOT NULL;`],
    ["ADD COLUMN … NOT NULL without a DEFAULT", `ALTER TABLE "inquiries" ADD COLUMN "lot" integer NOT NULL;`],
  ];
  for (const [rule, sql] of cases) {
    it(`refuses ${sql}`, () => {
      const found = lint(sql);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(rule);
      expect(found[0]).toContain("-- contract:");
    });
    it(`allows it with a reason on the line before: ${sql}`, () => {
      expect(lint(`-- contract: release 2026.12 stopped reading it (PR #123)\n${sql}`)).toEqual([]);
    });
  }

  it("a marker without a reason does not count", () => {
    expect(lint(`-- contract:\nDROP TABLE "old_quotes";`)).toHaveLength(1);
  });

  it("the marker applies to its own statement only", () => {
    const sql = `-- contract: nothing reads it since 2026.12\nDROP TABLE "a";\nDROP TABLE "b";`;
    expect(lint(sql)).toEqual([expect.stringMatching(/^3: DROP TABLE/)]);
  });

  it("allows what only expands or relaxes: nullable or defaulted columns, DROP DEFAULT / NOT NULL, constraints", () => {
    const sql = [
      `ALTER TABLE "inquiries" ADD COLUMN "lot" integer;`,
      `ALTER TABLE "inquiries" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;`,
      `ALTER TABLE "inquiries" ALTER COLUMN "budget" DROP NOT NULL;`,
      `ALTER TABLE "inquiries" ALTER COLUMN "budget" DROP DEFAULT;`,
      `ALTER TABLE "inquiries" DROP CONSTRAINT "inquiries_budget_check";`,
      `ALTER TYPE "public"."entry_status" ADD VALUE 'AWARDED';`,
    ].join("--> statement-breakpoint\n");
    expect(lint(sql)).toEqual([]);
  });

  it("a constraint on an existing table is added NOT VALID (or USING INDEX), then validated", () => {
    const table = `ALTER TABLE "inquiries" ADD CONSTRAINT`;
    expect(lint(`${table} "subject_set" CHECK ("subject" IS NOT NULL);`)).toEqual([
      expect.stringContaining("add it NOT VALID"),
    ]);
    expect(lint(`${table} "f" FOREIGN KEY ("x") REFERENCES "companies"("id");`)).toHaveLength(1);
    expect(lint(`${table} "u" UNIQUE ("x");`)).toEqual([expect.stringContaining("USING INDEX")]);
    const safe = [
      `${table} "subject_set" CHECK ("subject" IS NOT NULL) NOT VALID;`,
      `ALTER TABLE "inquiries" VALIDATE CONSTRAINT "subject_set";`,
      `${table} "u" UNIQUE USING INDEX "inquiries_x_key";`,
    ].join("--> statement-breakpoint\n");
    expect(lint(safe)).toEqual([]);
  });

  it("SET NOT NULL and a NOT NULL column are fine on a table created in the same migration", () => {
    const sql = `CREATE TABLE "lots" ("id" serial PRIMARY KEY, "qty" integer);--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "unit" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ALTER COLUMN "qty" SET NOT NULL;`;
    expect(lint(sql)).toEqual([]);
  });
});

describe("indexes on existing tables are built concurrently", () => {
  it("refuses CREATE INDEX on a table that existed before the migration", () => {
    expect(lint(`CREATE INDEX "inquiries_x_idx" ON "inquiries" USING btree ("x");`)).toEqual([
      expect.stringMatching(
        /^1: CREATE INDEX on "inquiries", a table that exists before this migration, without CONCURRENTLY/,
      ),
    ]);
  });

  it("allows CREATE INDEX on a table created in the same migration", () => {
    const sql = `CREATE TABLE "lots" ("id" serial PRIMARY KEY, "qty" integer);--> statement-breakpoint
CREATE INDEX "lots_qty_idx" ON "lots" USING btree ("qty");`;
    expect(lint(sql)).toEqual([]);
  });

  it("allows CREATE INDEX CONCURRENTLY IF NOT EXISTS in a no-transaction file", () => {
    expect(
      lint(`${NO_TX}CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "i_x" ON "public"."inquiries" ("x");`),
    ).toEqual([]);
  });

  it("reads the marker among the file's first comment lines (drizzle-kit generate --custom writes one), not further down", () => {
    const custom = `-- Custom SQL migration file, put your code below! --\n${NO_TX}`;
    expect(lint(`${custom}CREATE INDEX CONCURRENTLY IF NOT EXISTS "i_x" ON "inquiries" ("x");`)).toEqual([]);
    expect(
      lint(`SELECT 1;\n${NO_TX}CREATE INDEX CONCURRENTLY IF NOT EXISTS "i_x" ON "inquiries" ("x");`),
    ).toEqual([expect.stringContaining("CONCURRENTLY cannot run inside a transaction")]);
  });

  it("refuses CONCURRENTLY in a transactional file (PostgreSQL would refuse it there)", () => {
    expect(lint(`CREATE INDEX CONCURRENTLY IF NOT EXISTS "i_x" ON "inquiries" ("x");`)).toEqual([
      expect.stringContaining("CONCURRENTLY cannot run inside a transaction"),
    ]);
  });

  it("refuses a statement that is not safe to run twice in a no-transaction file", () => {
    expect(lint(`${NO_TX}CREATE INDEX CONCURRENTLY "i_x" ON "inquiries" ("x");`)).toEqual([
      expect.stringContaining("must be safe to run again"),
    ]);
    expect(lint(`${NO_TX}ALTER TABLE "inquiries" ADD COLUMN "lot" integer;`)).toEqual([
      expect.stringContaining("must be safe to run again"),
    ]);
  });

  it("refuses a plain DROP INDEX, allows DROP INDEX CONCURRENTLY IF EXISTS", () => {
    expect(lint(`DROP INDEX "inquiries_x_idx";`)).toEqual([
      expect.stringContaining("DROP INDEX without CONCURRENTLY"),
    ]);
    expect(lint(`${NO_TX}DROP INDEX CONCURRENTLY IF EXISTS "inquiries_x_idx";`)).toEqual([]);
  });

  it("0014's plain rebuild of an index on inquiries is what is now refused (grandfathered)", () => {
    const text = readFileSync(path.resolve("drizzle/0014_nominations_in_order.sql"), "utf8");
    expect(lintMigration("0014_nominations_in_order.sql", text).map((f) => f.line)).toEqual([1, 2]);
  });
});

describe("lock_timeout belongs to the runner", () => {
  it("refuses a file that sets lock_timeout for the session, or without a reason", () => {
    expect(lint(`SET lock_timeout = 0;`)).toEqual([expect.stringContaining("the runner sets lock_timeout")]);
    expect(
      lint(`-- lock-timeout: the backfill waits for the nightly export\nSET lock_timeout = 0;`),
    ).toHaveLength(1);
    expect(lint(`SET LOCAL lock_timeout = '30s';`)).toHaveLength(1);
    expect(lint(`SELECT set_config('statement_timeout', '0', false);`)).toHaveLength(1);
  });

  it("allows SET LOCAL with a reason", () => {
    expect(
      lint(`-- lock-timeout: the table is read only by the nightly export\nSET LOCAL lock_timeout = '30s';`),
    ).toEqual([]);
  });
});

describe("statements are split like PostgreSQL reads them", () => {
  it("keeps a function body with semicolons in one statement, and strings and quoted names intact", () => {
    const sql = `CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN PERFORM 1; RETURN NEW; END $$ LANGUAGE plpgsql;
-- contract: a comment
INSERT INTO "a;b" VALUES ('x;y', 'it''s');`;
    const statements = splitStatements(sql);
    expect(statements.map((s) => s.line)).toEqual([1, 3]);
    expect(statements[1]).toMatchObject({
      sql: `INSERT INTO "a;b" VALUES ('x;y', 'it''s')`,
      comments: ["contract: a comment"],
    });
  });
});

describe("the drizzle/ folder", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("passes the check (npm run lint:migrations)", () => {
    expect(lintMigrationsFolder(path.resolve("drizzle"))).toEqual([]);
  });

  it("grandfathers exactly the migrations that were applied before the check, pinned to their content", () => {
    const journal = JSON.parse(readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    const tags = journal.entries.map((e) => e.tag);
    expect(Object.keys(GRANDFATHERED)).toEqual(tags.filter((t) => Number(t.slice(0, 4)) <= 16));
  });

  it("refuses an edited grandfathered file, a file missing from the journal, and a new unsafe migration", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "oem-lint-"));
    dirs.push(dir);
    mkdirSync(path.join(dir, "meta"));
    const entries = ["0000_a", "0001_b"].map((tag, idx) => ({
      idx,
      version: "7",
      when: 1000 + idx,
      tag,
      breakpoints: true,
    }));
    writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ entries }));
    writeFileSync(path.join(dir, "0000_a.sql"), `CREATE TABLE "a" ("id" int);\n-- edited`);
    writeFileSync(path.join(dir, "0001_b.sql"), `CREATE INDEX "a_id" ON "a" ("id");`);
    writeFileSync(path.join(dir, "0002_c.sql"), `CREATE TABLE "c" ("id" int);`);
    const findings = lintMigrationsFolder(dir, {
      "0000_a": { sha256: "0".repeat(64), reason: "applied everywhere" },
    });
    expect(findings.map((f) => `${f.file}: ${f.message.slice(0, 40)}`)).toEqual([
      "0002_c.sql: not in meta/_journal.json: the runner ne",
      "0000_a.sql: applied everywhere already and grandfath",
      '0001_b.sql: CREATE INDEX on "a", a table that exists',
    ]);
  });
});
