import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, setEnvForTests } from "@/env";
import { hashToken } from "@/server/auth/tokens";
import { db } from "@/server/db/client";
import { userSessions } from "@/server/db/schema";
import { parseTrustProxy } from "@/server/http/forwarded";
import { type Account, PASSWORD, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";

// Behind a reverse proxy (TRUST_PROXY): the client is the address the trusted proxy forwards,
// a forged X-Forwarded-For from anyone else is ignored, failed sign-ins slow down only the
// failing address, and cookie writes are checked against APP_URL's origin, not the proxy's Host.
// `ip` below is the socket peer (tests/factories/http.ts); the proxy is 10.77.0.1.

const PROXY = "10.77.0.1";
const before = { TRUST_PROXY: env().TRUST_PROXY, APP_URL: env().APP_URL };

let victim: Account;
let bystander: Account;

beforeAll(async () => {
  setEnvForTests({ TRUST_PROXY: parseTrustProxy("10.77.0.0/16") });
  victim = await registerAccount("BUYER");
  bystander = await registerAccount("SUPPLIER");
});

afterAll(() => setEnvForTests(before));

const viaProxy = (client: string) => ({ ip: PROXY, headers: { "x-forwarded-for": client } });

async function sessionIp(token: string) {
  const [row] = await db()
    .select({ ip: userSessions.ip })
    .from(userSessions)
    .where(eq(userSessions.tokenHash, hashToken(token)));
  return row?.ip;
}

describe("behind a trusted proxy", () => {
  it("takes the client's address from the trusted proxy's X-Forwarded-For", async () => {
    const res = await api("POST", "/api/auth/login", {
      ...viaProxy("198.51.100.23"),
      body: { email: victim.email, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await sessionIp(res.body.token)).toBe("198.51.100.23");
  });

  it("ignores X-Forwarded-For from an untrusted peer: rotating forged addresses does not escape the backoff", async () => {
    const peer = "203.0.113.50";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await api("POST", "/api/auth/login", {
        ip: peer,
        headers: { "x-forwarded-for": `192.0.2.${i + 1}` },
        body: { email: bystander.email, password: "Wrong-passw0rd" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const ok = await api("POST", "/api/auth/login", {
      ip: peer,
      headers: { "x-forwarded-for": "192.0.2.200" },
      body: { email: bystander.email, password: PASSWORD },
    });
    expect(ok.status).toBe(429);
    // The session of the login above (from an untrusted peer) would carry the peer's address.
    const fromPeer = await api("POST", "/api/auth/login", {
      ip: "203.0.113.51",
      headers: { "x-forwarded-for": "192.0.2.201" },
      body: { email: bystander.email, password: PASSWORD },
    });
    expect(fromPeer.status).toBe(200);
    expect(await sessionIp(fromPeer.body.token)).toBe("203.0.113.51");
  });

  it("100 failed logins from 100 forwarded addresses lock no other user, nor the account's owner", async () => {
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api("POST", "/api/auth/login", {
            ...viaProxy(`198.18.${batch}.${i + 1}`),
            body: { email: victim.email, password: "Wrong-passw0rd" },
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    const owner = await api("POST", "/api/auth/login", {
      ...viaProxy("198.51.100.77"),
      body: { email: victim.email, password: PASSWORD },
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    const other = await api("POST", "/api/auth/login", {
      ...viaProxy("198.51.100.78"),
      body: { email: bystander.email, password: PASSWORD },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });

  it("slows the failing address down exponentially after 10 failures, per account; the right password from it waits too", async () => {
    const client = viaProxy("198.51.100.99");
    for (let i = 0; i < 10; i++) {
      const res = await api("POST", "/api/auth/login", {
        ...client,
        body: { email: victim.email, password: "Wrong-passw0rd" },
      });
      expect(res.status, `try ${i + 1}`).toBe(401);
    }
    const waiting = await api("POST", "/api/auth/login", {
      ...client,
      body: { email: victim.email, password: PASSWORD },
    });
    expect(waiting.status).toBe(429);
    expect(waiting.body.error.message).toContain("ログインの失敗が続いたため");
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(waiting.body.token).toBeUndefined();
    // After the wait the address may try again; one more failure doubles the wait.
    await new Promise((r) => setTimeout(r, Number(waiting.headers.get("retry-after")) * 1000 + 100));
    const again = await api("POST", "/api/auth/login", {
      ...client,
      body: { email: victim.email, password: "Wrong-passw0rd" },
    });
    expect(again.status).toBe(401);
    const longer = await api("POST", "/api/auth/login", {
      ...client,
      body: { email: victim.email, password: PASSWORD },
    });
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(
      Number(waiting.headers.get("retry-after")),
    );
    // The same address may still sign in to another account.
    const otherAccount = await api("POST", "/api/auth/login", {
      ...client,
      body: { email: bystander.email, password: PASSWORD },
    });
    expect(otherAccount.status).toBe(200);
  });
});

describe("the same-origin check of cookie-authenticated writes", () => {
  it("compares the Origin with APP_URL's origin, not with the Host the proxy passes on", async () => {
    setEnvForTests({ APP_URL: "https://oem.example.jp" });
    try {
      const cookie = `oem_session=${victim.token}`;
      const body = { companyId: victim.companyId };
      // app.request() sees http://localhost, as the app sees nginx's default Host header and http
      const fromApp = await api("PUT", "/api/account/active-company", {
        headers: { cookie, origin: "https://oem.example.jp" },
        body,
      });
      expect(fromApp.status, JSON.stringify(fromApp.body)).toBe(200);
      const fromHost = await api("PUT", "/api/account/active-company", {
        headers: { cookie, origin: "http://localhost" },
        body,
      });
      expect(fromHost.status).toBe(403);
    } finally {
      setEnvForTests({ APP_URL: before.APP_URL });
    }
  });
});
