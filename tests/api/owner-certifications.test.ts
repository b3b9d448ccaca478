import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInJapan } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { auditLogs, supplierCertifications } from "@/server/db/schema";
import { type Account, createOwner, emailsTo, registerAccount } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import {
  CERTIFICATE_PDF,
  certificationTypeId,
  insertCertification,
  verifiedIdsOf,
} from "../factories/certification-rows";
import { api } from "../factories/http";

// The operator's review of supplier certificates (console 「認証の確認」): the queue by status
// (確認待ち oldest first), one certificate with its document, verify and reject — each audited,
// emailed to every member of the supplier, and reflected in the supplier's badges at once.

const DAY = 86_400_000;
const REASON = "証明書の登録番号が読み取れません。鮮明な画像で登録し直してください。";

let owner: { id: string; token: string };
let supplier: Account;
let general: Account;
let other: Account;
let buyer: Account;
let iso9001: number;
let iso14001: number;

const base = "/api/owner/certifications";
const get = (path: string, token: string | undefined = owner.token) => api("GET", path, { token });
const post = (path: string, body?: unknown, token: string | undefined = owner.token) =>
  api("POST", path, { token, body });

function daysFromToday(days: number): string {
  return todayInJapan(new Date(Date.now() + days * DAY));
}

async function auditOf(id: string) {
  return db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, "supplier_certification"), eq(auditLogs.targetId, id)));
}

beforeAll(async () => {
  owner = await createOwner();
  supplier = await registerAccount("SUPPLIER", { companyName: "認証確認精工株式会社" });
  general = await addGeneralMember(supplier.companyId);
  other = await registerAccount("SUPPLIER", { companyName: "他社認証化成株式会社" });
  buyer = await registerAccount("BUYER", { companyName: "認証発注商事株式会社" });
  iso9001 = await certificationTypeId("iso-9001");
  iso14001 = await certificationTypeId("iso-14001");
});

describe("the queue", () => {
  it("lists the pending certificates oldest first, with the company, the type and whether expired", async () => {
    const company = (await registerAccount("SUPPLIER", { companyName: "順番確認工業株式会社" })).companyId;
    const newest = await insertCertification(company, { createdAt: new Date(Date.now() - DAY) });
    const oldest = await insertCertification(company, {
      type: "iso-14001",
      createdAt: new Date(Date.now() - 3 * DAY),
      expiresOn: daysFromToday(-1),
    });
    const middle = await insertCertification(company, { createdAt: new Date(Date.now() - 2 * DAY) });
    await insertCertification(company, { status: "VERIFIED" });
    await insertCertification(company, { status: "REJECTED" });

    const res = await get(`${base}?companyId=${company}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([oldest.id, middle.id, newest.id]);
    expect(res.body.items[0]).toMatchObject({
      company: { id: company, name: "順番確認工業株式会社", status: "ACTIVE" },
      type: { id: iso14001, name: "ISO 14001", kind: "CERTIFICATION" },
      status: "PENDING",
      expired: true,
      reviewedAt: null,
    });
    expect(res.body.items[1].expired).toBe(false);

    const page2 = await get(`${base}?companyId=${company}&perPage=2&page=2`);
    expect(page2.body).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page2.body.items.map((i: { id: string }) => i.id)).toEqual([newest.id]);

    for (const status of ["VERIFIED", "REJECTED"]) {
      const reviewed = await get(`${base}?status=${status}&companyId=${company}`);
      expect(reviewed.body.total).toBe(1);
      expect(reviewed.body.items[0].status).toBe(status);
    }
  });

  it("exports the whole list as a CSV with Japanese headers, and refuses an unknown status", async () => {
    await insertCertification(other.companyId);
    const csv = await get(`${base}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(String(csv.body)).toContain("認証・許可");
    expect(String(csv.body)).toContain("他社認証化成株式会社");
    const bad = await get(`${base}?status=EXPIRED`);
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.status).toMatch(/確認待ち/);
  });
});

describe("one certificate", () => {
  it("answers the details and the document, and 404 for an unknown id", async () => {
    const cert = await insertCertification(supplier.companyId, {
      number: "JQA-QMA12345",
      issuer: "一般財団法人日本品質保証機構",
      expiresOn: "2099-03-31",
    });
    const res = await get(`${base}/${cert.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: cert.id,
      company: { id: supplier.companyId, name: "認証確認精工株式会社" },
      type: { id: iso9001, name: "ISO 9001" },
      number: "JQA-QMA12345",
      issuer: "一般財団法人日本品質保証機構",
      expiresOn: "2099-03-31",
      status: "PENDING",
      expired: false,
      document: {
        name: "登録証.pdf",
        contentType: "application/pdf",
        byteSize: CERTIFICATE_PDF.length,
        url: `${base}/${cert.id}/document`,
      },
      reviewedBy: null,
      rejectionReason: null,
      reminderSentAt: null,
      expiredAt: null,
    });

    const file = await get(res.body.document.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(file.body).toBe(CERTIFICATE_PDF.toString("latin1"));

    for (const path of [`${base}/${randomUUID()}`, `${base}/${randomUUID()}/document`]) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe("証明書が見つかりませんでした。");
    }
  });
});

describe("verify", () => {
  it("makes a pending certificate verified: the badge, the audit row and an email to every member", async () => {
    const cert = await insertCertification(supplier.companyId, {
      number: "JQA-0001",
      expiresOn: "2099-12-31",
    });
    expect(await verifiedIdsOf(supplier.companyId)).not.toContain(iso9001);

    const res = await post(`${base}/${cert.id}/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "VERIFIED", reviewedBy: { id: owner.id, name: "運営 花子" } });
    expect(res.body.reviewedAt).not.toBeNull();
    expect(await verifiedIdsOf(supplier.companyId)).toContain(iso9001);

    const [audit, ...more] = await auditOf(cert.id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({
      ownerId: owner.id,
      action: "supplier_certification.verify",
      before: expect.objectContaining({
        status: "PENDING",
        companyId: supplier.companyId,
        typeName: "ISO 9001",
      }),
      after: expect.objectContaining({ status: "VERIFIED", reviewedByOwnerId: owner.id }),
    });

    // The console's audit log names the company and the certificate.
    const log = await get(`/api/owner/audit-log?targetId=${cert.id}`);
    expect(log.body.items).toEqual([
      expect.objectContaining({
        action: "supplier_certification.verify",
        company: { id: supplier.companyId, name: "認証確認精工株式会社" },
        targetLabel: "証明書「ISO 9001」",
      }),
    ]);

    for (const member of [supplier, general]) {
      const mails = (await emailsTo(member.email)).filter((m) => m.template === "certification-verified");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("「ISO 9001」を認証確認済みとして掲載しました");
      expect(mails[0]!.textBody).toContain("JQA-0001");
      expect(mails[0]!.textBody).toContain("2099年12月31日");
    }

    const again = await post(`${base}/${cert.id}/verify`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/すでに確認済み/);
    expect(await auditOf(cert.id)).toHaveLength(1);
  });

  it("refuses a certificate whose last valid day has passed (400), and accepts one valid through today", async () => {
    const expired = await insertCertification(other.companyId, { expiresOn: daysFromToday(-1) });
    const res = await post(`${base}/${expired.id}/verify`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/有効期限が切れている証明書は認証できません/);
    const [row] = await db()
      .select({ status: supplierCertifications.status })
      .from(supplierCertifications)
      .where(eq(supplierCertifications.id, expired.id));
    expect(row!.status).toBe("PENDING");
    expect(await auditOf(expired.id)).toHaveLength(0);

    const lastDay = await insertCertification(other.companyId, {
      type: "iso-14001",
      expiresOn: daysFromToday(0),
    });
    expect((await post(`${base}/${lastDay.id}/verify`)).status).toBe(200);
    expect(await verifiedIdsOf(other.companyId)).toContain(iso14001);

    const noExpiry = await insertCertification(other.companyId, { type: "haccp", expiresOn: null });
    expect((await post(`${base}/${noExpiry.id}/verify`)).status).toBe(200);
  });
});

describe("reject", () => {
  it("sends a pending certificate back with the reason: audited and emailed, no badge", async () => {
    const company = await registerAccount("SUPPLIER", { companyName: "差し戻し工業株式会社" });
    const cert = await insertCertification(company.companyId, { type: "iso-14001", number: "E-777" });
    const short = await post(`${base}/${cert.id}/reject`, { reason: "不鮮明" });
    expect(short.status).toBe(422);
    expect(short.body.error.fields.reason).toBe("差し戻しの理由は5文字以上で入力してください");

    const res = await post(`${base}/${cert.id}/reject`, { reason: `  ${REASON}  ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "REJECTED", rejectionReason: REASON });
    expect(await verifiedIdsOf(company.companyId)).toEqual([]);
    const [audit] = await auditOf(cert.id);
    expect(audit).toMatchObject({
      action: "supplier_certification.reject",
      after: expect.objectContaining({ status: "REJECTED", rejectionReason: REASON }),
    });
    const [mail] = (await emailsTo(company.email)).filter((m) => m.template === "certification-rejected");
    expect(mail!.subject).toContain("「ISO 14001」の証明書を差し戻しました");
    expect(mail!.textBody).toContain(REASON);
    expect(mail!.textBody).toContain("認証確認済みとすることができませんでした");

    const again = await post(`${base}/${cert.id}/reject`, { reason: REASON });
    expect(again.status).toBe(409);
    expect((await post(`${base}/${cert.id}/verify`)).status).toBe(409);
  });

  it("withdraws a verified certificate's badge, unless another verified one of the type keeps it", async () => {
    const company = await registerAccount("SUPPLIER", { companyName: "取り下げ化成株式会社" });
    const first = await insertCertification(company.companyId, {
      status: "VERIFIED",
      expiresOn: "2098-01-31",
    });
    const renewal = await insertCertification(company.companyId, {
      status: "VERIFIED",
      expiresOn: "2099-01-31",
    });
    expect(await verifiedIdsOf(company.companyId)).toEqual([iso9001]);

    expect((await post(`${base}/${first.id}/reject`, { reason: REASON })).status).toBe(200);
    expect(await verifiedIdsOf(company.companyId)).toEqual([iso9001]);

    const res = await post(`${base}/${renewal.id}/reject`, { reason: REASON });
    expect(res.status).toBe(200);
    expect(await verifiedIdsOf(company.companyId)).toEqual([]);
    const mails = (await emailsTo(company.email)).filter((m) => m.template === "certification-rejected");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.textBody).toContain("「認証確認済み」の表示を取り下げ");
  });
});

describe("who may call", () => {
  it("answers 401 signed out and 403 to members, before looking at the input", async () => {
    const cert = await insertCertification(supplier.companyId);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", base],
      ["GET", `${base}?status=NOPE`],
      ["GET", `${base}/${cert.id}`],
      ["GET", `${base}/${cert.id}/document`],
      ["POST", `${base}/${cert.id}/verify`],
      ["POST", `${base}/${cert.id}/reject`, { reason: "x" }],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const member of [supplier, buyer])
        expect((await api(method, path, { token: member.token, body })).status, `${method} ${path}`).toBe(
          403,
        );
    }
    const [row] = await db()
      .select({ status: supplierCertifications.status })
      .from(supplierCertifications)
      .where(eq(supplierCertifications.id, cert.id));
    expect(row!.status).toBe("PENDING");
  });
});
