import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { db } from "@/server/db/client";
import { auditLogs, documentDownloadLeads, emailOutbox, jobRuns, supportRequests } from "@/server/db/schema";
import { maskLinkTokens } from "@/server/email/mask";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, createOwner, markVerified, PASSWORD, registerAccount } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api, idem } from "../factories/http";
import { createInquiry, creditTickets, insertNominations } from "../factories/inquiries";

// Companies, news, CSV exports, dashboard, outbox, leads and the system check of the console.
let buyer: Account;
let supplier: Account;
let paid: Account;
let owner: { id: string; token: string };
let storageDir: string;
const app = createApp();

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), "oem-owner-check-"));
  setStorage(new LocalDiskStorage(storageDir));
  buyer = await registerAccount("BUYER", { companyName: '株式会社"引用",カンマ商事', name: "発注 花子" });
  await markVerified(buyer.userId);
  supplier = await registerAccount("SUPPLIER", { companyName: "=SUM(A1)工業株式会社" });
  paid = await registerAccount("SUPPLIER", { companyName: "有料ニュース化粧品株式会社" });
  await makePaid(paid.companyId);
  owner = await createOwner();
});

afterAll(async () => {
  setStorage(undefined);
  await rm(storageDir, { recursive: true, force: true });
});

const get = (p: string) => api("GET", p, { token: owner.token });

/** The raw bytes of a download: Response.text() would drop the BOM this test looks for. */
async function download(p: string) {
  const res = await app.request(p, { headers: { authorization: `Bearer ${owner.token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { res, bytes, text, lines: text.replace(/^\uFEFF/, "").split("\r\n") };
}

async function auditsOf(targetType: string, targetId: string) {
  return db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, targetType), eq(auditLogs.targetId, targetId)))
    .orderBy(desc(auditLogs.createdAt));
}

describe("buyers and suppliers", () => {
  it("lists buyers by keyword (name or member email), status and sort; deactivated ones stay visible", async () => {
    const byEmail = await get(`/api/owner/buyer?keyword=${encodeURIComponent(buyer.email)}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ page: 1, perPage: 20, total: 1 });
    expect(byEmail.body.items[0]).toMatchObject({
      id: buyer.companyId,
      name: '株式会社"引用",カンマ商事',
      status: "ACTIVE",
      prefectureName: "東京都",
      memberCount: 1,
      admin: { email: buyer.email },
      inquiryCount: 0,
      deactivatedAt: null,
    });

    const leaving = await registerAccount("BUYER", { companyName: "退会予定商事株式会社" });
    const reasons = (await api("GET", "/api/reason")).body.items as Array<{ id: number; label: string }>;
    await api("POST", "/api/reason", {
      token: leaving.token,
      body: { companyId: leaving.companyId, reasonIds: [reasons[0]!.id], comment: "社内で内製化しました" },
    });
    expect(
      (await api("DELETE", `/api/buyer/company/${leaving.companyId}/deactivate`, { token: leaving.token }))
        .status,
    ).toBe(200);
    const gone = await get("/api/owner/buyer?status=DEACTIVATED");
    expect(gone.body.items.map((b: any) => b.id)).toEqual([leaving.companyId]);
    expect(gone.body.items[0].deactivatedAt).toEqual(expect.any(String));
    const detail = await get(`/api/owner/buyer/${leaving.companyId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      company: { id: leaving.companyId, type: "BUYER", status: "DEACTIVATED" },
      members: [{ email: leaving.email, role: "ADMIN" }],
      inquiryCount: 0,
      deactivations: [
        {
          reasons: [{ id: reasons[0]!.id, label: reasons[0]!.label }],
          comment: "社内で内製化しました",
          by: { email: leaving.email },
        },
      ],
    });
    const active = await get("/api/owner/buyer?status=ACTIVE&sort=oldest&perPage=100");
    expect(active.body.items.map((b: any) => b.id)).not.toContain(leaving.companyId);
    expect(active.body.items[0].id).toBe(buyer.companyId);
  });

  it("shows a buyer's inquiry counts, and refuses another type or an unknown company with 404", async () => {
    await createInquiry(buyer);
    const detail = await get(`/api/owner/buyer/${buyer.companyId}`);
    expect(detail.body).toMatchObject({ inquiryCount: 1, inquiryCountsByStatus: { REVIEW: 1 } });
    expect((await get(`/api/owner/buyer/${supplier.companyId}`)).status).toBe(404);
    expect((await get(`/api/owner/oem/${buyer.companyId}`)).status).toBe(404);
    expect((await get("/api/owner/buyer/not-a-uuid")).status).toBe(422);
  });

  it("lists suppliers by payment status with their ticket balance, and shows one", async () => {
    const paidOnly = await get("/api/owner/oem?paymentStatus=OEM_PAID");
    expect(paidOnly.body.items.map((s: any) => s.id)).toEqual([paid.companyId]);
    const free = await get("/api/owner/oem?paymentStatus=OEM_FREE&sort=name");
    expect(free.body.items.map((s: any) => s.id)).toContain(supplier.companyId);
    expect(free.body.items.find((s: any) => s.id === supplier.companyId)).toMatchObject({
      paymentStatus: "OEM_FREE",
      ticketBalance: 0,
      caseCount: 0,
      entryCount: 0,
      namePublished: true,
    });
    const detail = await get(`/api/owner/oem/${paid.companyId}`);
    expect(detail.body).toMatchObject({
      company: { id: paid.companyId, type: "SUPPLIER", paymentStatus: "OEM_PAID" },
      members: [{ email: paid.email, role: "ADMIN" }],
      ticketBalance: 0,
      nominationCount: 0,
    });
    expect((await get("/api/owner/oem?paymentStatus=GOLD")).status).toBe(422);
  });

  it("counts a supplier's own nominations and tickets on its detail and in the list", async () => {
    const busy = await registerAccount("SUPPLIER", { companyName: "数字確認工業株式会社" });
    await insertNominations(buyer, busy.companyId, 2);
    await creditTickets(busy.companyId, 5);
    const detail = await get(`/api/owner/oem/${busy.companyId}`);
    expect(detail.body).toMatchObject({ nominationCount: 2, ticketBalance: 5, caseCount: 0, entryCount: 0 });
    const listed = await get(`/api/owner/oem?keyword=${encodeURIComponent("数字確認工業")}`);
    expect(listed.body.items).toMatchObject([{ id: busy.companyId, ticketBalance: 5 }]);
  });
});

describe("CSV export", () => {
  it("answers UTF-8 with a BOM, Japanese headers, quoted cells and an attachment file name", async () => {
    const { res, bytes, lines } = await download("/api/owner/buyer?format=csv&status=ACTIVE");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="buyers-\d{8}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(
      "企業ID,企業名,企業名（カナ）,状態,都道府県,電話番号,管理者名,管理者メールアドレス,メンバー数,問い合わせ数,登録日時,退会日時",
    );
    const row = lines.find((l) => l.startsWith(buyer.companyId))!;
    expect(row).toContain('"株式会社""引用"",カンマ商事"');
    expect(row).toContain(",利用中,東京都,");
    expect(row).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},$/);
    expect(Number(res.headers.get("x-total-count"))).toBe(lines.length - 2); // header + trailing CRLF
  });

  it("ignores the page size, and neutralises cells that Excel would run as formulas", async () => {
    const { lines, res } = await download("/api/owner/oem?format=csv&perPage=1");
    expect(res.headers.get("content-disposition")).toMatch(/filename="suppliers-\d{8}\.csv"/);
    expect(lines.length - 2).toBeGreaterThanOrEqual(2);
    const row = lines.find((l) => l.startsWith(supplier.companyId))!;
    expect(row).toContain(",'=SUM(A1)工業株式会社,");
    expect(lines[0]).toContain("プラン,企業名公開,チケット残数");
  });

  it("exports every other list too", async () => {
    for (const [p, file, header] of [
      ["/api/owner/contact?format=csv", "inquiries", "案件ID,種類,状態,案件名"],
      ["/api/owner/contact/bulk?format=csv", "bulk-inquiries", "案件ID"],
      ["/api/owner/contact/nomination?format=csv", "nomination-inquiries", "案件ID"],
      ["/api/owner/contact/common?format=csv", "inquiries", "案件ID"],
      ["/api/owner/contact/entry?format=csv", "entries", "エントリーID,状態,案件ID"],
      ["/api/owner/news?format=csv", "news", "お知らせID,タイトル,対象"],
      ["/api/owner/ticket-purchase?format=csv", "ticket-purchases", "購入ID,申込日時"],
      ["/api/owner/ticket-usage?format=csv", "ticket-usages", "使用ID,使用日時"],
      ["/api/owner/plan-contract-waiting?format=csv", "plan-applications", "契約ID,申込日時"],
      ["/api/owner/outbox?format=csv", "outbox", "ID,作成日時,宛先,件名"],
      ["/api/owner/audit-log?format=csv", "audit-log", "日時,運営者"],
      ["/api/owner/leads?format=csv", "leads", "日時,会社名,氏名"],
      ["/api/owner/support-requests?format=csv", "support-requests", "日時,種別"],
      ["/api/owner/test-list?format=csv", "system-checks", "日時,結果"],
    ] as const) {
      const { res, text, lines } = await download(p);
      expect(res.status, p).toBe(200);
      expect(text.startsWith("\uFEFF"), p).toBe(true);
      expect(res.headers.get("content-disposition"), p).toContain(`filename="${file}-`);
      expect(lines[0], p).toMatch(new RegExp(`^${header}`));
    }
    expect((await get("/api/owner/buyer?format=xlsx")).status).toBe(422);
  });
});

describe("news", () => {
  it("publishes news for suppliers only: suppliers see it, buyers and the public do not", async () => {
    const res = await api("POST", "/api/owner/news", {
      token: owner.token,
      body: {
        title: "OEMメーカー様向け 料金改定のお知らせ",
        body: "本文です。",
        audience: "SUPPLIER",
        status: "PUBLISHED",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ audience: "SUPPLIER", status: "PUBLISHED", createdByOwnerId: owner.id });
    expect(Date.now() - Date.parse(res.body.publishedAt)).toBeLessThan(60_000);
    const id = res.body.id as string;
    const ids = (r: any) => r.body.items.map((n: any) => n.id);
    const forSupplier = await api("GET", `/api/oem/company/${supplier.companyId}/news`, {
      token: supplier.token,
    });
    expect(ids(forSupplier)).toContain(id);
    const forBuyer = await api("GET", `/api/buyer/company/${buyer.companyId}/news`, { token: buyer.token });
    expect(forBuyer.status).toBe(200);
    expect(ids(forBuyer)).not.toContain(id);
    expect(ids(await api("GET", "/api/news"))).not.toContain(id);
    expect(
      (await api("GET", `/api/buyer/company/${buyer.companyId}/news/${id}`, { token: buyer.token })).status,
    ).toBe(404);

    const draft = await api("PUT", `/api/owner/news/${id}`, {
      token: owner.token,
      body: { status: "DRAFT" },
    });
    expect(draft.body.status).toBe("DRAFT");
    expect(
      ids(await api("GET", `/api/oem/company/${supplier.companyId}/news`, { token: supplier.token })),
    ).not.toContain(id);
    const toAll = await api("PUT", `/api/owner/news/${id}`, {
      token: owner.token,
      body: { audience: "ALL", status: "PUBLISHED" },
    });
    expect(toAll.body).toMatchObject({ audience: "ALL", status: "PUBLISHED" });
    expect(
      ids(await api("GET", `/api/buyer/company/${buyer.companyId}/news`, { token: buyer.token })),
    ).toContain(id);

    const del = await api("DELETE", `/api/owner/news/${id}`, { token: owner.token });
    expect(del.body).toEqual({ ok: true, id });
    expect((await get(`/api/owner/news/${id}`)).status).toBe(404);
    expect((await api("DELETE", `/api/owner/news/${id}`, { token: owner.token })).status).toBe(404);
    const audits = await auditsOf("news", id);
    expect(audits.map((a) => a.action)).toEqual(["news.delete", "news.update", "news.update", "news.create"]);
    expect(audits[0]).toMatchObject({ before: { audience: "ALL" }, after: null });
    expect(audits[3]).toMatchObject({ before: null, after: { audience: "SUPPLIER", status: "PUBLISHED" } });
  });

  it("keeps drafts and scheduled news out of sight, lists them for the operator, and validates", async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await api("POST", "/api/owner/news", {
      token: owner.token,
      body: { title: "明日公開", body: "予約投稿", audience: "ALL", status: "PUBLISHED", publishedAt: later },
    });
    expect(scheduled.body.publishedAt).toBe(later);
    const draft = await api("POST", "/api/owner/news", {
      token: owner.token,
      body: { title: "下書き", body: "未公開" },
    });
    expect(draft.body).toMatchObject({ status: "DRAFT", audience: "ALL", publishedAt: null });
    const publicIds = (await api("GET", "/api/news")).body.items.map((n: any) => n.id);
    expect(publicIds).not.toContain(scheduled.body.id);
    expect(publicIds).not.toContain(draft.body.id);
    const drafts = await get("/api/owner/news?status=DRAFT");
    expect(drafts.body.items.map((n: any) => n.id)).toEqual([draft.body.id]);
    const found = await get(`/api/owner/news?keyword=${encodeURIComponent("明日")}`);
    expect(found.body.items.map((n: any) => n.id)).toEqual([scheduled.body.id]);
    const published = await api("PUT", `/api/owner/news/${draft.body.id}`, {
      token: owner.token,
      body: { status: "PUBLISHED" },
    });
    expect(Date.now() - Date.parse(published.body.publishedAt)).toBeLessThan(60_000);

    const bad = await api("POST", "/api/owner/news", {
      token: owner.token,
      body: { title: "", body: "x", audience: "EVERYONE", publishedAt: "明日" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["audience", "publishedAt", "title"]);
    expect(
      (await api("PUT", `/api/owner/news/${draft.body.id}`, { token: owner.token, body: {} })).status,
    ).toBe(422);
  });
});

describe("dashboard", () => {
  it("counts new registrations, reviews, pending payments, plan applications and outbox failures", async () => {
    const before = (await get("/api/owner/dashboard")).body;
    expect(before.registrations.days).toBe(7);
    const newBuyer = await registerAccount("BUYER");
    await markVerified(newBuyer.userId);
    const newSupplier = await registerAccount("SUPPLIER");
    await createInquiry(newBuyer);
    await api("POST", "/api/billing/ticket_purchase", {
      headers: idem(),
      token: newSupplier.token,
      body: { quantity: 1 },
    });
    await api("POST", "/api/billing/plan_contract/waiting", {
      headers: idem(),
      token: newSupplier.token,
      body: {},
    });
    await db().insert(emailOutbox).values({
      template: "test",
      toAddress: "nobody@example.jp",
      subject: "失敗したメール",
      textBody: "本文",
      status: "FAILED",
      attempts: 8,
    });
    await db()
      .insert(documentDownloadLeads)
      .values({ companyName: "資料請求株式会社", name: "請求 太郎", email: "lead@example.jp" });
    await db().insert(supportRequests).values({
      category: "操作方法",
      message: "ログインできません",
      name: "相談 花子",
      email: "help@example.jp",
    });

    const after = (await get("/api/owner/dashboard")).body;
    expect(after).toMatchObject({
      registrations: {
        days: 7,
        buyers: before.registrations.buyers + 1,
        suppliers: before.registrations.suppliers + 1,
      },
      bulkInquiriesInReview: before.bulkInquiriesInReview + 1,
      pendingTicketPurchases: before.pendingTicketPurchases + 1,
      planApplicationsWaiting: before.planApplicationsWaiting + 1,
      outbox: { failed: before.outbox.failed + 1 },
      leadsLast7Days: before.leadsLast7Days + 1,
      supportRequestsLast7Days: before.supportRequestsLast7Days + 1,
    });
  });
});

describe("outbox, leads and support requests", () => {
  it("reads an email with its text and resends a failed one, audited without the text", async () => {
    const [row] = await db()
      .insert(emailOutbox)
      .values({
        template: "password-reset",
        toAddress: "resend@example.jp",
        subject: "【OEMマッチ】パスワード再設定",
        textBody: "https://example.jp/password-reset?token=secret",
        status: "FAILED",
        attempts: 8,
        lastError: "550 mailbox unavailable",
      })
      .returning();
    const failed = await get("/api/owner/outbox?status=FAILED&keyword=resend%40example");
    expect(failed.body.items).toEqual([
      expect.objectContaining({
        id: row!.id,
        status: "FAILED",
        attempts: 8,
        lastError: "550 mailbox unavailable",
      }),
    ]);
    expect(failed.body.items[0].textBody).toBeUndefined();
    const one = await get(`/api/owner/outbox/${row!.id}`);
    expect(one.body.textBody).toContain("password-reset?token=secret");

    const res = await api("POST", `/api/owner/outbox/${row!.id}/resend`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "PENDING", attempts: 0, lastError: null, sentAt: null });
    const again = await api("POST", `/api/owner/outbox/${row!.id}/resend`, { token: owner.token });
    expect(again.status).toBe(409);
    const [audit] = await auditsOf("email_outbox", row!.id);
    expect(audit).toMatchObject({
      action: "outbox.resend",
      before: { status: "FAILED" },
      after: { status: "PENDING" },
    });
    expect(JSON.stringify(audit!.before)).not.toContain("secret");
    expect((await get(`/api/owner/outbox/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("refuses to resend a sent email whose link was masked after sending, resends one without a link", async () => {
    const [masked, plain] = await db()
      .insert(emailOutbox)
      .values([
        {
          template: "password-reset",
          toAddress: "masked@example.jp",
          subject: "【OEMマッチ】パスワード再設定",
          textBody: maskLinkTokens("https://example.jp/password-reset?token=secret-token-0001"),
          status: "SENT" as const,
          sentAt: new Date(),
        },
        {
          template: "password-changed",
          toAddress: "plain@example.jp",
          subject: "【OEMマッチ】パスワードが変更されました",
          textBody: "パスワードが変更されました。",
          status: "SENT" as const,
          sentAt: new Date(),
        },
      ])
      .returning();
    const refused = await api("POST", `/api/owner/outbox/${masked!.id}/resend`, { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "送信済みのリンクは保管時に伏せているため、このメールは再送できません。ご本人に手続きのやり直しをご案内ください。",
    );
    const ok = await api("POST", `/api/owner/outbox/${plain!.id}/resend`, { token: owner.token });
    expect(ok.status).toBe(200);
  });

  it("lists brochure requests and support messages with a keyword", async () => {
    await db().insert(documentDownloadLeads).values({
      companyName: "キーワード化粧品株式会社",
      name: "資料 一郎",
      email: "brochure@example.jp",
      interest: "OEM開発",
    });
    const leads = await get(`/api/owner/leads?keyword=${encodeURIComponent("キーワード化粧品")}`);
    expect(leads.body.items).toEqual([
      expect.objectContaining({
        companyName: "キーワード化粧品株式会社",
        email: "brochure@example.jp",
        phone: null,
      }),
    ]);
    const support = await get("/api/owner/support-requests?keyword=help%40example.jp");
    expect(support.body.items[0]).toMatchObject({ category: "操作方法", message: "ログインできません" });
  });
});

describe("system check", () => {
  it("checks the database, storage, email relay and jobs now, keeps the result and lists it", async () => {
    await db()
      .insert(jobRuns)
      .values({ name: "purge-expired", lastRunAt: new Date(), lastOkAt: new Date() })
      .onConflictDoNothing();
    const res = await get("/api/owner/test");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      ownerId: owner.id,
      results: {
        database: { status: "ok", latencyMs: expect.any(Number) },
        storage: { status: "ok", kind: "local" },
        // Tests run without SMTP_URL: emails stay in the outbox.
        email: {
          status: "warning",
          smtpConfigured: false,
          pending: expect.any(Number),
          failed: expect.any(Number),
        },
        jobs: {
          items: expect.arrayContaining([expect.objectContaining({ name: "purge-expired", status: "ok" })]),
        },
      },
    });
    expect(["pglite", "postgres"]).toContain(res.body.results.database.kind);

    setStorage({
      kind: "s3",
      put: async () => {},
      putFile: async () => {},
      get: async () => undefined,
      open: async () => undefined,
      delete: async () => {},
      check: async () => {
        throw new Error("bucket not found");
      },
    });
    const broken = await get("/api/owner/test");
    setStorage(new LocalDiskStorage(storageDir));
    expect(broken.body.ok).toBe(false);
    expect(broken.body.results.storage).toMatchObject({ status: "error", kind: "s3" });
    expect(broken.body.results.storage.message).toContain("bucket not found");

    const history = await get("/api/owner/test-list?perPage=2");
    expect(history.body).toMatchObject({ page: 1, perPage: 2, total: 2 });
    expect(history.body.items.map((c: any) => c.id)).toEqual([broken.body.id, res.body.id]);
  });

  it("shows mails stuck past their sending time (no relay sends them) as an error, with SMTP configured", async () => {
    const smtp = env().SMTP_URL;
    setEnvForTests({ SMTP_URL: "smtp://127.0.0.1:2525" });
    try {
      const before = (await get("/api/owner/test")).body.results.email;
      // a dead sender's claim two minutes past, and a mail due five minutes ago
      await db()
        .insert(emailOutbox)
        .values([
          {
            toAddress: "stuck-claim@example.co.jp",
            template: "verify-email",
            subject: "件名",
            textBody: "本文",
            status: "SENDING",
            lockedUntil: new Date(Date.now() - 120_000),
          },
          {
            toAddress: "stuck-due@example.co.jp",
            template: "verify-email",
            subject: "件名",
            textBody: "本文",
            nextAttemptAt: new Date(Date.now() - 300_000),
          },
        ]);
      const email = (await get("/api/owner/test")).body.results.email;
      expect(email.stuck - before.stuck).toBe(2);
      expect(email).toMatchObject({ status: "error", stuckAfterSeconds: 60 });
      expect(email.message).toContain("送信されていないメール");
    } finally {
      await db()
        .delete(emailOutbox)
        .where(inArray(emailOutbox.toAddress, ["stuck-claim@example.co.jp", "stuck-due@example.co.jp"]));
      setEnvForTests({ SMTP_URL: smtp });
    }
  });
});

describe("access", () => {
  it("accepts only operator tokens: a member gets 403 and nobody signed in 401, even with a bad body", async () => {
    const doc = (await api("GET", "/api/openapi.json")).body;
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([p]) => p.replace(/^\/api/, "").startsWith("/owner/"))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), p] as const));
    expect(ops.length).toBeGreaterThanOrEqual(35);
    const member = await api("POST", "/api/auth/login", { body: { email: paid.email, password: PASSWORD } });
    for (const [method, p] of ops) {
      const url = `/api${p.replace(/^\/api/, "").replace(/\{[^}]+\}/g, crypto.randomUUID())}`;
      const body = method === "GET" || method === "DELETE" ? undefined : { nonsense: true };
      const asMember = await api(method, url, { token: member.body.token, body });
      expect(asMember.status, `${method} ${p} as a member`).toBe(403);
      expect(asMember.body.error.message).toBe("運営アカウントでのログインが必要です。");
      const anonymous = await api(method, url, { body });
      expect(anonymous.status, `${method} ${p} anonymous`).toBe(401);
    }
  });
});
