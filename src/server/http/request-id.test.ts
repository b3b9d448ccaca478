import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./forwarded";
import { requestIdOf } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdOf", () => {
  it("adopts the id a trusted proxy sent (nginx's $request_id)", () => {
    const id = "5f2c1e0a9b8d7c6e5f4a3b2c1d0e9f8a";
    expect(requestIdOf("127.0.0.1", id, parseTrustProxy("1"))).toBe(id);
    expect(requestIdOf("10.0.0.5", id, parseTrustProxy("10.0.0.0/8"))).toBe(id);
  });

  it("does not let a client that reaches the app directly choose its id", () => {
    expect(requestIdOf("203.0.113.9", "chosen-by-client", undefined)).toMatch(UUID);
    expect(requestIdOf("203.0.113.9", "chosen-by-client", parseTrustProxy("10.0.0.0/8"))).toMatch(UUID);
  });

  it("replaces an id that would not be safe in a log line, even from a proxy", () => {
    expect(requestIdOf("127.0.0.1", 'a" b\n{"forged":1}', parseTrustProxy("1"))).toMatch(UUID);
    expect(requestIdOf("127.0.0.1", "x".repeat(101), parseTrustProxy("1"))).toMatch(UUID);
    expect(requestIdOf("127.0.0.1", "", parseTrustProxy("1"))).toMatch(UUID);
  });

  it("in-process calls (no socket) keep the caller's id", () => {
    expect(requestIdOf(undefined, "trace-123", undefined)).toBe("trace-123");
  });
});
