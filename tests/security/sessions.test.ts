import { describe, expect, it } from "vitest";
import { createOwner, lastEmailTo, linkToken, PASSWORD, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";

// Tokens end when they should (logout, password change, reset, deactivation: the next call is
// 401). That login and password reset answer alike for known and unknown emails is
// enumeration-timing.test.ts.

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
