// Deal room quotes and decisions (issue 18): immutable versions, who may see what, the buyer's
// decisions (award, decline, decline-others) and the purchase order. The comparison table and the
// reminders are in deal-comparison.test.ts.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { addDays, addYears, todayInJapan } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { companies, dealQuoteVersions, dealThreads, files } from "@/server/db/schema";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { addThread, base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";
import { issue, orderBody, orders } from "../factories/orders";
import { itConcurrently } from "../support/concurrency";

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "po-"));
  const file = path.join(dir, "po.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

async function rawVersions(threadId: string): Promise<string[]> {
  const r = await db().execute<{ row: string }>(
    sql`select row_to_json(v)::text as row from deal_quote_versions v where thread_id = ${threadId} order by version`,
  );
  return r.rows.map((x) => x.row);
}

let buyer: Account;
let otherBuyer: Account;
let s1: Account;
let s2: Account;
let s3: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社発注テスト商事" });
  otherBuyer = await registerVerified("BUYER");
  s1 = await registerVerified("SUPPLIER", { companyName: "株式会社見積一号工業" });
  s2 = await registerVerified("SUPPLIER", { companyName: "株式会社見積二号工業" });
  s3 = await registerVerified("SUPPLIER", { companyName: "株式会社見積三号工業" });
});

describe("quote versions", () => {
  it("keeps every version unchanged, lists the changed fields and tells the buyer", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, s1);
    const v1 = await quote(s1, threadId);
    expect(v1.status).toBe(201);
    expect(v1.body).toMatchObject({ version: 1, changed: [], expired: false });
    expect(v1.body.validUntil).toBe(addDays(todayInJapan(), 30));
    const mail = (await emailsTo(buyer.email)).at(-1)!;
    expect(mail.subject).toContain("見積が届きました（第1版）");
    expect(mail.textBody).toContain(`/account/buyer/deals/${threadId}`);

    const before = await rawVersions(threadId);
    const v2 = await quote(s1, threadId, { leadTimeDays: 40, paymentTerms: "納品後30日以内" });
    expect(v2.status).toBe(201);
    expect(v2.body.version).toBe(2);
    expect(v2.body.changed).toEqual(["leadTimeDays", "paymentTerms"]);
    // Issue 33 (11): the values they had before, so a revision reads 「45日 → 40日」.
    expect(v1.body.previous).toEqual({});
    expect(v2.body.previous).toEqual({ leadTimeDays: 45, paymentTerms: "月末締め翌月末払い" });
    const afterTwo = await rawVersions(threadId);
    const v3 = await quote(s1, threadId, {
      leadTimeDays: 40,
      paymentTerms: "納品後30日以内",
      tiers: [{ quantity: 1000, unitPriceYen: 500 }],
      notes: undefined,
    });
    expect(v3.status).toBe(201);
    expect((await emailsTo(buyer.email)).at(-1)!.subject).toContain("見積が改訂されました（第3版）");

    const after = await rawVersions(threadId);
    expect(after).toHaveLength(3);
    // Versions 1 and 2 byte for byte as they were written.
    expect(after.slice(0, 1)).toEqual(before);
    expect(after.slice(0, 2)).toEqual(afterTwo);
    const list = await api("GET", `${base(buyer)}/threads/${threadId}/quote/versions`, {
      token: buyer.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((v: { version: number }) => v.version)).toEqual([1, 2, 3]);
    expect(list.body.items[2].changed).toEqual(["tiers", "notes"]);
    expect(list.body.items[2].previous).toEqual({
      tiers: [
        { quantity: 1000, unitPriceYen: 520 },
        { quantity: 3000, unitPriceYen: 480 },
      ],
      notes: "処方開発費は見積に含みます。",
    });
    const detail = await api("GET", `${base(buyer)}/threads/${threadId}`, { token: buyer.token });
    expect(detail.body.quote.previous).toEqual(list.body.items[2].previous);

    // Two more revisions (their race is the next test's, on PostgreSQL).
    const both = [await quote(s1, threadId, { moq: 2000 }), await quote(s1, threadId, { moq: 3000 })];
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both.map((r) => r.body.version)).toEqual([4, 5]);
    const [thread] = await db().select().from(dealThreads).where(eq(dealThreads.id, threadId));
    expect(thread).toMatchObject({ status: "QUOTED", quoteVersion: 5 });
    const msgs = await db().execute<{ kind: string; body: string }>(
      sql`select kind, body from deal_messages where thread_id = ${threadId} order by created_at`,
    );
    expect(msgs.rows.map((m) => m.body)).toEqual([
      "見積を提出しました（第1版）",
      "見積を改訂しました（第2版）",
      "見積を改訂しました（第3版）",
      "見積を改訂しました（第4版）",
      "見積を改訂しました（第5版）",
    ]);
  });

  itConcurrently(
    "two concurrent revisions each get their own version number under the thread's lock",
    async () => {
      const { threadId } = await openDealThread(buyer, s1);
      expect((await quote(s1, threadId)).status).toBe(201);
      const both = await Promise.all([
        quote(s1, threadId, { moq: 2000 }),
        quote(s1, threadId, { moq: 3000 }),
      ]);
      expect(both.map((r) => r.status)).toEqual([201, 201]);
      expect(both.map((r) => r.body.version).sort()).toEqual([2, 3]);
      const [thread] = await db().select().from(dealThreads).where(eq(dealThreads.id, threadId));
      expect(thread).toMatchObject({ status: "QUOTED", quoteVersion: 3 });
    },
  );

  it("refuses bad input field by field", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, s2);
    const tiers = await quote(s2, threadId, {
      tiers: [
        { quantity: 1000, unitPriceYen: 500 },
        { quantity: 1000, unitPriceYen: 450 },
      ],
    });
    expect(tiers.status).toBe(422);
    expect(tiers.body.error.fields["tiers.1.quantity"]).toBe(
      "数量は段階ごとに大きくなるように入力してください",
    );
    // Amounts beyond what the columns hold are a field error, not a 500 (found by the fuzzing).
    const huge = await quote(s2, threadId, { toolingCostYen: 3_000_000_000, sampleCostYen: 3_000_000_000 });
    expect(huge.status).toBe(422);
    expect(huge.body.error.fields.toolingCostYen).toBe("版代・金型代が大きすぎます");
    expect(huge.body.error.fields.sampleCostYen).toBe("サンプル費用が大きすぎます");
    const past = await quote(s2, threadId, { validUntil: addDays(todayInJapan(), -1) });
    expect(past.status).toBe(422);
    expect(past.body.error.fields.validUntil).toBeTruthy();
    const foreign = await quote(s2, threadId, { fileIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields.fileIds).toBeTruthy();
    const other = await api("POST", `${base(s2)}/threads/${threadId}/no-quote`, {
      token: s2.token,
      body: { reason: "OTHER" },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.fields.note).toBe("「その他」の場合は理由を入力してください");
    // A buyer cannot quote, a supplier cannot award.
    expect((await quote(buyer, threadId)).status).toBe(404);
    const supplierAward = await api("POST", `${base(s2)}/threads/${threadId}/award`, {
      token: s2.token,
      body: { version: 1 },
    });
    expect(supplierAward.status).toBe(404);
    // 辞退 ends quoting: a quote afterwards is refused by the status table.
    const withdraw = await api("POST", `${base(s2)}/threads/${threadId}/no-quote`, {
      token: s2.token,
      body: { reason: "CAPACITY" },
    });
    expect(withdraw.status).toBe(200);
    expect(withdraw.body.status).toBe("WITHDRAWN");
    expect((await emailsTo(buyer.email)).at(-1)!.textBody).toContain(
      "生産能力・キャパシティが不足しているため",
    );
    const late = await quote(s2, threadId);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("このメーカーは見積を辞退しています。");
  });
});

describe("a hidden supplier's 辞退", () => {
  it("does not tell the buyer the name of a supplier that never quoted nor wrote", async () => {
    await resetInquiryLimits();
    const hidden = await registerVerified("SUPPLIER", { companyName: "株式会社非公開テスト精工" });
    await db().update(companies).set({ namePublished: false }).where(eq(companies.id, hidden.companyId));
    const { threadId } = await openDealThread(buyer, hidden);
    const res = await api("POST", `${base(hidden)}/threads/${threadId}/no-quote`, {
      token: hidden.token,
      body: { reason: "LEAD_TIME" },
    });
    expect(res.status).toBe(200);
    const mail = (await emailsTo(buyer.email)).at(-1)!;
    expect(mail.subject).toContain("見積辞退のお知らせ");
    expect(mail.textBody).toContain("企業名非公開");
    expect(mail.textBody).not.toContain("非公開テスト精工");
  });
});

describe("quote files", () => {
  it("takes the supplier's own unattached deal uploads, keeps them on a revision, and lists them", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, s3);
    // Deal uploads as POST /api/deals/company/{companyId}/files stores them (storage key deals/…).
    const dealUpload = async (a: Account) => {
      const id = randomUUID();
      await db()
        .insert(files)
        .values({
          id,
          kind: "DOCUMENT",
          companyId: a.companyId,
          uploadedByUserId: a.userId,
          storageKey: `deals/${id}.pdf`,
          originalName: "見積書.pdf",
          contentType: "application/pdf",
          byteSize: 1234,
          sha256: "0".repeat(64),
        });
      return id;
    };
    const own = await dealUpload(s3);
    const foreign = await dealUpload(s2);
    const refused = await quote(s3, threadId, { fileIds: [own, foreign] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.fileIds).toBeTruthy();
    const ok = await quote(s3, threadId, { fileIds: [own] });
    expect(ok.status).toBe(201);
    expect(ok.body.files).toEqual([
      {
        id: own,
        name: "見積書.pdf",
        contentType: "application/pdf",
        byteSize: 1234,
        url: `/api/deals/company/${s3.companyId}/threads/${threadId}/files/${own}`,
      },
    ]);
    // A revision keeps the file; another thread cannot take it.
    const revised = await quote(s3, threadId, { fileIds: [own], leadTimeDays: 60 });
    expect(revised.status).toBe(201);
    expect(revised.body.changed).toEqual(["leadTimeDays"]);
    const { threadId: elsewhere } = await openDealThread(otherBuyer, s3);
    expect((await quote(s3, elsewhere, { fileIds: [own] })).status).toBe(422);
    const list = await api("GET", `${base(buyer)}/threads/${threadId}/quote/versions`, {
      token: buyer.token,
    });
    expect(list.body.items[1].files[0].url).toBe(
      `/api/deals/company/${buyer.companyId}/threads/${threadId}/files/${own}`,
    );
  });
});

describe("who sees a thread's quotes", () => {
  it("answers 404 to another supplier and another buyer", async () => {
    await resetInquiryLimits();
    const { threadId, inquiryId } = await openDealThread(buyer, s1);
    expect((await quote(s1, threadId)).status).toBe(201);
    for (const stranger of [s3, otherBuyer]) {
      const t = stranger.token;
      expect(
        (await api("GET", `${base(stranger)}/threads/${threadId}/quote/versions`, { token: t })).status,
      ).toBe(404);
      expect((await quote(stranger, threadId)).status).toBe(404);
      expect(
        (await api("GET", `${base(stranger)}/inquiries/${inquiryId}/comparison`, { token: t })).status,
      ).toBe(404);
      expect(
        (await api("POST", `${base(stranger)}/threads/${threadId}/award`, { token: t, body: { version: 1 } }))
          .status,
      ).toBe(404);
      expect(
        (
          await api("POST", `${base(stranger)}/inquiries/${inquiryId}/decline-others`, {
            token: t,
            body: { reason: "PRICE" },
          })
        ).status,
      ).toBe(404);
    }
  });
});

describe("award", () => {
  it("refuses an expired version and a stale one, then awards the current one with a purchase order", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, s1, { quantity: "初回3,000本、以降月1,000本" });
    expect((await quote(s1, threadId)).status).toBe(201);
    const awardV = (version: number) =>
      api("POST", `${base(buyer)}/threads/${threadId}/award`, { token: buyer.token, body: { version } });

    await db()
      .update(dealQuoteVersions)
      .set({ validUntil: addDays(todayInJapan(), -1) })
      .where(eq(dealQuoteVersions.threadId, threadId));
    const expired = await awardV(1);
    expect(expired.status).toBe(409);
    expect(expired.body.error.message).toContain("見積の有効期限が切れているため発注先に決定できません。");

    expect((await quote(s1, threadId, { validUntil: addDays(todayInJapan(), 10) })).status).toBe(201);
    const stale = await awardV(1);
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      "見積が改訂されています。最新の見積を確認してから決定してください。",
    );

    const ok = await awardV(2);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("AWARDED");
    expect(ok.body.poNumber).toMatch(/^PO-\d{8}-[0-9A-F]{6}$/);
    const mail = (await emailsTo(s1.email)).at(-1)!;
    expect(mail.subject).toContain("発注先に決定しました");
    expect(mail.textBody).toContain(ok.body.poNumber);
    expect(mail.textBody).toContain("発注書");
    expect((await awardV(2)).status).toBe(409);

    // The award's 発注書 is the order issued on the awarded version, under the thread's PO number (issue 35).
    const order = await issue(
      buyer,
      threadId,
      orderBody({
        quoteVersion: 2,
        includeSample: true,
        facts: {
          buyer: { capitalYen: 50_000_000, employeeCount: 120 },
          supplier: { capitalYen: 3_000_000, employeeCount: 8 },
        },
      }),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.number).toBe(ok.body.poNumber);
    for (const side of [buyer, s1]) {
      const res = await createApp().request(orders(side, `/orders/${order.body.id}/versions/1/pdf`), {
        headers: { authorization: `Bearer ${side.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const text = await pdfText(Buffer.from(await res.arrayBuffer()));
      // 3,000 × ¥480 + tooling ¥150,000 + sample ¥30,000 = ¥1,620,000; tax ¥162,000.
      for (const expected of [
        "発注書",
        ok.body.poNumber,
        "株式会社発注テスト商事",
        "株式会社見積一号工業",
        "1,440,000",
        "150,000",
        "1,620,000",
        "162,000",
        "1,782,000",
      ]) {
        expect(text, expected).toContain(expected);
      }
      // Issue 33 (10): the line counts in the inquiry's unit (「初回3,000本…」), never 個.
      expect(text).not.toContain("個");
    }
  });
});

describe("decline others", () => {
  it("declines exactly the suppliers still waiting, one email each", async () => {
    await resetInquiryLimits();
    const s4 = await registerVerified("SUPPLIER");
    const { inquiryId, threadId: t1 } = await openDealThread(buyer, s1);
    const t2 = await addThread(buyer, inquiryId, s2);
    const t3 = await addThread(buyer, inquiryId, s3);
    const t4 = await addThread(buyer, inquiryId, s4);
    expect((await quote(s1, t1)).status).toBe(201);
    expect((await quote(s2, t2)).status).toBe(201);
    expect(
      (await api("POST", `${base(s4)}/threads/${t4}/no-quote`, { token: s4.token, body: { reason: "MOQ" } }))
        .status,
    ).toBe(200);
    expect(
      (await api("POST", `${base(buyer)}/threads/${t1}/award`, { token: buyer.token, body: { version: 1 } }))
        .status,
    ).toBe(200);
    const mailsBefore = await Promise.all(
      [s1, s2, s3, s4].map(async (s) => (await emailsTo(s.email)).length),
    );

    const res = await api("POST", `${base(buyer)}/inquiries/${inquiryId}/decline-others`, {
      token: buyer.token,
      body: { reason: "OTHER_SUPPLIER", note: "今回は別のメーカーさまに決定しました。" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ declined: 2 });
    const rows = await db().select().from(dealThreads).where(eq(dealThreads.inquiryId, inquiryId));
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status).toEqual({ [t1]: "AWARDED", [t2]: "DECLINED", [t3]: "DECLINED", [t4]: "WITHDRAWN" });
    const mailsAfter = await Promise.all([s1, s2, s3, s4].map(async (s) => (await emailsTo(s.email)).length));
    expect(mailsAfter.map((n, i) => n - mailsBefore[i]!)).toEqual([0, 1, 1, 0]);
    const events = await db().execute<{ thread_id: string; n: number }>(
      sql`select thread_id, count(*)::int as n from deal_messages where kind = 'DECLINE'
          and thread_id in (${t1}, ${t2}, ${t3}, ${t4}) group by thread_id`,
    );
    expect(Object.fromEntries(events.rows.map((r) => [r.thread_id, Number(r.n)]))).toEqual({
      [t2]: 1,
      [t3]: 1,
    });
    const declined = (await emailsTo(s2.email)).at(-1)!;
    expect(declined.textBody).toContain("理由：他のメーカーに決定");
    // Nothing left to decline.
    const again = await api("POST", `${base(buyer)}/inquiries/${inquiryId}/decline-others`, {
      token: buyer.token,
      body: { reason: "PRICE" },
    });
    expect(again.body).toEqual({ declined: 0 });
  });
});

describe("quote dates and empty notes", () => {
  it("refuses an impossible or far validity date with a field error and takes notes: null", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, s3);
    // 2 月 31 日 does not exist: a field error, not the database's 500.
    const impossible = await quote(s3, threadId, { validUntil: "2027-02-31" });
    expect(impossible.status).toBe(422);
    expect(impossible.body.error.fields.validUntil).toBe("見積の有効期限は実在する日付で入力してください");
    // At most one year ahead (Japan dates): a year from today is the last day taken.
    const far = await quote(s3, threadId, { validUntil: "9999-12-31" });
    expect(far.status).toBe(422);
    expect(far.body.error.fields.validUntil).toBe("見積の有効期限は1年以内の日付で入力してください");
    const dayAfterLimit = await quote(s3, threadId, { validUntil: addDays(addYears(todayInJapan(), 1), 1) });
    expect(dayAfterLimit.status).toBe(422);
    expect(dayAfterLimit.body.error.fields.validUntil).toBe(
      "見積の有効期限は1年以内の日付で入力してください",
    );
    // notes: null is "no notes", as null is for the other optional fields.
    const lastDay = addYears(todayInJapan(), 1);
    const ok = await quote(s3, threadId, { validUntil: lastDay, notes: null });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ validUntil: lastDay, notes: null });
  });
});
