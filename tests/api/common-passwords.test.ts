import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "@/server/db/seed/demo";
import {
  lastEmailTo,
  linkToken,
  PASSWORD,
  registerAccount,
  registrationBody,
  uniqueEmail,
} from "../factories/accounts";
import { api } from "../factories/http";

// The most common passwords (a maintained list from npm) are refused wherever a password is set.
const COMMON = ["password1", "Password123", "qwerty123", "iloveyou1", "abc12345"];
const MESSAGE = "よく使われているパスワードのため使用できません。推測されにくいパスワードを設定してください";

describe("common passwords are refused with a Japanese field error", () => {
  it.each(COMMON)("at registration and its check: %s", async (password) => {
    const body = registrationBody({ password });
    const check = await api("POST", "/api/oem/register-check", { body });
    expect(check.status).toBe(422);
    expect(check.body.error.fields.password).toBe(MESSAGE);
    const res = await api("POST", "/api/buyer/register", { body });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ password: MESSAGE });
    expect((await api("POST", "/api/auth/login", { body: { email: body.email, password } })).status).toBe(
      401,
    );
  });

  it("on a password change", async () => {
    const buyer = await registerAccount("BUYER");
    const res = await api("PATCH", "/api/account/password/update", {
      token: buyer.token,
      body: { currentPassword: PASSWORD, newPassword: "password1" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.newPassword).toBe(MESSAGE);
    expect(
      (await api("POST", "/api/auth/login", { body: { email: buyer.email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it("on a password reset, and the link still works for a good password", async () => {
    const supplier = await registerAccount("SUPPLIER");
    await api("POST", "/api/password/email", { body: { email: supplier.email } });
    const token = linkToken((await lastEmailTo(supplier.email))!.textBody, "/password-reset");
    const res = await api("POST", "/api/password/reset", { body: { token, password: "password1" } });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.password).toBe(MESSAGE);
    expect(
      (await api("POST", "/api/password/reset", { body: { token, password: "Rare-Kumquat-73" } })).status,
    ).toBe(200);
  });

  it("when a new account accepts an invitation (dry-run and register)", async () => {
    const admin = await registerAccount("SUPPLIER");
    const email = uniqueEmail("invitee");
    await api("POST", `/api/oem/company/${admin.companyId}/user/invitation`, {
      token: admin.token,
      body: { email, name: "佐藤 花子", role: "GENERAL" },
    });
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec((await lastEmailTo(email))!.textBody)![1]!;
    const body = { token, name: "佐藤 花子", password: "password1", agreeToTerms: true };
    for (const path of ["invitation/dry-run/register", "invitation/register"]) {
      const res = await api("POST", `/api/oem/company/${admin.companyId}/${path}`, { body });
      expect(res.status, path).toBe(422);
      expect(res.body.error.fields.password).toBe(MESSAGE);
    }
    const ok = await api("POST", `/api/oem/company/${admin.companyId}/invitation/register`, {
      body: { ...body, password: "Rare-Kumquat-73" },
    });
    expect(ok.status).toBe(201);
  });

  it("keeps uncommon passwords, the demo password among them", async () => {
    for (const password of [DEMO_PASSWORD, PASSWORD, "Rare-Kumquat-73"]) {
      const res = await api("POST", "/api/oem/register-check", { body: registrationBody({ password }) });
      expect(res.status, password).toBe(200);
    }
  });
});
