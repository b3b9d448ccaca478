import { beforeAll, describe, expect, it } from "vitest";
import { type Account, createOwner, PASSWORD, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";

// Brute force, as docs/security.md documents it: login (tests/api/identity.test.ts), owner login
// and password reset answer 429 with Retry-After once a client passes the limit for an email; the
// limits are per client (+ email), so a stranger hammering an account never locks its owner out.

const JAPANESE = /[ぁ-んァ-ヶ一-龥]/;

let buyer: Account;
let owner: { email: string };

beforeAll(async () => {
  buyer = await registerAccount("BUYER");
  owner = await createOwner();
});

function expectLimited(res: { status: number; body: any; headers: Headers }) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.error.code).toBe("RATE_LIMITED");
  expect(res.body.error.message).toMatch(JAPANESE);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("brute force", () => {
  it("password reset: 429 with Retry-After after 5 requests for one email from one client", async () => {
    const ip = "10.250.0.1";
    for (let i = 0; i < 5; i++) {
      const res = await api("POST", "/api/password/email", { ip, body: { email: buyer.email } });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    expectLimited(await api("POST", "/api/password/email", { ip, body: { email: buyer.email } }));
    // The owner, from their own client, can still ask for a link and sign in.
    expect((await api("POST", "/api/password/email", { body: { email: buyer.email } })).status).toBe(200);
    expect(
      (await api("POST", "/api/auth/login", { body: { email: buyer.email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it("owner login: 429 with Retry-After after 10 wrong passwords from one client; the operator still signs in elsewhere", async () => {
    const ip = "10.250.0.2";
    for (let i = 0; i < 10; i++) {
      const res = await api("POST", "/api/auth/owner-login", {
        ip,
        body: { email: owner.email, password: "Wrong-passw0rd" },
      });
      expect(res.status, `try ${i + 1}`).toBe(401);
    }
    const limited = await api("POST", "/api/auth/owner-login", {
      ip,
      body: { email: owner.email, password: PASSWORD },
    });
    expectLimited(limited);
    expect(limited.body.token).toBeUndefined();
    const elsewhere = await api("POST", "/api/auth/owner-login", {
      body: { email: owner.email, password: PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
  });

  it("login: even the right password gets no token from a client past the limit", async () => {
    const ip = "10.250.0.3";
    for (let i = 0; i < 10; i++) {
      await api("POST", "/api/auth/login", { ip, body: { email: buyer.email, password: "Wrong-passw0rd" } });
    }
    const limited = await api("POST", "/api/auth/login", {
      ip,
      body: { email: buyer.email, password: PASSWORD },
    });
    expectLimited(limited);
    expect(limited.body.token).toBeUndefined();
  });
});
