import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client";
import { withCompiledRows } from "./compiled-rows";

// A prepared statement with compiled rows answers the very objects Drizzle's own mapping makes:
// each statement below is prepared twice, once as Drizzle maps it and once compiled.

const parents = pgTable("cr_parents", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  stamp: timestamp("stamp", { withTimezone: true, mode: "string" }),
  n: integer("n"),
});
const children = pgTable("cr_children", {
  id: uuid("id").primaryKey(),
  parentId: uuid("parent_id").notNull(),
  label: text("label").notNull(),
});

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory", migrate: false });
  await database.db.execute(sql`create table cr_parents (id uuid primary key, name text not null,
    created_at timestamptz not null, stamp timestamptz, n int)`);
  await database.db.execute(
    sql`create table cr_children (id uuid primary key, parent_id uuid not null, label text not null)`,
  );
  await database.db.execute(sql`insert into cr_parents values
    ('00000000-0000-4000-8000-000000000001', '一', '2026-11-01T00:00:00Z', '2026-11-02T03:04:05Z', 1),
    ('00000000-0000-4000-8000-000000000002', '二', '2026-11-03T00:00:00Z', null, null)`);
  await database.db.execute(sql`insert into cr_children values
    ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'いち')`);
});

afterAll(async () => {
  await database?.close();
});

let statementNumber = 0;
/** The statement's rows as Drizzle maps them and as the compiled mapper does, and whether it compiled. */
async function both(build: () => { prepare(name: string): { execute(v?: object): Promise<unknown[]> } }) {
  const plain = build().prepare(`cr_plain_${++statementNumber}`);
  const compiled = withCompiledRows(build().prepare(`cr_compiled_${statementNumber}`));
  const usesCompiled = Boolean((compiled as { customResultMapper?: unknown }).customResultMapper);
  return { expected: await plain.execute({}), actual: await compiled.execute({}), usesCompiled };
}

describe("withCompiledRows", () => {
  it("maps a subquery's aliased columns, SQL columns with decoders and timestamps as Drizzle does", async () => {
    const { db } = database;
    const r = await both(() => {
      const page = db.select().from(parents).orderBy(parents.createdAt).as("page");
      return db
        .select({
          id: page.id,
          name: page.name,
          createdAt: page.createdAt,
          stamp: page.stamp,
          n: page.n,
          doubled: sql<number>`${page.n} * 2`.mapWith(Number),
          labels: sql<
            string[]
          >`array(select ${children.label} from ${children} where ${children.parentId} = ${page.id})`,
        })
        .from(page)
        .orderBy(page.createdAt);
    });
    expect(r.usesCompiled).toBe(true);
    expect(r.actual).toEqual(r.expected);
    expect((r.actual[0] as { createdAt: Date }).createdAt).toBeInstanceOf(Date);
    expect(r.actual).toHaveLength(2);
  });

  it("builds nested objects of an inner join as Drizzle does", async () => {
    const { db } = database;
    const r = await both(() =>
      db
        .select({ parent: { id: parents.id, name: parents.name }, child: { label: children.label } })
        .from(parents)
        .innerJoin(children, eq(children.parentId, parents.id)),
    );
    expect(r.usesCompiled).toBe(true);
    expect(r.actual).toEqual(r.expected);
    expect(r.actual).toEqual([
      { parent: { id: "00000000-0000-4000-8000-000000000001", name: "一" }, child: { label: "いち" } },
    ]);
  });

  it("leaves a left join's nullable objects to Drizzle (a missing row makes the object null)", async () => {
    const { db } = database;
    const r = await both(() =>
      db
        .select({ parent: { id: parents.id }, child: { label: children.label } })
        .from(parents)
        .leftJoin(children, eq(children.parentId, parents.id))
        .orderBy(parents.createdAt),
    );
    expect(r.usesCompiled).toBe(false);
    expect(r.actual).toEqual(r.expected);
    expect((r.actual[1] as { child: unknown }).child).toBeNull();
  });

  it("compiles a left join whose joined columns are flat (no object to null)", async () => {
    const { db } = database;
    const r = await both(() =>
      db
        .select({ id: parents.id, label: children.label })
        .from(parents)
        .leftJoin(children, eq(children.parentId, parents.id))
        .orderBy(parents.createdAt),
    );
    expect(r.usesCompiled).toBe(true);
    expect(r.actual).toEqual(r.expected);
    expect((r.actual[1] as { label: unknown }).label).toBeNull();
  });
});
