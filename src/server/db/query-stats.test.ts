import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client";
import { type QueryStats, withQueryStats } from "./query-stats";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory" });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("query counter", () => {
  it("counts the queries run inside its scope, in transactions too, and nothing outside it", async () => {
    const { db } = database;
    const stats: QueryStats = { count: 0, ms: 0, statements: [] };
    await withQueryStats(stats, async () => {
      await db.execute(sql`select 1`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
      });
    });
    await db.execute(sql`select 3`);
    expect(stats.count).toBe(2);
    expect(stats.ms).toBeGreaterThan(0);
    expect(stats.statements).toEqual(["select 1", "select 2"]);
  });

  it("keeps text dates for Drizzle while PGlite no longer merges its parsers per query", async () => {
    const [row] = (
      await database.db.execute<{ t: string }>(sql`select '2026-01-02 03:04:05+00'::timestamptz as t`)
    ).rows;
    expect(typeof row?.t).toBe("string");
    const res = await database.pglite!.query<{ n: number; j: { a: number } }>(
      `select 1::int as n, '{"a":1}'::json as j`,
    );
    expect(res.rows[0]).toEqual({ n: 1, j: { a: 1 } });
  });
});
