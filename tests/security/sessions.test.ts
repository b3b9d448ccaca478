import { describe, expect, it } from "vitest";
import {
  createOwner,
  lastEmailTo,
  linkToken,
  PASSWORD,
  registerAccount,
  uniqueEmail,
} from "../factories/accounts";
import { api } from "../factories/http";

// Tokens end when they should (logout, password change, reset, deactivation: the next call is
// 401), and login and password reset answer alike for known and unknown emails.

const me = (token: string) => api("GET", "/api/account/me", { token });

async function secondToken(email: string, password = PASSWORD) {
  const res = await api("POST", "/api/auth/login", { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

describe("token revocation", () => {
  it("logout ends that token only", async () => {
    const a = await registerAccount("BUYER");
    const other = await secondToken(a.email);
    expect((await api("POST", "/api/auth/logout", { token: a.token })).status).toBe(200);
    expect((await me(a.token)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });

  it("a password change ends every other session of the person", async () => {
    const a = await registerAccount("SUPPLIER");
    const other = await secondToken(a.email);
    const changed = await api("PATCH", "/api/account/password/update", {
      token: a.token,
      body: { currentPassword: PASSWORD, newPassword: "Changed-passw0rd" },
    });
    expect(changed.status).toBe(200);
    expect((await me(other)).status).toBe(401);
  });

  it("a password reset ends every session", async () => {
    const a = await registerAccount("BUYER");
    const other = await secondToken(a.email);
    await api("POST", "/api/password/email", { body: { email: a.email } });
    const token = linkToken((await lastEmailTo(a.email))!.textBody, "/password-reset");
    expect(
      (await api("POST", "/api/password/reset", { body: { token, password: "Reset-passw0rd1" } })).status,
    ).toBe(200);
    expect((await me(a.token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
  });

  it("deactivating a company ends its members' sessions", async () => {
    const a = await registerAccount("SUPPLIER");
    const res = await api("DELETE", `/api/oem/company/${a.companyId}/deactivate`, { token: a.token });
    expect(res.status).toBe(200);
    expect((await me(a.token)).status).toBe(401);
  });

  it("operator logout ends the operator token", async () => {
    const owner = await createOwner();
    expect((await api("GET", "/api/account/owner-me", { token: owner.token })).status).toBe(200);
    expect((await api("POST", "/api/auth/logout", { token: owner.token })).status).toBe(200);
    expect((await api("GET", "/api/account/owner-me", { token: owner.token })).status).toBe(401);
  });
});

/** Median of the times `call` takes, over `n` runs alternating with the other variant. */
async function medians(n: number, known: () => Promise<unknown>, unknown: () => Promise<unknown>) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i++) {
    for (const [k, call] of [known, unknown].entries()) {
      const started = performance.now();
      await call();
      times[k as 0 | 1].push(performance.now() - started);
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return { known: median(times[0]), unknown: median(times[1]) };
}

describe("no account enumeration", () => {
  it("login answers the same status, body and time for a known and an unknown email", async () => {
    const a = await registerAccount("BUYER");
    const stranger = uniqueEmail("nobody");
    const wrong = { password: "Wrong-passw0rd" };
    const known = await api("POST", "/api/auth/login", { body: { email: a.email, ...wrong } });
    const unknown = await api("POST", "/api/auth/login", { body: { email: stranger, ...wrong } });
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(known.body).toEqual(unknown.body);

    const t = await medians(
      200,
      () => api("POST", "/api/auth/login", { body: { email: a.email, ...wrong } }),
      () => api("POST", "/api/auth/login", { body: { email: stranger, ...wrong } }),
    );
    console.info(`login medians: known ${t.known.toFixed(1)} ms, unknown ${t.unknown.toFixed(1)} ms`);
    expect(Math.abs(t.known - t.unknown) / Math.max(t.known, t.unknown)).toBeLessThan(0.1);
  }, 300_000);

  it("password reset answers the same status, body and time for a known and an unknown email", async () => {
    const a = await registerAccount("SUPPLIER");
    const stranger = uniqueEmail("nobody");
    const known = await api("POST", "/api/password/email", { body: { email: a.email } });
    const unknown = await api("POST", "/api/password/email", { body: { email: stranger } });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);

    const t = await medians(
      200,
      () => api("POST", "/api/password/email", { body: { email: a.email } }),
      () => api("POST", "/api/password/email", { body: { email: stranger } }),
    );
    console.info(`reset medians: known ${t.known.toFixed(1)} ms, unknown ${t.unknown.toFixed(1)} ms`);
    expect(Math.abs(t.known - t.unknown) / Math.max(t.known, t.unknown)).toBeLessThan(0.1);
  }, 300_000);
});
