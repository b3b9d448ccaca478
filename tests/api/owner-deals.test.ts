import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appendMessage } from "@/modules/deals/thread.repository";
import { db } from "@/server/db/client";
import { auditLogs } from "@/server/db/schema";
import { type Account, createOwner, markVerified, registerAccount } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { addThread, base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";

// The console's view of the deal room: metadata without content, content only with a reason that
// is audited first, and the moderation of reported messages.

let buyer: Account;
let supplier: Account;
let owner: { id: string; token: string };
let inquiryId: string;
let threadId: string;
let supplierMessageId: string;

const SECRET_BODY = "試作の単価は一個あたり三百二十円でお願いしたいです";
const REASON = "発注者からの問い合わせ（通報の確認）のため";
const DECLINE_NOTE = "社内稟議の都合で今回は見送ります（非公開のメモ）";

beforeAll(async () => {
  buyer = await registerAccount("BUYER", { companyName: "株式会社商談確認商事" });
  supplier = await registerAccount("SUPPLIER", { companyName: "商談確認工業株式会社" });
  await markVerified(buyer.userId);
  await markVerified(supplier.userId);
  await makePaid(supplier.companyId);
  owner = await createOwner();
  ({ inquiryId, threadId } = await openDealThread(buyer, supplier));
  await appendMessage(db(), threadId, {
    side: "BUYER",
    kind: "MESSAGE",
    authorUserId: buyer.userId,
    body: SECRET_BODY,
  });
  supplierMessageId = (
    await appendMessage(db(), threadId, {
      side: "SUPPLIER",
      kind: "MESSAGE",
      authorUserId: supplier.userId,
      body: "承知しました。連絡先は 090-0000-0000 です。",
    })
  ).id;
  // A second supplier on the same inquiry: quoted, then declined by the buyer with a note.
  const second = await registerAccount("SUPPLIER", { companyName: "見送り精工株式会社" });
  await markVerified(second.userId);
  const secondThread = await addThread(buyer, inquiryId, second);
  expect((await quote(second, secondThread)).status).toBe(201);
  const declined = await api("POST", `${base(buyer)}/threads/${secondThread}/decline`, {
    token: buyer.token,
    body: { reason: "PRICE", note: DECLINE_NOTE },
  });
  expect(declined.status, JSON.stringify(declined.body)).toBe(200);
});

const auditOf = (targetId: string, action: string) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetId, targetId), eq(auditLogs.action, action)));

describe("thread metadata on the inquiry page", () => {
  it("lists one row per supplier with states and counts, and never a body", async () => {
    const res = await api("GET", `/api/owner/contact/${inquiryId}/deal-threads`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      id: threadId,
      inquiryId,
      buyer: { id: buyer.companyId, name: "株式会社商談確認商事" },
      supplier: { id: supplier.companyId, name: "商談確認工業株式会社" },
      status: "NEW",
      statusLabel: "見積待ち",
      quoteVersion: 0,
      messageCount: 2,
      decision: null,
      buyerUnread: 1,
      supplierUnread: 0,
      openReports: 0,
    });
    expect(res.body.items[0].lastMessageAt).toEqual(expect.any(String));
    expect(res.body.items[1]).toMatchObject({
      supplier: { name: "見送り精工株式会社" },
      status: "DECLINED",
      statusLabel: "お見送り",
      quoteVersion: 1,
      decision: { status: "DECLINED", reasonLabel: "価格", awardedVersion: null, poNumber: null },
    });
    expect(res.body.items[1].decision.decidedAt).toEqual(expect.any(String));
    const text = JSON.stringify(res.body);
    // Neither the messages nor the decision's note (written by a member) nor the quote's prices.
    expect(text).not.toContain(DECLINE_NOTE);
    expect(text).not.toMatch(/unitPrice|tiers|reasonNote/);
    expect(text).not.toContain(SECRET_BODY);
    expect(text).not.toContain("090-0000-0000");
    expect(text).not.toMatch(/"body"/);
  });

  it("answers 404 for an unknown inquiry, 422 for a malformed id, 403 for members", async () => {
    const unknown = await api("GET", `/api/owner/contact/${randomUUID()}/deal-threads`, {
      token: owner.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("案件が見つかりませんでした。");
    const bad = await api("GET", "/api/owner/contact/not-a-uuid/deal-threads", { token: owner.token });
    expect(bad.status).toBe(422);
    for (const member of [buyer, supplier]) {
      const res = await api("GET", `/api/owner/contact/${inquiryId}/deal-threads`, { token: member.token });
      expect(res.status).toBe(403);
    }
  });
});

describe("reading a thread with a reason", () => {
  const read = (body: unknown, token = owner.token, id = threadId) =>
    api("POST", `/api/owner/deal-threads/${id}/read`, { token, body });

  it("refuses without a reason or with a short one (422, a Japanese field error) and records nothing", async () => {
    const before = (await auditOf(threadId, "deal_thread.read")).length;
    const missing = await read({});
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields.reason).toBe("確認の理由を入力してください");
    const short = await read({ reason: "確認のため" });
    expect(short.status).toBe(422);
    expect(short.body.error.fields.reason).toBe("確認の理由は10文字以上で入力してください");
    const blank = await read({ reason: "             " });
    expect(blank.status).toBe(422);
    expect(JSON.stringify([missing.body, short.body, blank.body])).not.toContain(SECRET_BODY);
    expect(await auditOf(threadId, "deal_thread.read")).toHaveLength(before);
  });

  it("with a reason returns the messages, oldest first, and the audit row carries the reason", async () => {
    const requestId = `deal-read-${randomUUID()}`;
    const res = await api("POST", `/api/owner/deal-threads/${threadId}/read`, {
      token: owner.token,
      body: { reason: REASON },
      headers: { "x-request-id": requestId },
    });
    expect(res.status).toBe(200);
    expect(res.body.thread).toMatchObject({ id: threadId, messageCount: 2 });
    expect(res.body.truncated).toBe(false);
    expect(res.body.items.map((m: any) => [m.side, m.body])).toEqual([
      ["BUYER", SECRET_BODY],
      ["SUPPLIER", "承知しました。連絡先は 090-0000-0000 です。"],
    ]);
    expect(res.body.items[0].authorName).toEqual(expect.any(String));

    const rows = await db().select().from(auditLogs).where(eq(auditLogs.requestId, requestId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ownerId: owner.id,
      action: "deal_thread.read",
      targetType: "deal_thread",
      targetId: threadId,
    });
    expect(rows[0]!.after).toMatchObject({ reason: REASON, buyerCompanyId: buyer.companyId });
    // The audit row records who read what and why, not the content it opened.
    expect(JSON.stringify(rows[0])).not.toContain(SECRET_BODY);
  });

  it("a long thread returns its newest 500 messages, oldest first, and says it is cut", async () => {
    const other = await registerAccount("SUPPLIER", { companyName: "長文工業株式会社" });
    await markVerified(other.userId);
    const long = await openDealThread(buyer, other);
    const pause = () => new Promise((r) => setTimeout(r, 5));
    for (let i = 1; i <= 501; i++) {
      // The first and the last stand apart in time; the ones between may share a millisecond.
      if (i === 2 || i === 501) await pause();
      await appendMessage(db(), long.threadId, {
        side: i % 2 ? "SUPPLIER" : "BUYER",
        kind: "MESSAGE",
        authorUserId: i % 2 ? other.userId : buyer.userId,
        body: `メッセージ${i}`,
      });
    }
    const res = await read({ reason: REASON }, owner.token, long.threadId);
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(true);
    expect(res.body.items).toHaveLength(500);
    const bodies = res.body.items.map((m: any) => m.body);
    expect(bodies).not.toContain("メッセージ1");
    expect(bodies.at(-1)).toBe("メッセージ501");
    const times = res.body.items.map((m: any) => m.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it("answers 404 for an unknown thread (no audit row), and 403 to members of either company", async () => {
    const unknown = randomUUID();
    const res = await read({ reason: REASON }, owner.token, unknown);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("商談スレッドが見つかりませんでした。");
    expect(await auditOf(unknown, "deal_thread.read")).toEqual([]);
    const before = (await auditOf(threadId, "deal_thread.read")).length;
    for (const member of [buyer, supplier]) {
      const refused = await read({ reason: REASON }, member.token);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(SECRET_BODY);
    }
    expect(await auditOf(threadId, "deal_thread.read")).toHaveLength(before);
  });
});

describe("reported messages", () => {
  it("a report appears in the open list, is resolved with a note (audited) and leaves the open list", async () => {
    const reported = await api(
      "POST",
      `/api/deals/company/${buyer.companyId}/messages/${supplierMessageId}/report`,
      { token: buyer.token, body: { reason: "外部の連絡先に誘導されました" } },
    );
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);

    const open = await api("GET", "/api/owner/deal-reports?status=open", { token: owner.token });
    expect(open.status).toBe(200);
    const item = open.body.items.find((r: any) => r.messageId === supplierMessageId);
    expect(item).toMatchObject({
      threadId,
      inquiry: { id: inquiryId },
      buyer: { id: buyer.companyId },
      supplier: { id: supplier.companyId },
      reporterSide: "BUYER",
      reason: "外部の連絡先に誘導されました",
      status: "open",
      resolvedAt: null,
    });
    expect(item.reportedAt).toEqual(expect.any(String));
    expect(JSON.stringify(open.body)).not.toContain("090-0000-0000");
    const threads = await api("GET", `/api/owner/contact/${inquiryId}/deal-threads`, { token: owner.token });
    expect(threads.body.items[0].openReports).toBe(1);

    const noNote = await api("POST", `/api/owner/deal-reports/${supplierMessageId}/resolve`, {
      token: owner.token,
      body: {},
    });
    expect(noNote.status).toBe(422);
    expect(noNote.body.error.fields.note).toBe("対応の内容を入力してください");

    const resolved = await api("POST", `/api/owner/deal-reports/${supplierMessageId}/resolve`, {
      token: owner.token,
      body: { note: "供給者に注意喚起のメールを送信" },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({ ok: true });
    const [audit] = await auditOf(supplierMessageId, "deal_message.resolve_report");
    expect(audit).toMatchObject({ ownerId: owner.id, targetType: "deal_message" });
    expect(audit!.before).toMatchObject({ reportResolvedAt: null, resolutionNote: null });
    expect(audit!.after).toMatchObject({
      reportResolvedAt: expect.any(String),
      resolutionNote: "供給者に注意喚起のメールを送信",
      buyerCompanyId: buyer.companyId,
    });
    expect(JSON.stringify(audit)).not.toContain("090-0000-0000");

    const openAfter = await api("GET", "/api/owner/deal-reports?status=open", { token: owner.token });
    expect(openAfter.body.items.map((r: any) => r.messageId)).not.toContain(supplierMessageId);
    const done = await api("GET", "/api/owner/deal-reports?status=resolved", { token: owner.token });
    expect(done.body.items.find((r: any) => r.messageId === supplierMessageId)).toMatchObject({
      status: "resolved",
      resolvedAt: expect.any(String),
    });

    const again = await api("POST", `/api/owner/deal-reports/${supplierMessageId}/resolve`, {
      token: owner.token,
      body: { note: "二度目" },
    });
    expect(again.status).toBe(409);
    expect(await auditOf(supplierMessageId, "deal_message.resolve_report")).toHaveLength(1);
  });

  it("a message nobody reported, or an unknown one, answers 404; members get 403", async () => {
    const plain = await appendMessage(db(), threadId, {
      side: "BUYER",
      kind: "MESSAGE",
      authorUserId: buyer.userId,
      body: "通報されていないメッセージ",
    });
    for (const id of [plain.id, randomUUID()]) {
      const res = await api("POST", `/api/owner/deal-reports/${id}/resolve`, {
        token: owner.token,
        body: { note: "対応しました" },
      });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("通報されたメッセージが見つかりませんでした。");
    }
    for (const member of [buyer, supplier]) {
      expect((await api("GET", "/api/owner/deal-reports", { token: member.token })).status).toBe(403);
      const res = await api("POST", `/api/owner/deal-reports/${plain.id}/resolve`, {
        token: member.token,
        body: { note: "対応しました" },
      });
      expect(res.status).toBe(403);
    }
  });

  it("the list refuses an unknown status with a Japanese field error, and exports CSV", async () => {
    const bad = await api("GET", "/api/owner/deal-reports?status=all", { token: owner.token });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.status).toMatch(/open/);
    const csv = await api("GET", "/api/owner/deal-reports?status=resolved&format=csv", {
      token: owner.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(String(csv.body)).toContain("通報の理由");
  });
});
