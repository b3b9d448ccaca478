import { type Placeholder, sql } from "drizzle-orm";
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
