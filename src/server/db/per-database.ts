import { type Placeholder, sql } from "drizzle-orm";
import { MAX_PER_PAGE } from "@/lib/pagination";
import type { Db } from "./client";

/**
 * A value built once per database handle: a hot read's prepared statement (Drizzle builds it once;
 * PostgreSQL plans it once per connection).
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/**
 * A condition's value in a statement prepared per shape: the value itself (`givenValue`), or its
 * named placeholder when the statement is built for `prepare` (`placeholderOf`).
 */
export type Param = <T>(name: string, value: T) => T | Placeholder;
export const givenValue: Param = (_name, value) => value;
export const placeholderOf: Param = (name) => sql.placeholder(name);

/**
 * A page's bounds in a statement prepared per shape. PostgreSQL cannot cost `LIMIT $n OFFSET $m`
 * (it assumes a tenth of the rows), so such a statement's generic plan looks dearer than a custom
 * one and is planned again at every execution. The first page, the one nearly every visit reads,
 * is written with its limit as a literal (a statement per page size, at most MAX_PER_PAGE) and no
 * offset: its generic plan is chosen after the fifth execution and kept. Later pages keep the
 * placeholders. `key` tells the statements apart.
 */
export function pageBounds(limit: number, offset: number) {
  if (offset === 0 && Number.isSafeInteger(limit) && limit > 0 && limit <= MAX_PER_PAGE) {
    return {
      key: `first${limit}`,
      // Drizzle writes an SQL limit into the statement as it is (a number would become a parameter).
      limit: sql.raw(String(limit)) as unknown as Placeholder,
      offset: 0,
      values: {},
    };
  }
  return {
    key: "paged",
    limit: sql.placeholder("limit"),
    offset: sql.placeholder("offset"),
    values: { limit, offset },
  };
}
