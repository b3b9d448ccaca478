import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "@/env";
import { db } from "@/server/db/client";
import { documentDownloadLeads, supportRequests } from "@/server/db/schema";
import { lastEmailTo, registerAccount, uniqueEmail } from "../factories/accounts";
import { api } from "../factories/http";

describe("brochure request", () => {
  it("answers Japanese field errors and stores nothing for bad input", async () => {
    const res = await api("POST", "/api/document-download", {
      body: { companyName: "", email: "x", role: "CEO" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({
      companyName: "会社名を入力してください",
      email: "メールアドレスの形式が正しくありません",
      role: "ご検討中の立場を選択してください",
      agreeToPrivacy: "プライバシーポリシーへの同意が必要です",
    });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("stores the lead and emails a working download link", async () => {
    const email = uniqueEmail("lead");
    const res = await api("POST", "/api/document-download", {
      body: {
        companyName: "株式会社リード",
        name: "資料 太郎",
        email,
        role: "SUPPLIER",
        interest: "料金プラン",
        agreeToPrivacy: true,
      },
    });
    expect(res.status).toBe(201);
    // The receipt that opens /lp/document-download/complete, and only that page.
    expect(res.headers.get("set-cookie")).toMatch(
      /^oem_done_brochure=\d+\.[\w-]{43}; Max-Age=1800; Path=\/lp\/document-download\/complete; HttpOnly; SameSite=Lax$/,
    );
    const [lead] = await db()
      .select()
      .from(documentDownloadLeads)
      .where(eq(documentDownloadLeads.email, email));
    expect(lead).toMatchObject({ companyName: "株式会社リード", role: "OEMメーカーとして検討" });
    const mail = await lastEmailTo(email);
    expect(mail?.subject).toBe("【OEMマッチ】サービス資料をお届けします");
    const link = /(http\S+brochure\.pdf)/.exec(mail!.textBody)![1]!;
    const pdf = await api("GET", link.replace(env().APP_URL, ""));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);
  });

  it("sends the brochure without echoing what the requester typed (no relay for a stranger's text)", async () => {
    const email = uniqueEmail("victim");
    const res = await api("POST", "/api/document-download", {
      body: {
        companyName: "偽装株式会社",
        name: "至急 https://evil.example/login で再認証",
        email,
        role: "BUYER",
        agreeToPrivacy: true,
      },
    });
    expect(res.status).toBe(201);
    const mail = await lastEmailTo(email);
    for (const body of [mail!.textBody, mail!.htmlBody ?? ""]) {
      expect(body).toContain("ご担当者様");
      for (const typed of ["evil.example", "再認証", "偽装株式会社"]) expect(body).not.toContain(typed);
    }
  });
});

describe("support form", () => {
  it("stores the request with the signed-in account, notifies the operator and acknowledges the sender", async () => {
    const buyer = await registerAccount("BUYER");
    const email = uniqueEmail("support");
    const res = await api("POST", "/api/support", {
      token: buyer.token,
      body: {
        category: "料金・請求",
        message: "請求書の宛名を変更したいです。",
        name: "山田 太郎",
        email,
        companyName: "株式会社テスト",
      },
    });
    expect(res.status).toBe(201);
    const [row] = await db().select().from(supportRequests).orderBy(desc(supportRequests.createdAt)).limit(1);
    expect(row).toMatchObject({ userId: buyer.userId, companyId: buyer.companyId, category: "料金・請求" });
    expect((await lastEmailTo(email))?.subject).toBe("【OEMマッチ】お問い合わせを受け付けました");
    expect((await lastEmailTo(env().OPERATOR_EMAIL))?.textBody).toContain("ログイン中の会員：はい");
  });

  // Issue 15 item 18: the acknowledgement goes to any address, so it must not relay the sender's words.
  it("acknowledges with a fixed text that echoes nothing the sender typed", async () => {
    const email = uniqueEmail("victim");
    const lure = "【重要】アカウント停止のお知らせ https://evil.example/login で再認証してください";
    const res = await api("POST", "/api/support", {
      body: {
        category: "その他",
        message: lure,
        name: "OEMマッチ運営事務局 https://evil.example",
        email,
        companyName: "偽装株式会社",
        phone: "0120-000-000",
      },
    });
    expect(res.status).toBe(201);
    const mail = await lastEmailTo(email);
    expect(mail?.subject).toBe("【OEMマッチ】お問い合わせを受け付けました");
    for (const body of [mail!.textBody, mail!.htmlBody ?? ""]) {
      expect(body).toContain("お問い合わせを受け付けました");
      for (const typed of [
        "evil.example",
        "アカウント停止",
        "運営事務局 https",
        "偽装株式会社",
        "0120-000-000",
      ]) {
        expect(body).not.toContain(typed);
      }
    }
    // The operator still gets everything the sender wrote.
    expect((await lastEmailTo(env().OPERATOR_EMAIL))?.textBody).toContain(lure);
  });

  it("keeps Japanese field errors for a bad body", async () => {
    const res = await api("POST", "/api/support", {
      body: { category: "雑談", message: "", name: "", email: "a@" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({
      category: "お問い合わせ種別を選択してください",
      message: "お問い合わせ内容を入力してください",
      name: "お名前を入力してください",
    });
  });
});
