import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { type Account, registerVerified } from "../factories/accounts";

// Issue 21: served by node-server (server.ts), the API puts its security headers on Node's response
// before the route runs, so that a route's answer keeps its plain headers (no Fetch Headers built
// and rebuilt per request). The answers must carry exactly what they carry in app.request(),
// where the headers are set on the response afterwards: the same values, and a route's own
// Content-Security-Policy or Cache-Control winning over the defaults.

const COMPARED = [
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "content-security-policy",
  "cache-control",
  "strict-transport-security",
  "content-type",
];

let server: Server;
let base: string;
let account: Account;
const app = createApp();

beforeAll(async () => {
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  account = await registerVerified("BUYER");
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const picked = (h: Headers) => Object.fromEntries(COMPARED.map((n) => [n, h.get(n)]));

describe("the API's headers when node-server serves it", () => {
  const cases: Array<[string, string, boolean]> = [
    ["an open JSON route", "/api/prefectures", false],
    ["a signed-in answer (no-store)", "/api/account/me", true],
    ["a refusal of a signed-out caller", "/api/account/me", false],
    ["a path no route matches", "/api/no-such-route", false],
    ["a route with its own policy", "/api/docs", false],
    ["a route with its own cache policy, signed in", "/api/docs/docs-init.js", true],
  ];
  for (const [what, path, signedIn] of cases) {
    it(`are those of app.request() for ${what}`, async () => {
      const headers: Record<string, string> = signedIn ? { authorization: `Bearer ${account.token}` } : {};
      const served = await fetch(`${base}${path}`, { headers });
      const inProcess = await app.request(path, { headers });
      expect(served.status).toBe(inProcess.status);
      expect(picked(served.headers)).toEqual(picked(inProcess.headers));
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      if (signedIn && !path.startsWith("/api/docs"))
        expect(served.headers.get("cache-control")).toBe("no-store");
      // The body too, byte for byte (the master lists are answered from bytes kept per list).
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(await inProcess.arrayBuffer()));
    });
  }

  it("a direct client's own request id is not adopted (TRUST_PROXY off), and a route's own Content-Security-Policy wins", async () => {
    // issue 34: anyone reaching the app port chose the id of their log lines and audit rows
    const served = await fetch(`${base}/api/docs`, { headers: { "x-request-id": "trace-123" } });
    expect(served.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(served.headers.get("content-security-policy")).toContain("default-src 'self'");
    // One value per header: the default was replaced, not sent beside it.
    expect(served.headers.get("content-security-policy")).not.toContain("default-src 'none'");
    await served.arrayBuffer();
  });
});
