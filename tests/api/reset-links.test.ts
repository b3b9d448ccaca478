import { describe, expect, it } from "vitest";
import { lastEmailTo, linkToken, PASSWORD, registerAccount, uniqueEmail } from "../factories/accounts";
import { api } from "../factories/http";

// Whoever still holds an old reset link (an old mailbox, a forwarded mail) must not get the
// account back once the owner has changed the password or the email, or asked for a newer link.

async function resetLink(email: string): Promise<string> {
  expect((await api("POST", "/api/password/email", { body: { email } })).status).toBe(200);
  const mail = await lastEmailTo(email);
  return linkToken(mail!.textBody, "/password-reset");
}

async function useLink(token: string) {
  return api("POST", "/api/password/reset", { body: { token, password: "Taken0ver-pass" } });
}

describe("password reset links end with the credentials they were sent for", () => {
  it("a reset link stops working once the password is changed", async () => {
    const buyer = await registerAccount("BUYER");
    const link = await resetLink(buyer.email);
    const change = await api("PATCH", "/api/account/password/update", {
      token: buyer.token,
      body: { currentPassword: PASSWORD, newPassword: "Changed-pass-42" },
    });
    expect(change.status).toBe(200);
    const res = await useLink(link);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain("リンクが無効か、有効期限が切れています");
    const login = await api("POST", "/api/auth/login", {
      body: { email: buyer.email, password: "Changed-pass-42" },
    });
    expect(login.status).toBe(200);
  });

  it("a reset link sent to the old address stops working once the email is changed", async () => {
    const supplier = await registerAccount("SUPPLIER");
    const link = await resetLink(supplier.email);
    const newEmail = uniqueEmail("moved");
    const request = await api("PATCH", "/api/account/email/update", {
      token: supplier.token,
      body: { newEmail, password: PASSWORD },
    });
    expect(request.status).toBe(200);
    const confirm = await api("POST", "/api/auth/email/verify", {
      body: { token: linkToken((await lastEmailTo(newEmail))!.textBody, "/verify-email") },
    });
    expect(confirm.status).toBe(200);
    expect((await useLink(link)).status).toBe(422);
    expect(
      (await api("POST", "/api/auth/login", { body: { email: newEmail, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it("only the newest reset link works", async () => {
    const buyer = await registerAccount("BUYER");
    const older = await resetLink(buyer.email);
    const newer = await resetLink(buyer.email);
    expect(newer).not.toBe(older);
    expect((await useLink(older)).status).toBe(422);
    expect((await useLink(newer)).status).toBe(200);
  });
});
