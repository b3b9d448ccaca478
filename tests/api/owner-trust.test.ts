import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { db } from "@/server/db/client";
import {
  auditLogs,
  buyerTrackRecords,
  dealMessages,
  dealThreads,
  ticketRefunds,
  ticketUsages,
} from "@/server/db/schema";
import { type Account, createOwner, emailsTo, markVerified, registerAccount } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { api, idem } from "../factories/http";
import { inquiryBody, insertNominations, resetInquiryLimits } from "../factories/inquiries";

// The console's abuse signals (one statement per page) and the operator's stop on a buyer's
// nominations: audited, emailed, enforced on the nomination flow (create and dry-run), never on bulk.

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const REASON = "指名先のメーカーから返信がないとの申告が続いているため";
const SUSPENDED = "現在、指名での依頼の送信を停止しています。詳しくはお問い合わせください。";

let owner: { id: string; token: string };
let supplier: Account;
let lowReply: Account;
let borderline: Account;
let newcomer: Account;
let refunded: Account;
let oldRefunds: Account;
let decliner: Account;
let fewDeclines: Account;

const get = (path: string, token = owner.token) => api("GET", path, { token });

/** Threads of `s` on new nominations of `buyer`, inserted directly with the given state. */
async function threads(buyer: Account, s: Account, rows: Array<Partial<typeof dealThreads.$inferInsert>>) {
  const ids = await insertNominations(buyer, s.companyId, rows.length);
  await db()
    .insert(dealThreads)
    .values(
      rows.map((r, i) => ({
        inquiryId: ids[i]!,
        buyerCompanyId: buyer.companyId,
        supplierCompanyId: s.companyId,
        ...r,
      })),
    );
}

/** Tickets the supplier used on `buyer`'s nominations, refunded at the given times. */
async function refunds(buyer: Account, rows: Array<{ at: Date; kind: "NO_REPLY" | "OPERATOR" }>) {
  const inquiryIds = await insertNominations(buyer, supplier.companyId, rows.length);
  for (const [i, r] of rows.entries()) {
    const [usage] = await db()
      .insert(ticketUsages)
      .values({ companyId: supplier.companyId, inquiryId: inquiryIds[i]!, refundedAt: r.at })
      .returning();
    await db()
      .insert(ticketRefunds)
      .values({ usageId: usage!.id, companyId: supplier.companyId, kind: r.kind, createdAt: r.at });
  }
}

beforeAll(async () => {
  owner = await createOwner();
  supplier = await registerAccount("SUPPLIER", { companyName: "信頼確認工業株式会社" });
  await markVerified(supplier.userId);
  const buyer = (name: string) => registerAccount("BUYER", { companyName: name });
  lowReply = await buyer("返信少ない商事株式会社");
  borderline = await buyer("返信半分商事株式会社");
  newcomer = await buyer("新規発注株式会社");
  refunded = await buyer("返却多い商事株式会社");
  oldRefunds = await buyer("昔の返却商事株式会社");
  decliner = await registerAccount("SUPPLIER", { companyName: "お見送り多い精工株式会社" });
  fewDeclines = await registerAccount("SUPPLIER", { companyName: "お見送り少ない精工株式会社" });
  await markVerified(lowReply.userId);

  await db()
    .insert(buyerTrackRecords)
    .values([
      { companyId: lowReply.companyId, opportunities: 5, repliedInTime: 2, closedInquiries: 2 },
      // 50 % is not below half; 2 opportunities are too few to judge.
      { companyId: borderline.companyId, opportunities: 4, repliedInTime: 2 },
      { companyId: newcomer.companyId, opportunities: 2, repliedInTime: 0 },
    ]);
  await refunds(refunded, [
    { at: ago(3), kind: "NO_REPLY" },
    { at: ago(80), kind: "NO_REPLY" },
    { at: ago(10), kind: "OPERATOR" },
  ]);
  // One in the window, one 91 days ago, one by the operator: none of them many no-reply refunds.
  await refunds(oldRefunds, [
    { at: ago(5), kind: "NO_REPLY" },
    { at: ago(91), kind: "NO_REPLY" },
    { at: ago(6), kind: "OPERATOR" },
  ]);

  const declined = (days: number) => ({ status: "DECLINED" as const, quoteVersion: 1, decidedAt: ago(days) });
  await threads(lowReply, decliner, [
    declined(1),
    declined(30),
    declined(89),
    declined(120),
    { status: "AWARDED", quoteVersion: 2, decidedAt: ago(2) },
    { status: "NEW" },
  ]);
  await threads(lowReply, fewDeclines, [
    declined(1),
    declined(2),
    declined(100),
    { status: "QUOTED", quoteVersion: 1 },
  ]);
});

describe("abuse signals", () => {
  it("lists buyers with a reply rate below half (≥ 3 opportunities) or ≥ 2 no-reply refunds in 90 days", async () => {
    const res = await get("/api/owner/trust-signals/buyers?perPage=100");
    expect(res.status).toBe(200);
    const ids = res.body.items.map((i: { company: { id: string } }) => i.company.id);
    expect(ids).toContain(lowReply.companyId);
    expect(ids).toContain(refunded.companyId);
    for (const quiet of [borderline, newcomer, oldRefunds]) expect(ids).not.toContain(quiet.companyId);
    // The most refunds first.
    expect(ids.indexOf(refunded.companyId)).toBeLessThan(ids.indexOf(lowReply.companyId));
    const low = res.body.items.find((i: { company: { id: string } }) => i.company.id === lowReply.companyId);
    expect(low).toEqual({
      company: { id: lowReply.companyId, name: "返信少ない商事株式会社", status: "ACTIVE" },
      opportunities: 5,
      repliedInTime: 2,
      replyRate: 0.4,
      closedInquiries: 2,
      decidedInquiries: 0,
      noReplyRefunds: 0,
      lowReplyRate: true,
      manyRefunds: false,
      sharedMemberDeals: 0, // no supplier shares a member with it (issue 33; tests/api/self-dealing.test.ts)
      sharedMember: false,
      nominationsSuspendedAt: null,
    });
    const many = res.body.items.find((i: { company: { id: string } }) => i.company.id === refunded.companyId);
    expect(many).toMatchObject({
      noReplyRefunds: 2,
      manyRefunds: true,
      lowReplyRate: false,
      replyRate: null,
    });
  });

  it("filters by signal and pages through the same list", async () => {
    const onlyRefunds = await get("/api/owner/trust-signals/buyers?signal=refunds&perPage=100");
    expect(onlyRefunds.body.items.map((i: { company: { id: string } }) => i.company.id)).toEqual([
      refunded.companyId,
    ]);
    const onlyLow = await get("/api/owner/trust-signals/buyers?signal=low-reply&perPage=100");
    expect(onlyLow.body.items.map((i: { company: { id: string } }) => i.company.id)).toEqual([
      lowReply.companyId,
    ]);
    const all = await get("/api/owner/trust-signals/buyers?perPage=100");
    const paged: string[] = [];
    for (let page = 1; page <= all.body.total; page++) {
      const res = await get(`/api/owner/trust-signals/buyers?perPage=1&page=${page}`);
      expect(res.body).toMatchObject({ page, perPage: 1, total: all.body.total });
      paged.push(...res.body.items.map((i: { company: { id: string } }) => i.company.id));
    }
    expect(paged).toEqual(all.body.items.map((i: { company: { id: string } }) => i.company.id));
    // Past the end: no rows, the total still said.
    const past = await get(`/api/owner/trust-signals/buyers?perPage=1&page=${all.body.total + 5}`);
    expect(past.body).toMatchObject({ items: [], total: all.body.total });
    const bad = await get("/api/owner/trust-signals/buyers?signal=everything");
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.signal).toMatch(/シグナル/);
  });

  it("lists suppliers with ≥ 3 declines in 90 days, with quotes and awards", async () => {
    const res = await get("/api/owner/trust-signals/suppliers");
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        company: { id: decliner.companyId, name: "お見送り多い精工株式会社", status: "ACTIVE" },
        declined: 3,
        quotesSent: 5,
        awardsWon: 1,
      },
    ]);
    expect(res.body.total).toBe(1);
    const csv = await api("GET", "/api/owner/trust-signals/suppliers?format=csv", { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(String(csv.body)).toContain("お見送り多い精工株式会社");
  });

  it("counts each signal and the open reports", async () => {
    const before = await get("/api/owner/trust-signals");
    expect(before.status).toBe(200);
    const [thread] = await db()
      .select({ id: dealThreads.id })
      .from(dealThreads)
      .where(eq(dealThreads.supplierCompanyId, decliner.companyId))
      .limit(1);
    await db().insert(dealMessages).values({
      threadId: thread!.id,
      side: "SUPPLIER",
      kind: "MESSAGE",
      body: "通報される",
      reportedAt: new Date(),
    });
    const after = await get("/api/owner/trust-signals");
    expect(after.body).toEqual({
      windowDays: 90,
      buyers: 2,
      suppliers: 1,
      openReports: before.body.openReports + 1,
      suspendedBuyers: before.body.suspendedBuyers,
    });
  });

  it("answers each page in one statement after the operator's token (no query per row)", async () => {
    const previous = env().QUERY_LOG;
    setEnvForTests({ QUERY_LOG: "1" });
    const app = createApp();
    setEnvForTests({ QUERY_LOG: previous });
    for (const path of [
      "/api/owner/trust-signals",
      "/api/owner/trust-signals/buyers",
      "/api/owner/trust-signals/suppliers",
    ]) {
      const res = await app.request(path, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(res.status).toBe(200);
      // The operator's token: looked up after the users' sessions (2 queries), then the page.
      expect(res.headers.get("server-timing"), path).toMatch(/desc="3 queries"/);
    }
  });

  it("is the operator's only", async () => {
    for (const path of ["/api/owner/trust-signals", "/api/owner/trust-signals/buyers"]) {
      expect((await get(path, lowReply.token)).status).toBe(403);
      expect((await api("GET", path)).status).toBe(401);
    }
  });
});

describe("stopping a buyer's nominations", () => {
  const path = (a: { companyId: string }) => `/api/owner/buyer/${a.companyId}/nomination-suspension`;
  const suspend = (a: { companyId: string }, reason: unknown = REASON) =>
    api("POST", path(a), { token: owner.token, body: { reason } });
  const lift = (a: { companyId: string }) => api("DELETE", path(a), { token: owner.token });
  const send = (who: Account, body: Record<string, unknown>, how: "contact" | "company" | "dry-run") =>
    api(
      "POST",
      how === "dry-run"
        ? "/api/contact/dry-run/create"
        : how === "contact"
          ? "/api/contact/create"
          : `/api/buyer/company/${who.companyId}/contacts`,
      { token: who.token, headers: idem(), body: inquiryBody(body) },
    );
  const nomination = { type: "NOMINATION", nominatedCompanyId: "" };
  const auditOf = (companyId: string, action: string) =>
    db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, companyId), eq(auditLogs.action, action)));

  it("refuses a short reason with a Japanese field error, suppliers and unknown companies with 404", async () => {
    const short = await suspend(lowReply, "返信なし");
    expect(short.status).toBe(422);
    expect(short.body.error.fields.reason).toBe("停止の理由は10文字以上で入力してください");
    expect((await suspend(lowReply, "")).body.error.fields.reason).toBe("停止の理由を入力してください");
    for (const other of [supplier, { companyId: randomUUID() }]) {
      const res = await suspend(other);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("企業が見つかりませんでした。");
      expect((await lift(other)).status).toBe(404);
    }
    expect(await auditOf(supplier.companyId, "company.suspend_nominations")).toEqual([]);
    expect((await lift(lowReply)).status).toBe(409);
  });

  it("stops them with an audit row and an email to every member, and the nomination flow answers 403", async () => {
    const general = await addGeneralMember(lowReply.companyId);
    nomination.nominatedCompanyId = supplier.companyId;
    await resetInquiryLimits();
    expect((await send(lowReply, nomination, "dry-run")).status).toBe(200);

    const res = await suspend(lowReply);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      companyId: lowReply.companyId,
      nominationSuspension: {
        suspendedAt: expect.any(String),
        reason: REASON,
        by: { id: owner.id, name: "運営 花子" },
      },
    });
    const [audit] = await auditOf(lowReply.companyId, "company.suspend_nominations");
    expect(audit).toMatchObject({ ownerId: owner.id, targetType: "company" });
    expect(audit!.before).toMatchObject({ nominationsSuspendedAt: null, nominationsSuspendedReason: null });
    expect(audit!.after).toMatchObject({
      nominationsSuspendedReason: REASON,
      nominationsSuspendedByOwnerId: owner.id,
    });
    for (const member of [lowReply, general]) {
      const mails = (await emailsTo(member.email)).filter((m) => m.template === "nominations-suspended");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("指名での依頼の送信を停止しました");
      expect(mails[0]!.textBody).toContain(REASON);
      expect(mails[0]!.textBody).toContain("http://localhost:3000/support");
    }
    expect((await suspend(lowReply, "二度目の停止の理由を書きます")).status).toBe(409);

    for (const how of ["contact", "company", "dry-run"] as const) {
      const refused = await send(lowReply, nomination, how);
      expect(refused.status, how).toBe(403);
      expect(refused.body.error.message).toBe(SUSPENDED);
    }
    // Bulk inquiries stay open to the company.
    expect((await send(lowReply, { type: "BULK" }, "dry-run")).status).toBe(200);
    expect((await send(lowReply, { type: "BULK" }, "contact")).status).toBe(201);

    const detail = await get(`/api/owner/buyer/${lowReply.companyId}`);
    expect(detail.body.nominationSuspension).toMatchObject({ reason: REASON, by: { name: "運営 花子" } });
    const listed = await get("/api/owner/trust-signals/buyers?signal=low-reply");
    expect(listed.body.items[0]).toMatchObject({
      company: { id: lowReply.companyId },
      nominationsSuspendedAt: res.body.nominationSuspension.suspendedAt,
    });
    expect((await get("/api/owner/trust-signals")).body.suspendedBuyers).toBeGreaterThanOrEqual(1);
  });

  it("lifts them with an audit row and an email, and nominations go through again", async () => {
    const res = await lift(lowReply);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companyId: lowReply.companyId, nominationSuspension: null });
    const [audit] = await auditOf(lowReply.companyId, "company.lift_nomination_suspension");
    expect(audit!.before).toMatchObject({ nominationsSuspendedReason: REASON });
    expect(audit!.after).toMatchObject({ nominationsSuspendedAt: null, nominationsSuspendedReason: null });
    const mails = (await emailsTo(lowReply.email)).filter((m) => m.template === "nominations-resumed");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("指名での依頼の送信停止を解除しました");
    expect((await lift(lowReply)).status).toBe(409);
    expect((await get(`/api/owner/buyer/${lowReply.companyId}`)).body.nominationSuspension).toBeNull();
    await resetInquiryLimits();
    expect((await send(lowReply, nomination, "contact")).status).toBe(201);
  });

  it("is the operator's only: members get 403, signed out 401 before the body is read", async () => {
    for (const method of ["POST", "DELETE"]) {
      expect((await api(method, path(lowReply), { token: lowReply.token, body: {} })).status).toBe(403);
      expect((await api(method, path(lowReply), { body: {} })).status).toBe(401);
    }
  });
});
