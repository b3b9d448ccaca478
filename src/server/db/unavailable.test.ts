import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

describe("isDatabaseUnavailable", () => {
  it("knows the connection failures of node-postgres and PostgreSQL, also wrapped", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], ""))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Cannot use a pool after calling end on the pool"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("too many clients"), { code: "53300" }))).toBe(true);
  });

  it("leaves query errors alone (they are bugs: 500)", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
