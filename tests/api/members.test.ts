import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVITATION_USED } from "@/modules/members/member.schema";
import { db } from "@/server/db/client";
import { invitations } from "@/server/db/schema";
import { lastEmailTo, PASSWORD, registerAccount, uniqueEmail } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { api } from "../factories/http";

const invitationToken = (text: string) => /[?&]token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe("members and invitations", () => {
  it("invites a colleague who registers from the emailed link as GENERAL", async () => {
    const admin = await registerAccount("SUPPLIER", { companyName: "招待テスト工業株式会社" });
    const email = uniqueEmail("colleague");
    const inv = await api("POST", `/api/oem/company/${admin.companyId}/user/invitation`, {
      token: admin.token,
      body: { email, name: "佐藤 花子", role: "GENERAL" },
    });
    expect(inv.status).toBe(201);
    const mail = await lastEmailTo(email);
    expect(mail?.subject).toBe("【OEMマッチ】招待テスト工業株式会社からの招待が届いています");
    expect(mail!.textBody).toContain(`/invitation?companyId=${admin.companyId}&token=`);
    // Addressed to the invitee by the name the inviter gave.
    expect(mail!.textBody.split("\n")[0]).toBe("佐藤 花子 様");
    const token = invitationToken(mail!.textBody);

    const check = await api("POST", `/api/oem/company/${admin.companyId}/invitation/check`, {
      body: { token },
    });
    expect(check.body).toMatchObject({
      companyName: "招待テスト工業株式会社",
      role: "GENERAL",
      email,
      hasAccount: false,
    });

    const body = { token, name: "佐藤 花子", password: "Colleague1pass", agreeToTerms: true };
    const bad = await api("POST", `/api/oem/company/${admin.companyId}/invitation/dry-run/register`, {
      body: { ...body, password: "short" },
    });
    expect(bad.status).toBe(422);
    expect(
      (await api("POST", `/api/oem/company/${admin.companyId}/invitation/dry-run/register`, { body })).status,
    ).toBe(200);
    const reg = await api("POST", `/api/oem/company/${admin.companyId}/invitation/register`, { body });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({
      companyUserProfile: { name: "佐藤 花子", role: "GENERAL" },
      user: { emailVerified: true },
    });
    // The GENERAL member cannot open member management.
    expect(
      (await api("GET", `/api/oem/company/${admin.companyId}/users`, { token: reg.body.token })).status,
    ).toBe(403);

    const list = await api("GET", `/api/oem/company/${admin.companyId}/users`, { token: admin.token });
    expect(list.body.items.map((m: any) => [m.kind, m.email, m.role])).toEqual([
      ["MEMBER", admin.email, "ADMIN"],
      ["MEMBER", email, "GENERAL"],
    ]);
    // The ADMIN makes the colleague an ADMIN.
    const role = await api(
      "PATCH",
      `/api/oem/company/${admin.companyId}/user/${reg.body.user.id}/role/update`,
      {
        token: admin.token,
        body: { role: "ADMIN" },
      },
    );
    expect(role.status).toBe(200);
    expect(
      (await api("GET", `/api/oem/company/${admin.companyId}/users`, { token: reg.body.token })).status,
    ).toBe(200);
  });

  it("a used invitation link says it was used and points to login, not to a resend", async () => {
    const admin = await registerAccount("SUPPLIER");
    const email = uniqueEmail("used");
    await api("POST", `/api/oem/company/${admin.companyId}/user/invitation`, {
      token: admin.token,
      body: { email, role: "GENERAL" },
    });
    const token = invitationToken((await lastEmailTo(email))!.textBody);
    const body = { token, name: "佐藤 花子", password: "Colleague1pass", agreeToTerms: true };
    expect(
      (await api("POST", `/api/oem/company/${admin.companyId}/invitation/register`, { body })).status,
    ).toBe(201);
    for (const [path, sent] of [
      ["invitation/check", { token }],
      ["invitation/register", body],
    ] as const) {
      const again = await api("POST", `/api/oem/company/${admin.companyId}/${path}`, { body: sent });
      expect(again.status, path).toBe(409);
      expect(again.body.error.message).toBe(INVITATION_USED);
    }
    const view = await api("GET", `/api/account/invitation?token=${token}`);
    expect(view.status).toBe(409);
    expect(view.body.error.message).toBe(INVITATION_USED);
  });

  it("lets an existing account join with its own password", async () => {
    const admin = await registerAccount("SUPPLIER");
    const existing = await registerAccount("BUYER");
    await api("POST", `/api/oem/company/${admin.companyId}/user/invitation`, {
      token: admin.token,
      body: { email: existing.email, role: "ADMIN" },
    });
    const token = invitationToken((await lastEmailTo(existing.email))!.textBody);
    const wrong = await api("POST", `/api/oem/company/${admin.companyId}/invitation/register`, {
      body: { token, name: "山田 太郎", password: "Wrong-passw0rd", agreeToTerms: true },
    });
    expect(wrong.status).toBe(422);
    const ok = await api("POST", `/api/oem/company/${admin.companyId}/invitation/register`, {
      body: { token, name: "山田 太郎", password: PASSWORD, agreeToTerms: true },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.companies).toHaveLength(2);
    expect(ok.body.companyType).toBe("SUPPLIER");
  });

  it("resends with a new link and cancels; an expired link answers a clear message", async () => {
    const admin = await registerAccount("SUPPLIER");
    const email = uniqueEmail("late");
    const inv = await api("POST", `/api/oem/company/${admin.companyId}/user/invitation`, {
      token: admin.token,
      body: { email, role: "GENERAL" },
    });
    const first = invitationToken((await lastEmailTo(email))!.textBody);
    const dup = await api("POST", `/api/oem/company/${admin.companyId}/user/invitation`, {
      token: admin.token,
      body: { email, role: "GENERAL" },
    });
    expect(dup.status).toBe(422);

    const resent = await api(
      "POST",
      `/api/oem/company/${admin.companyId}/user/${inv.body.id}/invitation/resent`,
      {
        token: admin.token,
      },
    );
    expect(resent.status).toBe(200);
    const second = invitationToken((await lastEmailTo(email))!.textBody);
    expect(second).not.toBe(first);
    expect(
      (await api("POST", `/api/oem/company/${admin.companyId}/invitation/check`, { body: { token: first } }))
        .status,
    ).toBe(404);

    await db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.body.id));
    const expired = await api("POST", `/api/oem/company/${admin.companyId}/invitation/check`, {
      body: { token: second },
    });
    expect(expired.status).toBe(409);
    expect(expired.body.error.message).toBe(
      "招待の有効期限（7日間）が切れています。招待したご担当者さまに再送を依頼してください。",
    );

    const cancel = await api(
      "DELETE",
      `/api/oem/company/${admin.companyId}/user/${inv.body.id}/invitation/cancel`,
      {
        token: admin.token,
      },
    );
    expect(cancel.status).toBe(200);
    const list = await api("GET", `/api/oem/company/${admin.companyId}/users`, { token: admin.token });
    expect(list.body.items.some((m: any) => m.kind === "INVITATION")).toBe(false);
  });

  it("keeps at least one ADMIN and removes members with their sessions", async () => {
    const admin = await registerAccount("SUPPLIER");
    const general = await addGeneralMember(admin.companyId);
    const demoteLast = await api(
      "PATCH",
      `/api/oem/company/${admin.companyId}/user/${admin.userId}/role/update`,
      {
        token: admin.token,
        body: { role: "GENERAL" },
      },
    );
    expect(demoteLast.status).toBe(409);
    expect(demoteLast.body.error.message).toContain("管理者が1人以上必要です");
    const removeLast = await api(
      "DELETE",
      `/api/oem/company/${admin.companyId}/user/${admin.userId}/delete`,
      {
        token: admin.token,
      },
    );
    expect(removeLast.status).toBe(409);

    const removed = await api("DELETE", `/api/oem/company/${admin.companyId}/user/${general.userId}/delete`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect((await api("GET", "/api/account/me", { token: general.token })).status).toBe(401);
  });

  it("answers 404 for members and invitations of another company", async () => {
    const admin = await registerAccount("SUPPLIER");
    const other = await registerAccount("SUPPLIER");
    const theirs = await addGeneralMember(other.companyId);
    for (const [method, path] of [
      ["PATCH", `/api/oem/company/${admin.companyId}/user/${theirs.userId}/role/update`],
      ["DELETE", `/api/oem/company/${admin.companyId}/user/${theirs.userId}/delete`],
      ["POST", `/api/oem/company/${admin.companyId}/user/${theirs.userId}/invitation/resent`],
      ["DELETE", `/api/oem/company/${admin.companyId}/user/${theirs.userId}/invitation/cancel`],
      ["GET", `/api/oem/company/${other.companyId}/users`],
    ] as const) {
      const res = await api(method, path, {
        token: admin.token,
        body: method === "PATCH" ? { role: "ADMIN" } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});
