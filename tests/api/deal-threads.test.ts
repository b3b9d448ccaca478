// Deal threads (issue 18): who may open one, who sees it, messages by keyset, read receipts and
// unread counts, the 5,000-character limit, reports.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { approveBulkInquiry } from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { companies, dealMessages, dealThreads } from "@/server/db/schema";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { createInquiry, creditTickets } from "../factories/inquiries";

let buyer: Account;
let otherBuyer: Account;
let paid: Account;
let free: Account;
let otherSupplier: Account;

beforeAll(async () => {
  [buyer, otherBuyer, paid, free, otherSupplier] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社商談発注" }),
    registerVerified("BUYER", { companyName: "他社発注株式会社" }),
    registerVerified("SUPPLIER", { companyName: "有料精工株式会社" }),
    registerVerified("SUPPLIER", { companyName: "無料化成株式会社" }),
    registerVerified("SUPPLIER", { companyName: "他社工業株式会社" }),
  ]);
  await makePaid(paid.companyId);
});

const base = (a: Account) => `/api/deals/company/${a.companyId}`;
const post = (a: Account, path: string, body?: unknown) =>
  api("POST", `${base(a)}${path}`, { token: a.token, body });
const get = (a: Account, path: string) => api("GET", `${base(a)}${path}`, { token: a.token });

describe("opening a thread", () => {
  it("a free supplier on a nomination gets 402 until it uses its ticket through the billing API; then the thread is there", async () => {
    const inquiryId = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: free.companyId });
    const before = await post(free, `/inquiries/${inquiryId}/thread`);
    expect(before.status).toBe(402);
    expect(before.body.error.message).toBe("チケットを使用すると商談を始められます。");
    expect((await get(free, "/threads")).body.total).toBe(0);

    await creditTickets(free.companyId, 1);
    const used = await api("POST", "/api/billing/ticket_usage", {
      token: free.token,
      body: { contactId: inquiryId },
    });
    expect(used.status).toBe(201);
    expect(Object.keys(used.body)).not.toContain("threadId");

    const list = await get(free, `/threads?inquiryId=${inquiryId}`);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      inquiry: { id: inquiryId, type: "NOMINATION" },
      counterpart: { companyId: buyer.companyId, name: "株式会社商談発注", profileUrl: null },
      status: "NEW",
      unread: 0,
    });
    // Opening again finds the same thread (200).
    const again = await post(free, `/inquiries/${inquiryId}/thread`);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(list.body.items[0].id);
    // The buyer sees it too, with the supplier's public page.
    const buyers = await get(buyer, `/threads?inquiryId=${inquiryId}`);
    expect(buyers.body.items[0].counterpart).toEqual({
      companyId: free.companyId,
      name: "無料化成株式会社",
      profileUrl: `/oem/company/${free.companyId}`,
    });
  });

  it("a paid supplier's entry on a public inquiry opens the thread through the entry API; a free one gets 403, a paid one without entry 409", async () => {
    const inquiryId = await createInquiry(buyer, { type: "BULK" });
    const owner = await createOwner();
    await approveBulkInquiry(db(), owner.id, inquiryId);

    expect((await post(free, `/inquiries/${inquiryId}/thread`)).status).toBe(403);
    const noEntry = await post(paid, `/inquiries/${inquiryId}/thread`);
    expect(noEntry.status).toBe(409);
    expect(noEntry.body.error.message).toMatch(/エントリーすると/);

    const entry = await api("POST", `/api/oem/company/${paid.companyId}/contact/${inquiryId}/entries`, {
      token: paid.token,
      body: { message: "ぜひ対応させてください。" },
    });
    expect(entry.status).toBe(201);
    expect(Object.keys(entry.body).sort()).toEqual(["id", "inquiryId", "status"]);
    const threads = await get(paid, `/threads?inquiryId=${inquiryId}`);
    expect(threads.body.items).toHaveLength(1);
    expect((await post(paid, `/inquiries/${inquiryId}/thread`)).status).toBe(200);
  });

  it("a paid nominee opens its thread lazily (201, then 200); another supplier gets 404; a buyer cannot open one", async () => {
    const inquiryId = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: paid.companyId });
    expect((await post(otherSupplier, `/inquiries/${inquiryId}/thread`)).status).toBe(404);
    const first = await post(paid, `/inquiries/${inquiryId}/thread`);
    expect(first.status).toBe(201);
    expect((await post(paid, `/inquiries/${inquiryId}/thread`)).status).toBe(200);
    expect((await post(buyer, `/inquiries/${inquiryId}/thread`)).status).toBe(404);
    expect((await post(paid, `/inquiries/not-an-id/thread`)).status).toBe(404);
  });
});

describe("inside a thread", () => {
  it("a supplier with an unpublished name stays 企業名非公開 to the buyer until it writes", async () => {
    const hidden = await registerVerified("SUPPLIER", { companyName: "非公開化学株式会社" });
    const { threadId } = await openDealThread(buyer, hidden);
    await db().update(companies).set({ namePublished: false }).where(eq(companies.id, hidden.companyId));
    const before = await get(buyer, `/threads/${threadId}`);
    expect(before.body.counterpart).toMatchObject({ companyId: hidden.companyId, name: "企業名非公開" });
    expect((await get(hidden, `/threads/${threadId}`)).body.counterpart.name).toBe("株式会社商談発注");
    await post(hidden, `/threads/${threadId}/messages`, { body: "弊社よりご挨拶申し上げます。" });
    expect((await get(buyer, `/threads/${threadId}`)).body.counterpart.name).toBe("非公開化学株式会社");
  });

  it("another supplier and another buyer get 404 on the thread, its messages, posting, reading and its files", async () => {
    const { threadId } = await openDealThread(buyer, paid);
    const fileId = "00000000-0000-4000-8000-000000000000";
    for (const stranger of [otherBuyer, otherSupplier]) {
      const answers = [
        await get(stranger, `/threads/${threadId}`),
        await get(stranger, `/threads/${threadId}/messages`),
        await post(stranger, `/threads/${threadId}/messages`, { body: "こんにちは" }),
        await post(stranger, `/threads/${threadId}/read`),
        await get(stranger, `/threads/${threadId}/files/${fileId}`),
      ];
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
      for (const a of answers) expect(a.body.error.message).toMatch(/見つかりません/);
    }
    // A member of the thread's company asking through another company's path: 404 too.
    expect((await api("GET", `${base(buyer)}/threads/${threadId}`, { token: otherBuyer.token })).status).toBe(
      404,
    );
  });

  it("read receipts and unread counts rise and fall on both sides", async () => {
    const { threadId } = await openDealThread(buyer, paid);
    const startBuyer = (await get(buyer, "/unread")).body.unread;
    const startSupplier = (await get(paid, "/unread")).body.unread;

    const m1 = await post(paid, `/threads/${threadId}/messages`, {
      body: "お見積りの前に数量を確認させてください。",
    });
    expect(m1.status).toBe(201);
    expect(m1.body).toMatchObject({
      side: "SUPPLIER",
      kind: "MESSAGE",
      mine: true,
      readByOther: false,
      files: [],
    });
    await post(paid, `/threads/${threadId}/messages`, { body: "容器の指定はありますか。" });

    expect((await get(buyer, "/unread")).body.unread).toBe(startBuyer + 2);
    expect((await get(paid, "/unread")).body.unread).toBe(startSupplier);
    const list = await get(buyer, "/threads");
    expect(list.body.items[0]).toMatchObject({ id: threadId, unread: 2 }); // unread first
    expect(list.body.unreadTotal).toBe(startBuyer + 2);

    const seen = await get(buyer, `/threads/${threadId}/messages`);
    expect(seen.body.items.map((m: any) => [m.mine, m.readByOther])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(seen.body.items[0].authorName).toBe("山田 太郎");

    expect((await post(buyer, `/threads/${threadId}/read`)).body).toEqual({ unread: 0 });
    expect((await get(buyer, "/unread")).body.unread).toBe(startBuyer);
    const mine = await get(paid, `/threads/${threadId}/messages`);
    expect(mine.body.items.every((m: any) => m.mine && m.readByOther)).toBe(true);
    const detail = await get(paid, `/threads/${threadId}`);
    expect(detail.body).toMatchObject({ side: "SUPPLIER", unread: 0, acceptsMessages: true, quote: null });
    expect(detail.body.otherReadAt).not.toBeNull();

    // The buyer answers: the supplier's count rises, the buyer's stays 0.
    await post(buyer, `/threads/${threadId}/messages`, { body: "容器はご提案ください。" });
    expect((await get(paid, "/unread")).body.unread).toBe(startSupplier + 1);
    expect((await get(buyer, `/threads/${threadId}`)).body.unread).toBe(0);
    await post(paid, `/threads/${threadId}/read`);
    expect((await get(paid, "/unread")).body.unread).toBe(startSupplier);
  });

  it("keyset pagination over 120 messages returns each once, newest first", async () => {
    const { threadId } = await openDealThread(buyer, paid);
    // 120 messages, some sharing a timestamp (the id breaks the tie).
    const [thread] = await db().select().from(dealThreads).where(eq(dealThreads.id, threadId));
    const t0 = Date.now() - 10 * 60_000;
    await db()
      .insert(dealMessages)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          threadId: thread!.id,
          side: (i % 2 ? "BUYER" : "SUPPLIER") as "BUYER" | "SUPPLIER",
          authorUserId: i % 2 ? buyer.userId : paid.userId,
          body: `メッセージ ${i}`,
          createdAt: new Date(t0 + Math.floor(i / 3) * 1000),
        })),
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=50&before=${cursor}` : "?limit=50";
      const page = await get(buyer, `/threads/${threadId}/messages${q}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((m: any) => m.body));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    // Newest first: the timestamps never go up.
    const all = await db()
      .select({ body: dealMessages.body, at: dealMessages.createdAt, id: dealMessages.id })
      .from(dealMessages)
      .where(eq(dealMessages.threadId, threadId))
      .orderBy(sql`created_at desc, id desc`);
    expect(seen).toEqual(all.map((r) => r.body));

    // Pinned queries (QUERY_LOG's Server-Timing): the session, the thread, the page, its files;
    // the list: the session, the page, its total, the unread total.
    const previous = env().QUERY_LOG;
    setEnvForTests({ QUERY_LOG: "1" });
    const counted = createApp();
    setEnvForTests({ QUERY_LOG: previous });
    const queries = async (path: string) => {
      const res = await counted.request(`${base(buyer)}${path}`, {
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(res.status).toBe(200);
      return Number(/desc="(\d+) queries"/.exec(res.headers.get("server-timing") ?? "")?.[1]);
    };
    expect(await queries(`/threads/${threadId}/messages?limit=100`)).toBe(4);
    expect(await queries("/threads")).toBe(4);
    expect(await queries("/unread")).toBe(2);

    const bad = await get(buyer, `/threads/${threadId}/messages?before=@@@`);
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.before).toBeTruthy();
  });

  it("refuses 5,001 characters with a field error and takes 5,000", async () => {
    const { threadId } = await openDealThread(buyer, paid);
    const long = await post(buyer, `/threads/${threadId}/messages`, { body: "あ".repeat(5001) });
    expect(long.status).toBe(422);
    expect(long.body.error.fields.body).toMatch(/5000|5,000/);
    expect((await post(buyer, `/threads/${threadId}/messages`, { body: "あ".repeat(5000) })).status).toBe(
      201,
    );
    const empty = await post(buyer, `/threads/${threadId}/messages`, { body: "" });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.body).toBeTruthy();
  });

  it("refuses files that are not the caller's unattached deal uploads (422 on fileIds)", async () => {
    const { threadId } = await openDealThread(buyer, paid);
    const res = await post(buyer, `/threads/${threadId}/messages`, {
      body: "資料です",
      fileIds: ["00000000-0000-4000-8000-000000000001"],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.fileIds).toMatch(/添付ファイル/);
  });

  it("answers 409 once the thread takes no more messages", async () => {
    const { threadId } = await openDealThread(buyer, paid);
    await db().update(dealThreads).set({ status: "WITHDRAWN" }).where(eq(dealThreads.id, threadId));
    const res = await post(buyer, `/threads/${threadId}/messages`, { body: "まだ間に合いますか" });
    expect(res.status).toBe(409);
    expect((await get(buyer, `/threads/${threadId}`)).body.acceptsMessages).toBe(false);
  });

  it("reports the other side's message once; not one's own, not another company's", async () => {
    const { threadId } = await openDealThread(buyer, paid);
    const theirs = await post(paid, `/threads/${threadId}/messages`, { body: "不適切な勧誘の例" });
    const mine = await post(buyer, `/threads/${threadId}/messages`, { body: "こちらの連絡です" });
    const reason = { reason: "取引と関係のない勧誘です" };

    expect((await post(otherBuyer, `/messages/${theirs.body.id}/report`, reason)).status).toBe(404);
    expect((await post(buyer, `/messages/${mine.body.id}/report`, reason)).status).toBe(409);
    const first = await post(buyer, `/messages/${theirs.body.id}/report`, reason);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true });
    const again = await post(buyer, `/messages/${theirs.body.id}/report`, reason);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/通報済み/);
    const long = await post(paid, `/messages/${mine.body.id}/report`, { reason: "x".repeat(1001) });
    expect(long.status).toBe(422);

    const [row] = await db().select().from(dealMessages).where(eq(dealMessages.id, theirs.body.id));
    expect(row).toMatchObject({ reportReason: "取引と関係のない勧誘です", reportedByUserId: buyer.userId });
    const listed = await get(buyer, `/threads/${threadId}/messages`);
    expect(listed.body.items.find((m: any) => m.id === theirs.body.id).reported).toBe(true);
  });
});
