import { describe, expect, it } from "vitest";
import {
  createOwner,
  lastEmailTo,
  linkToken,
  PASSWORD,
  registerAccount,
  registrationBody,
  uniqueEmail,
} from "../factories/accounts";
import { api } from "../factories/http";

describe("registration and login", () => {
  it("registers a buyer who can then log in and read the session user", async () => {
    const body = registrationBody({ companyName: "株式会社山田商店" });
    const reg = await api("POST", "/api/buyer/register", { body });
    expect(reg.status).toBe(201);
    expect(reg.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reg.body.companyType).toBe("BUYER");
    expect(reg.body.companyUserProfile).toEqual({ name: "山田 太郎", role: "ADMIN" });
    expect(reg.body.companyDetails).toMatchObject({
      name: "株式会社山田商店",
      ticketCount: 0,
      paymentStatus: null,
    });

    const login = await api("POST", "/api/auth/login", { body: { email: body.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: body.email, name: "山田 太郎", emailVerified: false });
    expect(new Date(login.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const me = await api("GET", "/api/account/me", { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body.token).toBeUndefined();
    expect(me.body.companies).toEqual([
      { id: reg.body.companyDetails.id, name: "株式会社山田商店", type: "BUYER", role: "ADMIN" },
    ]);
  });

  it("registers a supplier on the free tier through /api/auth/register with accountType", async () => {
    const reg = await api("POST", "/api/auth/register", {
      body: registrationBody({ accountType: "SUPPLIER" }),
    });
    expect(reg.status).toBe(201);
    expect(reg.body.companyType).toBe("SUPPLIER");
    expect(reg.body.companyDetails.paymentStatus).toBe("OEM_FREE");
  });

  it("answers 422 with Japanese field errors for a bad body, and stores nothing", async () => {
    const email = uniqueEmail();
    const res = await api("POST", "/api/oem/register", {
      body: { email: "not-an-email", password: "short", name: "", phone: "abc", companyName: "" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(res.body.error.fields).toMatchObject({
      email: "メールアドレスの形式が正しくありません",
      password: "パスワードは8文字以上で入力してください",
      name: "お名前を入力してください",
      companyName: "会社名を入力してください",
      agreeToTerms: "利用規約とプライバシーポリシーへの同意が必要です",
    });
    const login = await api("POST", "/api/auth/login", { body: { email, password: PASSWORD } });
    expect(login.status).toBe(401);
  });

  it("refuses a malformed JSON body with 400", async () => {
    const res = await api("POST", "/api/auth/login", {
      raw: '{"email": "a@example.com", ',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_REQUEST");
    expect(res.body.error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it("register-check validates and stores nothing; a taken email is a field error", async () => {
    const body = registrationBody();
    expect((await api("POST", "/api/oem/register-check", { body })).status).toBe(200);
    expect(
      (await api("POST", "/api/auth/login", { body: { email: body.email, password: PASSWORD } })).status,
    ).toBe(401);
    await api("POST", "/api/oem/register", { body });
    const again = await api("POST", "/api/oem/register-check", { body });
    expect(again.status).toBe(422);
    expect(again.body.error.fields.email).toContain("既に登録されています");
    const dup = await api("POST", "/api/buyer/register", { body });
    expect(dup.status).toBe(422);
  });

  it("answers one 401 message for a wrong password and for an unknown email", async () => {
    const account = await registerAccount("BUYER");
    const wrong = await api("POST", "/api/auth/login", {
      body: { email: account.email, password: "Wrong-passw0rd" },
    });
    const unknown = await api("POST", "/api/auth/login", {
      body: { email: uniqueEmail(), password: "Wrong-passw0rd" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe("メールアドレスまたはパスワードが正しくありません。");
  });

  it("rate limits login per client and email with 429 and Retry-After, without locking the account for others", async () => {
    const account = await registerAccount("BUYER");
    const ip = "10.200.0.1";
    let last = await api("POST", "/api/auth/login", {
      ip,
      body: { email: account.email, password: "Wrong-passw0rd" },
    });
    for (let i = 0; i < 10; i++) {
      last = await api("POST", "/api/auth/login", {
        ip,
        body: { email: account.email, password: "Wrong-passw0rd" },
      });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    const elsewhere = await api("POST", "/api/auth/login", {
      body: { email: account.email, password: PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("tokens and realms", () => {
  it("refuses a missing or unknown token with 401", async () => {
    expect((await api("GET", "/api/account/me")).status).toBe(401);
    const res = await api("GET", "/api/account/me", { token: "x".repeat(43) });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe("ログインの有効期限が切れました。もう一度ログインしてください。");
  });

  it("keeps owner tokens and user tokens apart", async () => {
    const owner = await createOwner();
    const buyer = await registerAccount("BUYER");
    const ownerMe = await api("GET", "/api/account/owner-me", { token: owner.token });
    expect(ownerMe.status).toBe(200);
    expect(ownerMe.body.owner.email).toBe(owner.email);
    expect((await api("GET", "/api/account/me", { token: owner.token })).status).toBe(403);
    expect((await api("GET", "/api/account/owner-me", { token: buyer.token })).status).toBe(403);
    // A user's credentials do not open the operator login, and the reverse.
    expect(
      (await api("POST", "/api/auth/owner-login", { body: { email: buyer.email, password: PASSWORD } }))
        .status,
    ).toBe(401);
    expect(
      (await api("POST", "/api/auth/login", { body: { email: owner.email, password: PASSWORD } })).status,
    ).toBe(401);
  });

  it("logout revokes the token", async () => {
    const buyer = await registerAccount("BUYER");
    expect((await api("POST", "/api/auth/logout", { token: buyer.token })).status).toBe(200);
    expect((await api("GET", "/api/account/me", { token: buyer.token })).status).toBe(401);
  });
});

describe("email verification and password reset", () => {
  it("verifies the email from the emailed link, once", async () => {
    const buyer = await registerAccount("BUYER");
    const mail = await lastEmailTo(buyer.email);
    expect(mail?.subject).toBe("【OEMマッチ】メールアドレスの確認をお願いします");
    const token = linkToken(mail!.textBody, "/verify-email");
    expect((await api("POST", "/api/auth/email/verify", { body: { token } })).status).toBe(200);
    const me = await api("GET", "/api/account/me", { token: buyer.token });
    expect(me.body.user.emailVerified).toBe(true);
    const again = await api("POST", "/api/auth/email/verify", { body: { token } });
    expect(again.status).toBe(422);
    expect(again.body.error.message).toContain("有効期限");
  });

  it("re-sends the verification email and refuses once verified", async () => {
    const buyer = await registerAccount("BUYER");
    const first = await lastEmailTo(buyer.email);
    expect((await api("POST", "/api/auth/register/mail/resent", { token: buyer.token })).status).toBe(200);
    const second = await lastEmailTo(buyer.email);
    expect(second!.id).not.toBe(first!.id);
    // Only the newest link works.
    expect(
      (
        await api("POST", "/api/auth/email/verify", {
          body: { token: linkToken(first!.textBody, "/verify-email") },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api("POST", "/api/auth/email/verify", {
          body: { token: linkToken(second!.textBody, "/verify-email") },
        })
      ).status,
    ).toBe(200);
    expect((await api("POST", "/api/auth/register/mail/resent", { token: buyer.token })).status).toBe(409);
  });

  it("resets the password from the emailed link and ends every session", async () => {
    const supplier = await registerAccount("SUPPLIER");
    const res = await api("POST", "/api/password/email", { body: { email: supplier.email } });
    const unknown = await api("POST", "/api/password/email", { body: { email: uniqueEmail() } });
    expect(res.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(res.body).toEqual(unknown.body);
    const mail = await lastEmailTo(supplier.email);
    expect(mail?.subject).toBe("【OEMマッチ】パスワード再設定のご案内");
    const token = linkToken(mail!.textBody, "/password-reset");

    const weak = await api("POST", "/api/password/reset", { body: { token, password: "abcdefgh" } });
    expect(weak.status).toBe(422);
    expect(weak.body.error.fields.password).toBe("パスワードには数字を含めてください");

    const done = await api("POST", "/api/password/reset", { body: { token, password: "NewPassw0rd" } });
    expect(done.status).toBe(200);
    expect((await api("GET", "/api/account/me", { token: supplier.token })).status).toBe(401);
    expect(
      (await api("POST", "/api/auth/login", { body: { email: supplier.email, password: PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await api("POST", "/api/auth/login", { body: { email: supplier.email, password: "NewPassw0rd" } }))
        .status,
    ).toBe(200);
    expect(
      (await api("POST", "/api/password/reset", { body: { token, password: "OtherPassw0rd" } })).status,
    ).toBe(422);
  });
});
