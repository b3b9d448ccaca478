import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashToken } from "@/server/auth/tokens";
import { db } from "@/server/db/client";
import { companies, invitations, memberships } from "@/server/db/schema";
import { lastEmailTo, linkToken, PASSWORD, registerAccount, uniqueEmail } from "../factories/accounts";
import { api } from "../factories/http";

describe("companies and switching", () => {
  it("lists the user's companies and switches the active one", async () => {
    const buyer = await registerAccount("BUYER", { companyName: "株式会社両方" });
    // A supplier company of the same person (additional-register comes with the supplier features).
    const supplier = await registerAccount("SUPPLIER");
    await db()
      .insert(memberships)
      .values({ userId: buyer.userId, companyId: supplier.companyId, role: "ADMIN", name: "山田 太郎" });

    const list = await api("GET", "/api/account/companies", { token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.find((c: any) => c.isActive).id).toBe(buyer.companyId);
    const onlySuppliers = await api("GET", "/api/account/companies?type=SUPPLIER", { token: buyer.token });
    expect(onlySuppliers.body.items.map((c: any) => c.id)).toEqual([supplier.companyId]);

    const switched = await api("PUT", "/api/account/active-company", {
      token: buyer.token,
      body: { companyId: supplier.companyId },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.companyType).toBe("SUPPLIER");
    const me = await api("GET", "/api/account/me", { token: buyer.token });
    expect(me.body.companyDetails.id).toBe(supplier.companyId);
  });

  it("answers 404 when switching to a company the user does not belong to", async () => {
    const buyer = await registerAccount("BUYER");
    const other = await registerAccount("BUYER");
    const res = await api("PUT", "/api/account/active-company", {
      token: buyer.token,
      body: { companyId: other.companyId },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("会社が見つかりませんでした。");
  });

  it("drops a deactivated company from the list", async () => {
    const buyer = await registerAccount("BUYER");
    await db().update(companies).set({ status: "DEACTIVATED" }).where(eq(companies.id, buyer.companyId));
    const me = await api("GET", "/api/account/me", { token: buyer.token });
    expect(me.body.companies).toEqual([]);
    expect(me.body.companyDetails).toBeNull();
    expect(
      (await api("GET", `/api/account/company/${buyer.companyId}/profile`, { token: buyer.token })).status,
    ).toBe(404);
  });
});

describe("profile within a company", () => {
  it("reads and updates the person's name, department and phone", async () => {
    const buyer = await registerAccount("BUYER");
    const got = await api("GET", `/api/account/company/${buyer.companyId}/profile`, { token: buyer.token });
    expect(got.body).toMatchObject({ name: "山田 太郎", role: "ADMIN", email: buyer.email });
    const put = await api("PUT", `/api/account/company/${buyer.companyId}/profile/update`, {
      token: buyer.token,
      body: { name: "山田 花子", department: "購買部", phone: "06-1234-5678" },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "山田 花子", department: "購買部", phone: "06-1234-5678" });
    const me = await api("GET", "/api/account/me", { token: buyer.token });
    expect(me.body.companyUserProfile.name).toBe("山田 花子");
  });

  it("keeps input rules and answers 404 for another company", async () => {
    const buyer = await registerAccount("BUYER");
    const other = await registerAccount("SUPPLIER");
    const bad = await api("PUT", `/api/account/company/${buyer.companyId}/profile/update`, {
      token: buyer.token,
      body: { name: "", phone: "xyz" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ name: "お名前を入力してください" });
    expect(
      (await api("GET", `/api/account/company/${other.companyId}/profile`, { token: buyer.token })).status,
    ).toBe(404);
    expect(
      (
        await api("PUT", `/api/account/company/${other.companyId}/profile/update`, {
          token: buyer.token,
          body: { name: "侵入", department: null, phone: null },
        })
      ).status,
    ).toBe(404);
    expect((await api("GET", "/api/account/company/not-a-uuid/profile", { token: buyer.token })).status).toBe(
      422,
    );
  });
});

describe("email and password changes", () => {
  it("changes the email only after the link sent to the new address is followed", async () => {
    const buyer = await registerAccount("BUYER");
    const newEmail = uniqueEmail("new");
    const wrong = await api("PATCH", "/api/account/email/update", {
      token: buyer.token,
      body: { newEmail, password: "Wrong-passw0rd" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.password).toBe("パスワードが正しくありません");

    const res = await api("PATCH", "/api/account/email/update", {
      token: buyer.token,
      body: { newEmail, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await lastEmailTo(buyer.email))?.subject).toContain("メールアドレス変更のお申し込み");
    const mail = await lastEmailTo(newEmail);
    expect(mail?.subject).toBe("【OEMマッチ】新しいメールアドレスの確認をお願いします");
    // Not changed yet.
    expect((await api("GET", "/api/account/me", { token: buyer.token })).body.user.email).toBe(buyer.email);
    const verify = await api("POST", "/api/auth/email/verify", {
      body: { token: linkToken(mail!.textBody, "/verify-email") },
    });
    expect(verify.status).toBe(200);
    const me = await api("GET", "/api/account/me", { token: buyer.token });
    expect(me.body.user).toMatchObject({ email: newEmail, emailVerified: true });
    expect(
      (await api("POST", "/api/auth/login", { body: { email: newEmail, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it("refuses an email already used by another account", async () => {
    const a = await registerAccount("BUYER");
    const b = await registerAccount("BUYER");
    const res = await api("PATCH", "/api/account/email/update", {
      token: a.token,
      body: { newEmail: b.email, password: PASSWORD },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.newEmail).toContain("既に他のアカウント");
  });

  it("changes the password with the current one and ends the other sessions only", async () => {
    const supplier = await registerAccount("SUPPLIER");
    const other = await api("POST", "/api/auth/login", {
      body: { email: supplier.email, password: PASSWORD },
    });
    const wrong = await api("PATCH", "/api/account/password/update", {
      token: supplier.token,
      body: { currentPassword: "Wrong-passw0rd", newPassword: "NewPassw0rd1" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.currentPassword).toBe("現在のパスワードが正しくありません");
    const same = await api("PATCH", "/api/account/password/update", {
      token: supplier.token,
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
    });
    expect(same.status).toBe(422);

    const ok = await api("PATCH", "/api/account/password/update", {
      token: supplier.token,
      body: { currentPassword: PASSWORD, newPassword: "NewPassw0rd1" },
    });
    expect(ok.status).toBe(200);
    expect((await api("GET", "/api/account/me", { token: supplier.token })).status).toBe(200);
    expect((await api("GET", "/api/account/me", { token: other.body.token })).status).toBe(401);
    expect((await lastEmailTo(supplier.email))?.subject).toBe("【OEMマッチ】パスワードが変更されました");
  });
});

describe("invitation view", () => {
  async function invite(companyId: string, expiresAt = new Date(Date.now() + 7 * 86_400_000)) {
    const token = `invite-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    await db()
      .insert(invitations)
      .values({
        companyId,
        email: uniqueEmail("invitee"),
        role: "GENERAL",
        tokenHash: hashToken(token),
        expiresAt,
      });
    return token;
  }

  it("shows the company and role of a live invitation without signing in", async () => {
    const supplier = await registerAccount("SUPPLIER", { companyName: "招待精工株式会社" });
    const token = await invite(supplier.companyId);
    const res = await api("GET", `/api/account/invitation?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      companyName: "招待精工株式会社",
      companyType: "SUPPLIER",
      role: "GENERAL",
      hasAccount: false,
    });
  });

  it("answers clear Japanese messages for unknown and expired links", async () => {
    const supplier = await registerAccount("SUPPLIER");
    const unknown = await api("GET", `/api/account/invitation?token=${"z".repeat(40)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("招待リンクが無効です");
    const expired = await invite(supplier.companyId, new Date(Date.now() - 1000));
    const res = await api("GET", `/api/account/invitation?token=${expired}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain("有効期限（7日間）");
  });
});
