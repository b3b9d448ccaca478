import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import {
  approveBulkInquiry,
  closeExpiredInquiries,
  rejectBulkInquiry,
} from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { emailOutbox, inquiries } from "@/server/db/schema";
import { type Account, createOwner, lastEmailTo, markVerified, registerAccount } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api, idem } from "../factories/http";
import { createInquiry, inquiryBody, spendTicket } from "../factories/inquiries";

let buyer: Account;
let paid: Account;
let free: Account;
let other: Account;
let ownerId: string;

beforeAll(async () => {
  buyer = await registerAccount("BUYER", { companyName: "株式会社ボタニカル商事" });
  await markVerified(buyer.userId);
  paid = await registerAccount("SUPPLIER", { companyName: "有料化粧品工業株式会社" });
  await makePaid(paid.companyId);
  await markVerified(paid.userId);
  free = await registerAccount("SUPPLIER", { companyName: "無料コスメ株式会社" });
  await markVerified(free.userId);
  other = await registerAccount("SUPPLIER");
  await markVerified(other.userId);
  ownerId = (await createOwner()).id;
});

const oem = (a: Account, path = "") => `/api/oem/company/${a.companyId}${path}`;

describe("sending inquiries", () => {
  it("dry-run and create reject the same bad body with the same field errors, and dry-run stores nothing", async () => {
    const bad = inquiryBody({
      title: "",
      categoryId: 999,
      entryDeadline: addDays(todayInJapan(), 61),
      desiredDeliveryDate: "2000-01-01",
      selectedCompanyIds: [buyer.companyId],
    });
    const [before] = await db().select({ n: count() }).from(inquiries);
    const dry = await api("POST", "/api/contact/dry-run/create", { token: buyer.token, body: bad });
    const create = await api("POST", "/api/contact/create", {
      headers: idem(),
      token: buyer.token,
      body: bad,
    });
    expect(dry.status).toBe(422);
    expect(create.status).toBe(422);
    expect(dry.body).toEqual(create.body);
    // Field shape errors come first (zod); the rest are checked once the shape is right.
    expect(dry.body.error.fields.title).toBe("案件名を入力してください");
    const semantic = inquiryBody({
      categoryId: 999,
      entryDeadline: addDays(todayInJapan(), 61),
      desiredDeliveryDate: "2000-01-01",
      selectedCompanyIds: [buyer.companyId],
    });
    const dry2 = await api("POST", "/api/contact/dry-run/create", { token: buyer.token, body: semantic });
    const create2 = await api("POST", "/api/contact/create", {
      headers: idem(),
      token: buyer.token,
      body: semantic,
    });
    expect(dry2.body).toEqual(create2.body);
    expect(dry2.body.error.fields).toEqual({
      categoryId: "カテゴリを選択してください",
      desiredDeliveryDate: "希望納期は今日以降の日付を指定してください",
      entryDeadline: "エントリー締切は60日以内で指定してください",
      selectedCompanyIds: "選択した企業の中に、現在問い合わせできない企業が含まれています",
    });
    const ok = await api("POST", "/api/contact/dry-run/create", { token: buyer.token, body: inquiryBody() });
    expect(ok.status).toBe(200);
    const [after] = await db().select({ n: count() }).from(inquiries);
    expect(after!.n).toBe(before!.n);
  });

  it("validates the content before sign-in (step 1 of the flow) without a token", async () => {
    expect((await api("POST", "/api/contact/dry-run/create", { body: inquiryBody() })).status).toBe(200);
    const res = await api("POST", "/api/contact/dry-run/create", {
      body: inquiryBody({ type: "NOMINATION" }),
    });
    expect(res.body.error.fields.nominatedCompanyId).toBe("問い合わせ先の企業を選択してください");
  });

  it("refuses to send before the email is verified", async () => {
    const fresh = await registerAccount("BUYER");
    const res = await api("POST", "/api/contact/create", {
      headers: idem(),
      token: fresh.token,
      body: inquiryBody(),
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain("メールアドレスの確認が完了していない");
  });

  it("refuses a supplier company as the sender", async () => {
    const res = await api("POST", "/api/contact/create", {
      headers: idem(),
      token: paid.token,
      body: inquiryBody(),
    });
    expect(res.status).toBe(404);
  });
});

describe("the bulk inquiry lifecycle", () => {
  it("goes to review, is published by the operator, entered by a paid supplier and shortlisted", async () => {
    const id = await createInquiry(buyer, { selectedCompanyIds: [paid.companyId, free.companyId] });
    const detail = await api("GET", `/api/buyer/company/${buyer.companyId}/contact/${id}`, {
      token: buyer.token,
    });
    expect(detail.body).toMatchObject({ status: "REVIEW", type: "BULK" });
    expect(detail.body.selectedCompanies.map((c: any) => c.id).sort()).toEqual(
      [paid.companyId, free.companyId].sort(),
    );
    // Not visible to suppliers while in review.
    expect((await api("GET", oem(paid, `/contact/${id}`), { token: paid.token })).status).toBe(404);

    await approveBulkInquiry(db(), ownerId, id);
    expect((await lastEmailTo(buyer.email))?.subject).toContain("一括問い合わせを公開しました");
    expect((await lastEmailTo(paid.email))?.subject).toContain(
      "貴社が選ばれた一括問い合わせが公開されました",
    );

    const recruits = await api("GET", oem(paid, "/contacts?contactType=BULK"), { token: paid.token });
    expect(recruits.body.items.map((i: any) => i.id)).toContain(id);
    const view = await api("GET", oem(paid, `/contact/${id}`), { token: paid.token });
    expect(view.body).toMatchObject({ canEnter: true, buyer: null });

    const entry = await api("POST", oem(paid, `/contact/${id}/entries`), {
      token: paid.token,
      body: {
        message: "処方開発から対応可能です。サンプルを2週間でご用意します。",
        proposedUnitPriceYen: 430,
        leadTime: "約2か月",
      },
    });
    expect(entry.status).toBe(201);
    expect((await lastEmailTo(buyer.email))?.subject).toContain("エントリーが届きました");
    const twice = await api("POST", oem(paid, `/contact/${id}/entries`), {
      token: paid.token,
      body: { message: "再送" },
    });
    expect(twice.status).toBe(409);
    // After entering, the supplier sees the buyer's contact details.
    expect((await api("GET", oem(paid, `/contact/${id}`), { token: paid.token })).body.buyer).toMatchObject({
      companyName: "株式会社ボタニカル商事",
      email: buyer.email,
    });

    const withEntry = await api("GET", `/api/buyer/company/${buyer.companyId}/contact/${id}`, {
      token: buyer.token,
    });
    expect(withEntry.body.entries).toHaveLength(1);
    expect(withEntry.body.entries[0].supplier).toMatchObject({
      name: "有料化粧品工業株式会社",
      email: paid.email,
    });
    const decided = await api(
      "PUT",
      `/api/buyer/company/${buyer.companyId}/contact/${id}/entry/${entry.body.id}`,
      {
        token: buyer.token,
        body: { status: "SHORTLISTED" },
      },
    );
    expect(decided.body.entries[0].status).toBe("SHORTLISTED");
    expect((await lastEmailTo(paid.email))?.subject).toContain("エントリーが候補に選ばれました");

    const mine = await api("GET", oem(paid, "/entries"), { token: paid.token });
    expect(mine.body.items[0]).toMatchObject({ status: "SHORTLISTED", inquiry: { id } });
    expect(mine.body).toMatchObject({ page: 1, total: 1 });

    // Every list shows the live entries and the prefectures of each inquiry.
    const listed = {
      entryCount: 1,
      prefectures: [
        { id: 13, name: "東京都" },
        { id: 14, name: "神奈川県" },
      ],
    };
    const history = await api("GET", `/api/buyer/company/${buyer.companyId}/contacts?perPage=100`, {
      token: buyer.token,
    });
    expect(history.body.items.find((i: any) => i.id === id)).toMatchObject(listed);
    const open = await api("GET", oem(paid, "/contacts?contactType=BULK&perPage=100"), { token: paid.token });
    expect(open.body.items.find((i: any) => i.id === id)).toMatchObject(listed);
    expect(mine.body.items[0].inquiry).toMatchObject(listed);
  });

  it("lets a free supplier read a public recruit but not enter it (403 with a clear message)", async () => {
    const id = await createInquiry(buyer);
    await approveBulkInquiry(db(), ownerId, id);
    const view = await api("GET", oem(free, `/contact/${id}`), { token: free.token });
    expect(view.body).toMatchObject({ canEnter: false, buyer: null });
    const res = await api("POST", oem(free, `/contact/${id}/entries`), {
      token: free.token,
      body: { message: "対応できます" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      "公開案件へのエントリーは無制限プランをご契約中の企業さまのみご利用いただけます。",
    );
    expect((await api("GET", oem(free, "/entries"), { token: free.token })).status).toBe(403);
  });

  it("tells the buyer when review rejects, and nobody can enter a closed or cancelled inquiry", async () => {
    const rejected = await createInquiry(buyer);
    await rejectBulkInquiry(db(), ownerId, rejected, "連絡先の記載があるため");
    expect((await lastEmailTo(buyer.email))?.textBody).toContain("理由：連絡先の記載があるため");

    const closed = await createInquiry(buyer);
    await approveBulkInquiry(db(), ownerId, closed);
    expect(
      (
        await api("POST", `/api/buyer/company/${buyer.companyId}/contact/${closed}/close`, {
          token: buyer.token,
        })
      ).body.status,
    ).toBe("CLOSED");
    const cancelled = await createInquiry(buyer);
    await approveBulkInquiry(db(), ownerId, cancelled);
    await api("POST", `/api/buyer/company/${buyer.companyId}/contact/${cancelled}/cancel`, {
      token: buyer.token,
    });
    for (const id of [closed, cancelled]) {
      const res = await api("POST", oem(paid, `/contact/${id}/entries`), {
        token: paid.token,
        body: { message: "対応可能です" },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe("この案件の受付は終了しています。");
    }
  });

  it("refuses an entry with 409 once the deadline has passed, before the job has closed the inquiry", async () => {
    const id = await createInquiry(buyer, { entryDeadline: addDays(todayInJapan(), 1) });
    await approveBulkInquiry(db(), ownerId, id);
    await db()
      .update(inquiries)
      .set({ entryDeadline: addDays(todayInJapan(), -1) })
      .where(eq(inquiries.id, id));
    const res = await api("POST", oem(paid, `/contact/${id}/entries`), {
      token: paid.token,
      body: { message: "対応可能です" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("この案件の受付は終了しています。");
  });

  it("closes an open bulk inquiry at midnight Japan time after its deadline day, and nothing else (the scheduled job)", async () => {
    const deadline = addDays(todayInJapan(), 1);
    const open = await createInquiry(buyer, { entryDeadline: deadline });
    await approveBulkInquiry(db(), ownerId, open);
    // Still in review when the deadline passes: the owner has not published it, the job leaves it.
    const inReview = await createInquiry(buyer, { entryDeadline: deadline });
    // Nominations are not recruits: they have no entry deadline to close at, even if one is stored.
    const nomination = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: paid.companyId });
    await db().update(inquiries).set({ entryDeadline: deadline }).where(eq(inquiries.id, nomination));
    const mine = [open, inReview, nomination];
    const statuses = async () => {
      const rows = await db().select().from(inquiries);
      return Object.fromEntries(rows.filter((r) => mine.includes(r.id)).map((r) => [r.id, r.status]));
    };
    const before = await statuses();
    expect(before).toEqual({ [open]: "OPEN", [inReview]: "REVIEW", [nomination]: "OPEN" });

    // The deadline day ends at 24:00 in Japan, which is 15:00 UTC of that day.
    const midnightJst = new Date(`${addDays(deadline, 1)}T00:00:00+09:00`);
    await closeExpiredInquiries(db(), new Date(midnightJst.getTime() - 1));
    expect(await statuses()).toEqual(before);

    await closeExpiredInquiries(db(), midnightJst);
    expect(await statuses()).toEqual({ ...before, [open]: "CLOSED" });
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, open));
    expect(row!.closedAt).toEqual(midnightJst);

    // A day later the job still closes nothing else of these.
    await closeExpiredInquiries(db(), new Date(midnightJst.getTime() + 86_400_000));
    expect(await statuses()).toEqual({ ...before, [open]: "CLOSED" });
  });
});

describe("nominations", () => {
  it("go straight to the nominee, who needs a ticket (free) to see the buyer and respond", async () => {
    const id = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: free.companyId });
    expect((await lastEmailTo(free.email))?.subject).toContain("貴社を指名したお問い合わせが届きました");
    const list = await api("GET", oem(free, "/contacts?contactType=NOMINATION"), { token: free.token });
    expect(list.body.items.map((i: any) => i.id)).toContain(id);
    // by status, and past the last page (the total still counted)
    const open = await api("GET", oem(free, "/contacts?contactType=NOMINATION&status=OPEN"), {
      token: free.token,
    });
    expect(open.body.items.map((i: any) => i.id)).toContain(id);
    expect(open.body.items.every((i: any) => i.status === "OPEN")).toBe(true);
    const closed = await api("GET", oem(free, "/contacts?contactType=NOMINATION&status=CLOSED"), {
      token: free.token,
    });
    expect(closed.body.items.map((i: any) => i.id)).not.toContain(id);
    const past = await api("GET", oem(free, "/contacts?contactType=NOMINATION&page=50"), {
      token: free.token,
    });
    expect(past.body).toMatchObject({ items: [], page: 50, total: list.body.total });

    const before = await api("GET", oem(free, `/contact/${id}`), { token: free.token });
    expect(before.body).toMatchObject({ status: "OPEN", buyer: null, canEnter: false, needsTicket: true });
    const refused = await api("POST", oem(free, `/contact/${id}/entries`), {
      token: free.token,
      body: { message: "ぜひ" },
    });
    expect(refused.status).toBe(402);

    await spendTicket(free, id);
    const after = await api("GET", oem(free, `/contact/${id}`), { token: free.token });
    expect(after.body).toMatchObject({ canEnter: true, needsTicket: false, buyer: { email: buyer.email } });
    const entry = await api("POST", oem(free, `/contact/${id}/entries`), {
      token: free.token,
      body: { message: "ぜひお任せください" },
    });
    expect(entry.status).toBe(201);
    const cancel = await api("DELETE", oem(free, `/contact/${id}/entries/cancel`), { token: free.token });
    expect(cancel.body.status).toBe("CANCELLED");
    // Re-entering after a cancel is allowed.
    expect(
      (
        await api("POST", oem(free, `/contact/${id}/entries`), {
          token: free.token,
          body: { message: "再度ご提案します" },
        })
      ).status,
    ).toBe(201);
  });

  it("is invisible to every other supplier (404), paid or not", async () => {
    const id = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: free.companyId });
    expect((await api("GET", oem(other, `/contact/${id}`), { token: other.token })).status).toBe(404);
    expect((await api("GET", oem(paid, `/contact/${id}`), { token: paid.token })).status).toBe(404);
    expect(
      (
        await api("POST", oem(paid, `/contact/${id}/entries`), {
          token: paid.token,
          body: { message: "横取り" },
        })
      ).status,
    ).toBe(404);
    // Mixed path: another supplier's company id with my token.
    expect((await api("GET", oem(free, `/contact/${id}`), { token: other.token })).status).toBe(404);
  });

  it("lets a paid nominee see the buyer at once", async () => {
    const id = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: paid.companyId });
    const view = await api("GET", oem(paid, `/contact/${id}`), { token: paid.token });
    expect(view.body).toMatchObject({ canEnter: true, buyer: { companyName: "株式会社ボタニカル商事" } });
  });
});

describe("buyer history", () => {
  it("filters by contactType and status and pages", async () => {
    const res = await api(
      "GET",
      `/api/buyer/company/${buyer.companyId}/contacts?contactType=NOMINATION&perPage=2`,
      {
        token: buyer.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.items.every((i: any) => i.type === "NOMINATION")).toBe(true);
    expect(res.body.perPage).toBe(2);
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    // Past the last page: no items, and still the total.
    const past = await api(
      "GET",
      `/api/buyer/company/${buyer.companyId}/contacts?contactType=NOMINATION&perPage=2&page=50`,
      { token: buyer.token },
    );
    expect(past.body).toMatchObject({ items: [], page: 50, total: res.body.total });
    const recruitsPast = await api("GET", oem(paid, "/contacts?contactType=BULK&page=50"), {
      token: paid.token,
    });
    expect(recruitsPast.body.items).toEqual([]);
    expect(recruitsPast.body.total).toBeGreaterThan(0);
    const review = await api("GET", `/api/buyer/company/${buyer.companyId}/contacts?status=REJECTED`, {
      token: buyer.token,
    });
    expect(review.body.items.every((i: any) => i.status === "REJECTED")).toBe(true);
    const others = await api("GET", `/api/buyer/company/${buyer.companyId}/contacts`, { token: paid.token });
    expect(others.status).toBe(404);
  });

  it("answers the same order on a first page (its own statement) and on the pages after it", async () => {
    const history = (query: string) =>
      api("GET", `/api/buyer/company/${buyer.companyId}/contacts?${query}`, { token: buyer.token });
    const four = await history("perPage=4");
    expect(four.body.items).toHaveLength(4);
    const first = await history("perPage=2");
    const second = await history("perPage=2&page=2");
    const ids = (r: { body: { items: Array<{ id: string }> } }) => r.body.items.map((i) => i.id);
    expect([...ids(first), ...ids(second)]).toEqual(ids(four));
    expect(second.body.total).toBe(four.body.total);
    expect(first.body.total).toBe(four.body.total);
  });

  it("queues every email in the outbox", async () => {
    const [row] = await db().select({ n: count() }).from(emailOutbox);
    expect(row!.n).toBeGreaterThan(5);
  });
});
