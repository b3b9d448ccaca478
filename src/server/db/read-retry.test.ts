import { describe, expect, it } from "vitest";
import { isConnectionLost, isReadOnlyStatement } from "./read-retry";

describe("isReadOnlyStatement: only what can be sent twice", () => {
  it("takes Drizzle's selects, relational queries and read-only CTEs", () => {
    expect(isReadOnlyStatement('select "id", "name" from "companies" where "id" = $1')).toBe(true);
    expect(isReadOnlyStatement("  /* q */ (select 1) union (select 2)")).toBe(true);
    expect(isReadOnlyStatement("with p as (select 1 as x) select x from p")).toBe(true);
    expect(isReadOnlyStatement('select "updated_at", "deleted_at" from "news"')).toBe(true);
  });

  it("refuses writes, locking reads, SELECT INTO and functions with effects", () => {
    expect(isReadOnlyStatement('insert into "users" ("email") values ($1)')).toBe(false);
    expect(isReadOnlyStatement("update users set name = $1")).toBe(false);
    expect(isReadOnlyStatement("with d as (delete from t returning id) select id from d")).toBe(false);
    expect(isReadOnlyStatement("select id from t where id = $1 for update")).toBe(false);
    expect(isReadOnlyStatement("select id from t for share skip locked")).toBe(false);
    expect(isReadOnlyStatement("select * into copy_of_t from t")).toBe(false);
    expect(isReadOnlyStatement("select pg_notify('oem_changes', $1)")).toBe(false);
    expect(isReadOnlyStatement("select pg_try_advisory_lock(1)")).toBe(false);
    expect(isReadOnlyStatement("select nextval('s')")).toBe(false);
    expect(isReadOnlyStatement("begin")).toBe(false);
    expect(isReadOnlyStatement("")).toBe(false);
  });
});

describe("isConnectionLost: a cut connection, not one that could not be opened", () => {
  it("knows PostgreSQL ending the session and node-postgres's cut sockets", () => {
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    expect(isConnectionLost(terminated)).toBe(true);
    expect(isConnectionLost(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
    expect(isConnectionLost(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isConnectionLost(new Error("Client has encountered a connection error and is not queryable")),
    ).toBe(true);
  });

  it("leaves connect failures and query errors alone", () => {
    expect(isConnectionLost(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(
      false,
    );
    expect(isConnectionLost(new Error("Connection terminated due to connection timeout"))).toBe(false);
    expect(isConnectionLost(new Error("timeout exceeded when trying to connect"))).toBe(false);
    expect(
      isConnectionLost(Object.assign(new Error("the database system is starting up"), { code: "57P03" })),
    ).toBe(false);
    expect(isConnectionLost(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
  });
});
