import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { auditLogs, emailOutbox } from "@/server/db/schema";
import { type Account, createOwner, lastEmailTo, markVerified, registerAccount } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api } from "../factories/http";
import { createInquiry } from "../factories/inquiries";

// The operator reviews bulk inquiries, corrects inquiries and entries; each change is audited.
let buyer: Account;
let paid: Account;
let selected: Account;
let owner: { id: string; token: string };

beforeAll(async () => {
  buyer = await registerAccount("BUYER", { companyName: "株式会社審査テスト商事" });
  await markVerified(buyer.userId);
  paid = await registerAccount("SUPPLIER", { companyName: "有料審査工業株式会社" });
  await makePaid(paid.companyId);
  await markVerified(paid.userId);
  selected = await registerAccount("SUPPLIER", { companyName: "選ばれ精工株式会社" });
  await markVerified(selected.userId); // only public (verified) suppliers can be selected
  owner = await createOwner();
});

const put = (path: string, body: unknown, requestId?: string) =>
  api("PUT", path, {
    token: owner.token,
    body,
    headers: requestId ? { "x-request-id": requestId } : undefined,
  });

async function auditOf(targetId: string) {
  return db()
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.targetId, targetId))
    .orderBy(desc(auditLogs.createdAt));
}

describe("bulk inquiry review", () => {
  it("approves a bulk inquiry: the buyer and the selected suppliers are emailed, and the change is audited", async () => {
    const id = await createInquiry(buyer, {
      selectedCompanyIds: [selected.companyId],
      title: "承認される案件",
    });
    const waiting = await api("GET", "/api/owner/contact/bulk?status=REVIEW", { token: owner.token });
    expect(waiting.status).toBe(200);
    expect(waiting.body.items.map((i: any) => i.id)).toContain(id);

    const res = await put(`/api/owner/contact/bulk/${id}`, { action: "APPROVE" }, "req-approve-1");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, type: "BULK", status: "OPEN", buyer: { id: buyer.companyId } });
    expect(res.body.publishedAt).toEqual(expect.any(String));
    expect(res.body.reviewedByOwnerId).toBe(owner.id);

    const mail = await lastEmailTo(buyer.email);
    expect(mail?.template).toBe("inquiry-approved");
    expect(mail?.subject).toContain("承認される案件");
    expect((await lastEmailTo(selected.email))?.template).toBe("bulk-published-selected");

    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({
      ownerId: owner.id,
      action: "inquiry.approve",
      targetType: "inquiry",
      targetId: id,
      requestId: "req-approve-1",
    });
    expect(audit!.before).toMatchObject({ status: "REVIEW", publishedAt: null });
    expect(audit!.after).toMatchObject({ status: "OPEN", reviewedByOwnerId: owner.id });

    // The same log through the console.
    const log = await api("GET", `/api/owner/audit-log?targetType=inquiry&targetId=${id}`, {
      token: owner.token,
    });
    expect(log.body.items[0]).toMatchObject({
      action: "inquiry.approve",
      owner: { id: owner.id },
      before: { status: "REVIEW" },
      after: { status: "OPEN" },
    });

    const again = await put(`/api/owner/contact/bulk/${id}`, { action: "APPROVE" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("審査中の一括問い合わせのみ承認できます。");
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("rejects with a reason the buyer reads; without a reason it is a field error", async () => {
    const id = await createInquiry(buyer, { title: "見送られる案件" });
    const missing = await put(`/api/owner/contact/bulk/${id}`, { action: "REJECT" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields.reason).toBe("却下の理由を入力してください");

    const res = await put(`/api/owner/contact/bulk/${id}`, {
      action: "REJECT",
      reason: "連絡先の記載が含まれているため",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "REJECTED", rejectionReason: "連絡先の記載が含まれているため" });
    const mail = await lastEmailTo(buyer.email);
    expect(mail?.template).toBe("inquiry-rejected");
    expect(mail?.textBody).toContain("理由：連絡先の記載が含まれているため");
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ action: "inquiry.reject", before: { status: "REVIEW" } });
    expect(audit!.after).toMatchObject({
      status: "REJECTED",
      rejectionReason: "連絡先の記載が含まれているため",
    });
  });

  it("answers 404 for a nomination on the bulk page, and 422 for a bad id or action, writing nothing", async () => {
    const nomination = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: paid.companyId });
    const res = await put(`/api/owner/contact/bulk/${nomination}`, { action: "APPROVE" });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("案件が見つかりませんでした。");
    expect(await auditOf(nomination)).toHaveLength(0);
    expect((await put(`/api/owner/contact/bulk/${randomUUID()}`, { action: "APPROVE" })).status).toBe(404);
    expect((await put("/api/owner/contact/bulk/not-a-uuid", { action: "APPROVE" })).status).toBe(422);
    expect((await put(`/api/owner/contact/bulk/${nomination}`, { action: "PUBLISH" })).status).toBe(422);
  });

  it("commits the approval, its emails and the audit row together: no audit row, no approval", async () => {
    const id = await createInquiry(buyer, { title: "監査できない承認" });
    await db().execute(sql`create or replace function refuse_audit() returns trigger language plpgsql
      as $$ begin raise exception 'audit log unavailable'; end $$`);
    await db().execute(
      sql`create trigger refuse_audit before insert on audit_logs for each row execute function refuse_audit()`,
    );
    try {
      expect((await put(`/api/owner/contact/bulk/${id}`, { action: "APPROVE" })).status).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_audit on audit_logs`);
    }
    const still = await api("GET", `/api/owner/contact/bulk/${id}`, { token: owner.token });
    expect(still.body).toMatchObject({ status: "REVIEW", publishedAt: null, reviewedAt: null });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, buyer.email));
    expect(
      mails.filter((m) => m.template === "inquiry-approved" && m.subject.includes("監査できない承認")),
    ).toEqual([]);
    expect((await put(`/api/owner/contact/bulk/${id}`, { action: "APPROVE" })).status).toBe(200);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("corrects title, deadline and status with validation, closes and reopens", async () => {
    const id = await createInquiry(buyer, { title: "修正前の案件名" });
    const early = await put(`/api/owner/contact/bulk/${id}`, { action: "EDIT", status: "OPEN" });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain("承認");
    expect((await put(`/api/owner/contact/bulk/${id}`, { action: "CLOSE" })).status).toBe(409);

    const bad = await put(`/api/owner/contact/bulk/${id}`, {
      action: "EDIT",
      entryDeadline: addDays(todayInJapan(), 61),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.entryDeadline).toBe("エントリー締切は60日以内で指定してください");
    expect((await put(`/api/owner/contact/bulk/${id}`, { action: "EDIT", title: "" })).status).toBe(422);
    const nothing = await put(`/api/owner/contact/bulk/${id}`, { action: "EDIT" });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.fields.action).toBe("変更する項目を指定してください");

    const deadline = addDays(todayInJapan(), 20);
    const edited = await put(`/api/owner/contact/bulk/${id}`, {
      action: "EDIT",
      title: "修正後の案件名",
      entryDeadline: deadline,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: "修正後の案件名", entryDeadline: deadline, status: "REVIEW" });
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ action: "inquiry.edit", before: { title: "修正前の案件名" } });
    expect(audit!.after).toMatchObject({ title: "修正後の案件名", entryDeadline: deadline });

    await put(`/api/owner/contact/bulk/${id}`, { action: "APPROVE" });
    const closed = await put(`/api/owner/contact/bulk/${id}`, { action: "CLOSE" });
    expect(closed.body).toMatchObject({ status: "CLOSED", closedAt: expect.any(String) });
    const rejected = await put(`/api/owner/contact/bulk/${id}`, { action: "EDIT", status: "CANCELLED" });
    expect(rejected.status).toBe(409);
    expect(rejected.body.error.message).toBe("締切の案件を「取り下げ」に変更することはできません。");
    const reopened = await put(`/api/owner/contact/bulk/${id}`, { action: "EDIT", status: "OPEN" });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: "OPEN", closedAt: null });
    const actions = (await auditOf(id)).map((a) => a.action);
    expect(actions).toEqual(["inquiry.edit", "inquiry.close", "inquiry.approve", "inquiry.edit"]);
  });
});

describe("nominations, the common list and details", () => {
  let nominationId: string;

  beforeAll(async () => {
    nominationId = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: paid.companyId,
      title: "指名テスト案件",
    });
  });

  it("lists nominations, both types in the common list, and filters by keyword and buyer", async () => {
    const nominations = await api("GET", "/api/owner/contact/nomination", { token: owner.token });
    expect(nominations.body.items.every((i: any) => i.type === "NOMINATION")).toBe(true);
    expect(nominations.body.items.find((i: any) => i.id === nominationId)).toMatchObject({
      nominatedCompany: { id: paid.companyId, name: "有料審査工業株式会社" },
      buyer: { id: buyer.companyId, name: "株式会社審査テスト商事" },
      category: { id: 1 },
    });
    const common = await api("GET", `/api/owner/contact/common?buyerCompanyId=${buyer.companyId}`, {
      token: owner.token,
    });
    expect(new Set(common.body.items.map((i: any) => i.type))).toEqual(new Set(["BULK", "NOMINATION"]));
    const all = await api("GET", `/api/owner/contact?buyerCompanyId=${buyer.companyId}`, {
      token: owner.token,
    });
    expect(all.body.total).toBe(common.body.total);
    const found = await api("GET", `/api/owner/contact?keyword=${encodeURIComponent("指名テスト")}`, {
      token: owner.token,
    });
    expect(found.body.items.map((i: any) => i.id)).toEqual([nominationId]);
    const bySupplier = await api(
      "GET",
      `/api/owner/contact?supplierCompanyId=${paid.companyId}&type=NOMINATION`,
      {
        token: owner.token,
      },
    );
    expect(bySupplier.body.items.map((i: any) => i.id)).toContain(nominationId);
    const paged = await api("GET", "/api/owner/contact?perPage=1&page=2", { token: owner.token });
    expect(paged.body).toMatchObject({ page: 2, perPage: 1 });
    expect(paged.body.items).toHaveLength(1);
  });

  it("shows an inquiry with recipients, the buyer's sender and entries, on the matching page only", async () => {
    const detail = await api("GET", `/api/owner/contact/${nominationId}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: nominationId,
      description: expect.any(String),
      createdBy: { userId: buyer.userId, email: buyer.email },
      recipients: [{ companyId: paid.companyId, kind: "NOMINATED" }],
      prefectures: [
        { id: 13, name: "東京都" },
        { id: 14, name: "神奈川県" },
      ],
      entries: [],
    });
    expect(
      (await api("GET", `/api/owner/contact/nomination/${nominationId}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await api("GET", `/api/owner/contact/bulk/${nominationId}`, { token: owner.token })).status).toBe(
      404,
    );
    expect((await api("GET", `/api/owner/contact/${randomUUID()}`, { token: owner.token })).status).toBe(404);
  });

  it("closes and corrects a nomination", async () => {
    const id = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: paid.companyId });
    const edited = await put(`/api/owner/contact/nomination/${id}`, {
      action: "EDIT",
      description: "修正後の内容",
    });
    expect(edited.body).toMatchObject({ description: "修正後の内容", status: "OPEN" });
    const closed = await put(`/api/owner/contact/nomination/${id}`, { action: "CLOSE" });
    expect(closed.body.status).toBe("CLOSED");
    expect((await put(`/api/owner/contact/nomination/${id}`, { action: "APPROVE" })).status).toBe(422);
    const cancelled = await put(`/api/owner/contact/nomination/${id}`, { action: "EDIT", status: "OPEN" });
    expect(cancelled.body.status).toBe("OPEN");
    const withdrawn = await put(`/api/owner/contact/nomination/${id}`, {
      action: "EDIT",
      status: "CANCELLED",
    });
    expect(withdrawn.body).toMatchObject({ status: "CANCELLED", cancelledAt: expect.any(String) });
    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      "inquiry.edit",
      "inquiry.edit",
      "inquiry.close",
      "inquiry.edit",
    ]);
  });
});

describe("entries", () => {
  it("lists every entry and corrects one's status, audited; the entry must belong to the inquiry", async () => {
    const inquiryId = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: paid.companyId });
    const entry = await api("POST", `/api/oem/company/${paid.companyId}/contact/${inquiryId}/entries`, {
      token: paid.token,
      body: { message: "ぜひ対応させてください", proposedUnitPriceYen: 420 },
    });
    expect(entry.status).toBe(201);
    const entryId = entry.body.id as string;

    const list = await api("GET", `/api/owner/contact/entry?contactId=${inquiryId}`, { token: owner.token });
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: entryId,
        status: "ENTERED",
        inquiry: expect.objectContaining({ id: inquiryId, type: "NOMINATION" }),
        supplier: { id: paid.companyId, name: "有料審査工業株式会社" },
        buyer: { id: buyer.companyId, name: "株式会社審査テスト商事" },
        enteredBy: expect.objectContaining({ email: paid.email }),
        proposedUnitPriceYen: 420,
      }),
    ]);
    const bySupplier = await api(
      "GET",
      `/api/owner/contact/entry?supplierCompanyId=${paid.companyId}&status=ENTERED`,
      {
        token: owner.token,
      },
    );
    expect(bySupplier.body.items.map((e: any) => e.id)).toContain(entryId);

    const res = await put(`/api/owner/contact/entry/${inquiryId}`, { entryId, status: "SHORTLISTED" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: entryId, status: "SHORTLISTED", decidedAt: expect.any(String) });
    const same = await put(`/api/owner/contact/entry/${inquiryId}`, { entryId, status: "SHORTLISTED" });
    expect(same.status).toBe(409);
    const cancelled = await put(`/api/owner/contact/entry/${inquiryId}`, { entryId, status: "CANCELLED" });
    expect(cancelled.body).toMatchObject({
      status: "CANCELLED",
      cancelledAt: expect.any(String),
      decidedAt: null,
    });

    const otherInquiry = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: paid.companyId,
    });
    const wrong = await put(`/api/owner/contact/entry/${otherInquiry}`, { entryId, status: "ENTERED" });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe("エントリーが見つかりませんでした。");
    expect((await put(`/api/owner/contact/entry/${inquiryId}`, { entryId, status: "WON" })).status).toBe(422);

    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, "entry"), eq(auditLogs.targetId, entryId)))
      .orderBy(desc(auditLogs.createdAt));
    expect(audits.map((a) => [a.action, (a.before as any).status, (a.after as any).status])).toEqual([
      ["entry.status", "SHORTLISTED", "CANCELLED"],
      ["entry.status", "ENTERED", "SHORTLISTED"],
    ]);
    const detail = await api("GET", `/api/owner/contact/${inquiryId}`, { token: owner.token });
    expect(detail.body.entries).toEqual([expect.objectContaining({ id: entryId, status: "CANCELLED" })]);
  });
});
