// After a decision the inquiry, its entries and its threads all tell the same story (issue 33,
// items 3, 5, 6, 7, 8): an award takes the inquiry out of 公開中, entries follow their threads, a
// withdrawn inquiry takes no deal writes, an operator's refund locks the thread, and only an ADMIN
// decides (a GENERAL member asks the ADMINs with 「決定を依頼」).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approveBulkInquiry } from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { entries, inquiries, ticketUsages } from "@/server/db/schema";
import { type Account, createOwner, emailsTo, registerVerified } from "../factories/accounts";
import { addGeneralMember, makePaid } from "../factories/actors";
import { base, quote } from "../factories/deal-quotes";
import { api } from "../factories/http";
import { createInquiry, resetInquiryLimits, spendTicket } from "../factories/inquiries";

let buyer: Account;
let owner: { id: string; token: string };

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社決定確認商事" });
  owner = await createOwner();
});

const oem = (a: Account, path = "") => `/api/oem/company/${a.companyId}${path}`;
const buyerPath = (path = "") => `/api/buyer/company/${buyer.companyId}${path}`;

async function paidSupplier(name: string): Promise<Account> {
  const s = await registerVerified("SUPPLIER", { companyName: name });
  await makePaid(s.companyId);
  return s;
}

const enter = (s: Account, inquiryId: string) =>
  api("POST", oem(s, `/contact/${inquiryId}/entries`), {
    token: s.token,
    body: { message: "弊社で対応可能です。詳細をご相談させてください。" },
  });

async function threadIdOf(s: Account, inquiryId: string): Promise<string> {
  const res = await api("GET", `${base(s)}/threads?inquiryId=${inquiryId}`, { token: s.token });
  expect(res.body.items, JSON.stringify(res.body)).toHaveLength(1);
  return res.body.items[0].id;
}

async function inquiryStatus(id: string) {
  const [row] = await db().select({ status: inquiries.status }).from(inquiries).where(eq(inquiries.id, id));
  return row!.status;
}

async function entryStatus(s: Account, inquiryId: string) {
  const [row] = await db()
    .select({ status: entries.status })
    .from(entries)
    .where(and(eq(entries.inquiryId, inquiryId), eq(entries.supplierCompanyId, s.companyId)));
  return row?.status;
}

/** A public inquiry, approved, with each supplier entered (the thread opens at the entry). */
async function publicInquiryWith(suppliers: Account[]) {
  await resetInquiryLimits();
  const inquiryId = await createInquiry(buyer);
  await approveBulkInquiry(db(), owner.id, inquiryId);
  const threads: string[] = [];
  for (const s of suppliers) {
    expect((await enter(s, inquiryId)).status).toBe(201);
    threads.push(await threadIdOf(s, inquiryId));
  }
  return { inquiryId, threads };
}

const awardCall = (a: Account, threadId: string, version = 1) =>
  api("POST", `${base(a)}/threads/${threadId}/award`, { token: a.token, body: { version } });
const declineOthersCall = (a: Account, inquiryId: string, reason = "OTHER_SUPPLIER") =>
  api("POST", `${base(a)}/inquiries/${inquiryId}/decline-others`, { token: a.token, body: { reason } });

describe("a decision closes the loop everywhere (item 3)", () => {
  it("an award takes the inquiry out of 公開中, refuses new entries, and every entry follows its thread", async () => {
    const [a, b, c, late] = [
      await paidSupplier("株式会社受注一号工業"),
      await paidSupplier("株式会社見送り二号工業"),
      await paidSupplier("株式会社辞退三号工業"),
      await paidSupplier("株式会社遅れ四号工業"),
    ];
    const { inquiryId, threads } = await publicInquiryWith([a, b, c]);
    const [ta, , tc] = threads as [string, string, string];
    expect((await quote(a, ta)).status).toBe(201);
    const noQuote = await api("POST", `${base(c)}/threads/${tc}/no-quote`, {
      token: c.token,
      body: { reason: "CAPACITY" },
    });
    expect(noQuote.status).toBe(200);
    expect(await entryStatus(c, inquiryId)).toBe("WITHDRAWN");

    expect((await awardCall(buyer, ta)).status).toBe(200);
    expect(await inquiryStatus(inquiryId)).toBe("AWARDED");
    expect(await entryStatus(a, inquiryId)).toBe("AWARDED");
    // No new supplier enters a decided inquiry.
    const refused = await enter(late, inquiryId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("この案件は発注先が決定したため、受付を終了しました。");

    const others = await declineOthersCall(buyer, inquiryId);
    expect(others.status).toBe(200);
    expect(others.body.declined).toBe(1);
    expect(await entryStatus(b, inquiryId)).toBe("DECLINED");

    // The buyer's inquiry page and each supplier's entered list read the final states.
    const detail = await api("GET", buyerPath(`/contact/${inquiryId}`), { token: buyer.token });
    expect(detail.body.status).toBe("AWARDED");
    const byCompany = Object.fromEntries(
      detail.body.entries.map((e: { supplier: { companyId: string }; status: string }) => [
        e.supplier.companyId,
        e.status,
      ]),
    );
    expect(byCompany).toEqual({
      [a.companyId]: "AWARDED",
      [b.companyId]: "DECLINED",
      [c.companyId]: "WITHDRAWN",
    });
    const won = await api("GET", oem(a, "/entries"), { token: a.token });
    expect(won.body.items[0]).toMatchObject({
      status: "AWARDED",
      inquiry: { id: inquiryId, status: "AWARDED" },
    });
    const lost = await api("GET", oem(b, "/entries"), { token: b.token });
    expect(lost.body.items[0]).toMatchObject({ status: "DECLINED", inquiry: { status: "AWARDED" } });

    // The supplier's 受注 view: its awarded deals only.
    const orders = await api("GET", `${base(a)}/threads?status=AWARDED`, { token: a.token });
    expect(orders.status).toBe(200);
    expect(orders.body.items.map((t: { id: string }) => t.id)).toEqual([ta]);
    const none = await api("GET", `${base(b)}/threads?status=AWARDED`, { token: b.token });
    expect(none.body.items).toEqual([]);
  });
});

describe("decline-all only after a decision (item 5)", () => {
  it("refuses 「他のメーカーをすべてお見送り」 before an award, unless the buyer ends the inquiry", async () => {
    const [a, b] = [await paidSupplier("株式会社早見送り一号"), await paidSupplier("株式会社早見送り二号")];
    const { inquiryId } = await publicInquiryWith([a, b]);
    const early = await declineOthersCall(buyer, inquiryId);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      "先に発注先を決定してください。発注せずに終える場合は「案件を終了」を選んでください。",
    );
    expect(await entryStatus(a, inquiryId)).toBe("ENTERED");
    // 「案件を終了」: every supplier declined as 案件の中止・延期, and the inquiry closes.
    const end = await declineOthersCall(buyer, inquiryId, "PROJECT_CANCELLED");
    expect(end.status).toBe(200);
    expect(end.body.declined).toBe(2);
    expect(await inquiryStatus(inquiryId)).toBe("CLOSED");
    expect(await entryStatus(a, inquiryId)).toBe("DECLINED");
    expect((await enter(await paidSupplier("株式会社終了後工業"), inquiryId)).status).toBe(409);
  });
});

describe("no deal on a withdrawn inquiry (item 6)", () => {
  it("answers 409 to every deal write of a cancelled nomination and issues no purchase order", async () => {
    await resetInquiryLimits();
    const s = await paidSupplier("株式会社取り下げ確認工業");
    const inquiryId = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: s.companyId });
    const opened = await api("POST", `${base(s)}/inquiries/${inquiryId}/thread`, { token: s.token });
    expect(opened.status).toBe(201);
    const threadId = opened.body.id as string;
    expect((await quote(s, threadId)).status).toBe(201);
    const cancelled = await api("POST", buyerPath(`/contact/${inquiryId}/cancel`), { token: buyer.token });
    expect(cancelled.status).toBe(200);

    const WITHDRAWN = "この案件は取り下げられたため、商談は行えません。";
    const writes = [
      await api("POST", `${base(s)}/threads/${threadId}/messages`, {
        token: s.token,
        body: { body: "取り下げ後のメッセージです。" },
      }),
      await api("POST", `${base(buyer)}/threads/${threadId}/messages`, {
        token: buyer.token,
        body: { body: "取り下げ後のメッセージです。" },
      }),
      await quote(s, threadId, { moq: 2000 }),
      await awardCall(buyer, threadId),
      await api("POST", `${base(buyer)}/threads/${threadId}/decline`, {
        token: buyer.token,
        body: { reason: "PRICE" },
      }),
    ];
    for (const w of writes) {
      expect(w.status, JSON.stringify(w.body)).toBe(409);
      expect(w.body.error.message).toBe(WITHDRAWN);
    }
    const detail = await api("GET", `${base(s)}/threads/${threadId}`, { token: s.token });
    expect(detail.body).toMatchObject({ status: "QUOTED", acceptsMessages: false, poNumber: null });

    // A thread that was never opened does not open on a withdrawn nomination either.
    const other = await paidSupplier("株式会社取り下げ後開設工業");
    const nomination = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: other.companyId,
    });
    await api("POST", buyerPath(`/contact/${nomination}/cancel`), { token: buyer.token });
    const late = await api("POST", `${base(other)}/inquiries/${nomination}/thread`, { token: other.token });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(WITHDRAWN);
  });
});

describe("an operator's refund ends access (item 7)", () => {
  it("locks the thread: no message, no quote, and the buyer's name is hidden again", async () => {
    await resetInquiryLimits();
    const s = await registerVerified("SUPPLIER", { companyName: "株式会社返却確認工業" });
    const inquiryId = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: s.companyId });
    await spendTicket(s, inquiryId);
    const opened = await api("POST", `${base(s)}/inquiries/${inquiryId}/thread`, { token: s.token });
    expect(opened.status).toBe(201);
    const threadId = opened.body.id as string;
    expect(opened.body.counterpart.name).toBe("株式会社決定確認商事");
    const [usage] = await db()
      .select({ id: ticketUsages.id })
      .from(ticketUsages)
      .where(and(eq(ticketUsages.companyId, s.companyId), eq(ticketUsages.inquiryId, inquiryId)));
    const refund = await api("DELETE", `/api/owner/ticket-usage/${usage!.id}`, { token: owner.token });
    expect(refund.status).toBe(200);

    const LOCKED = "チケットが返却されたため、この商談は終了しました。";
    const message = await api("POST", `${base(s)}/threads/${threadId}/messages`, {
      token: s.token,
      body: { body: "返却後のメッセージです。" },
    });
    expect(message.status).toBe(409);
    expect(message.body.error.message).toBe(LOCKED);
    const q = await quote(s, threadId);
    expect(q.status).toBe(409);
    expect(q.body.error.message).toBe(LOCKED);
    const detail = await api("GET", `${base(s)}/threads/${threadId}`, { token: s.token });
    expect(detail.body.acceptsMessages).toBe(false);
    expect(detail.body.counterpart.name).toBe("発注者（チケット返却済み）");
    const list = await api("GET", `${base(s)}/threads?inquiryId=${inquiryId}`, { token: s.token });
    expect(JSON.stringify(list.body)).not.toContain("決定確認商事");
  });
});

describe("who may award (item 8)", () => {
  it("a GENERAL member asks the ADMINs with 「決定を依頼」 and an ADMIN approves it in one call", async () => {
    const [a, b] = [await paidSupplier("株式会社依頼一号工業"), await paidSupplier("株式会社依頼二号工業")];
    const { inquiryId, threads } = await publicInquiryWith([a, b]);
    const [ta] = threads as [string, string];
    expect((await quote(a, ta)).status).toBe(201);
    const general = await addGeneralMember(buyer.companyId);

    const alone = await awardCall(general, ta);
    expect(alone.status).toBe(403);
    expect(alone.body.error.message).toBe(
      "発注先の決定は管理者のみ行えます。「決定を依頼」で管理者に依頼してください。",
    );
    expect((await declineOthersCall(general, inquiryId)).status).toBe(403);

    const request = await api("POST", `${base(general)}/threads/${ta}/award-request`, {
      token: general.token,
      body: { version: 1 },
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    expect(request.body.awardRequest).toMatchObject({ version: 1, requestedBy: "一般 次郎" });
    // The ADMINs hear of it by mail, and see it on the thread; the supplier sees nothing of it.
    const mail = (await emailsTo(buyer.email)).at(-1)!;
    expect(mail.subject).toContain("発注先の決定の依頼");
    expect(mail.textBody).toContain(`/account/buyer/deals/${ta}`);
    expect(await emailsTo(general.email)).toEqual([]);
    const adminView = await api("GET", `${base(buyer)}/threads/${ta}`, { token: buyer.token });
    expect(adminView.body.awardRequest).toMatchObject({ version: 1, requestedBy: "一般 次郎" });
    const supplierView = await api("GET", `${base(a)}/threads/${ta}`, { token: a.token });
    expect(supplierView.body.awardRequest).toBeNull();
    // Asking again for a version that is not the current one is refused.
    const stale = await api("POST", `${base(general)}/threads/${ta}/award-request`, {
      token: general.token,
      body: { version: 2 },
    });
    expect(stale.status).toBe(409);

    // One click: the ADMIN awards the requested version; the request is done.
    expect((await awardCall(buyer, ta, adminView.body.awardRequest.version)).status).toBe(200);
    const after = await api("GET", `${base(buyer)}/threads/${ta}`, { token: buyer.token });
    expect(after.body).toMatchObject({ status: "AWARDED", awardRequest: null });
    expect((await declineOthersCall(buyer, inquiryId)).status).toBe(200);
  });
});
