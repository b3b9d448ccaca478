import { beforeAll, describe, expect, it } from "vitest";
import { buyerDashboard, supplierDashboard } from "@/modules/dashboard/dashboard.service";
import { resolveCompanyScope } from "@/server/auth/company-scope";
import { db } from "@/server/db/client";
import {
  categories,
  entries,
  inquiries,
  inquiryRecipients,
  news,
  planContracts,
  ticketPurchases,
} from "@/server/db/schema";
import { type Account, registerAccount } from "../factories/accounts";
import { makePaid } from "../factories/actors";

/** The scope a page of this member's area resolves (the pages get it from requireAreaSession). */
function scopeOf(account: Account, type: "BUYER" | "SUPPLIER") {
  const membership = {
    membershipId: "",
    companyId: account.companyId,
    companyType: type,
    companyName: "",
    role: "ADMIN" as const,
    paymentStatus: null,
  };
  return resolveCompanyScope({ userId: account.userId, memberships: [membership] }, account.companyId);
}

// The my-page tops read only the active company's data.
let buyer: Account;
let otherBuyer: Account;
let supplier: Account;
let otherSupplier: Account;
let categoryId: number;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function inquiry(values: Partial<typeof inquiries.$inferInsert> & { buyer: Account }) {
  const { buyer: b, ...rest } = values;
  const [row] = await db()
    .insert(inquiries)
    .values({
      type: "BULK",
      status: "OPEN",
      buyerCompanyId: b.companyId,
      createdByUserId: b.userId,
      title: "テスト案件",
      categoryId,
      description: "内容",
      quantity: "1,000個",
      ...rest,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  buyer = await registerAccount("BUYER");
  otherBuyer = await registerAccount("BUYER");
  supplier = await registerAccount("SUPPLIER");
  otherSupplier = await registerAccount("SUPPLIER");
  const [cat] = await db().select().from(categories).limit(1);
  categoryId = cat!.id;

  const bulk = await inquiry({ buyer, title: "化粧水のOEM", createdAt: ago(3) });
  await inquiry({ buyer, title: "審査中の案件", status: "REVIEW", createdAt: ago(2) });
  await inquiry({ buyer, title: "締切の案件", status: "CLOSED", createdAt: ago(10) });
  const nominated = await inquiry({
    buyer,
    type: "NOMINATION",
    title: "指名の案件",
    nominatedCompanyId: supplier.companyId,
    createdAt: ago(1),
  });
  await db()
    .insert(inquiryRecipients)
    .values({ inquiryId: nominated.id, supplierCompanyId: supplier.companyId, kind: "NOMINATED" });
  await inquiry({
    buyer: otherBuyer,
    type: "NOMINATION",
    title: "他社への指名",
    nominatedCompanyId: otherSupplier.companyId,
  });
  await inquiry({ buyer: otherBuyer, title: "他社の案件", status: "REVIEW" });

  await db()
    .insert(entries)
    .values([
      { inquiryId: bulk.id, supplierCompanyId: supplier.companyId, userId: supplier.userId, message: "提案" },
      {
        inquiryId: bulk.id,
        supplierCompanyId: otherSupplier.companyId,
        userId: otherSupplier.userId,
        message: "提案",
        status: "CANCELLED",
      },
      {
        inquiryId: nominated.id,
        supplierCompanyId: supplier.companyId,
        userId: supplier.userId,
        message: "返信",
      },
    ]);

  await db().insert(ticketPurchases).values({
    companyId: supplier.companyId,
    quantity: 5,
    subtotalYen: 1,
    taxYen: 0,
    totalYen: 1,
    status: "PAID",
  });

  await db()
    .insert(news)
    .values(
      [
        { title: "全体向け", audience: "ALL", status: "PUBLISHED", publishedAt: ago(1) },
        { title: "発注者向け", audience: "BUYER", status: "PUBLISHED", publishedAt: ago(2) },
        { title: "メーカー向け", audience: "SUPPLIER", status: "PUBLISHED", publishedAt: ago(3) },
        { title: "下書き", audience: "ALL", status: "DRAFT", publishedAt: ago(1) },
        { title: "予約投稿", audience: "ALL", status: "PUBLISHED", publishedAt: new Date(Date.now() + DAY) },
      ].map((n) => ({ ...n, body: "本文" })) as Array<typeof news.$inferInsert>,
    );
});

describe("buyerDashboard", () => {
  it("counts the company's own inquiries by status", async () => {
    const d = await buyerDashboard(scopeOf(buyer, "BUYER"), db());
    // AWARDED (発注先決定) is a status of its own since issue 33 #3.
    expect(d.inquiryCounts).toEqual({ REVIEW: 1, OPEN: 2, CLOSED: 1, AWARDED: 0, CANCELLED: 0, REJECTED: 0 });
  });

  it("lists the newest inquiries with live entries only", async () => {
    const d = await buyerDashboard(scopeOf(buyer, "BUYER"), db());
    expect(d.latestInquiries.map((i) => i.title)).toEqual([
      "指名の案件",
      "審査中の案件",
      "化粧水のOEM",
      "締切の案件",
    ]);
    expect(d.latestInquiries.find((i) => i.title === "化粧水のOEM")!.entryCount).toBe(1);
  });

  it("shows published news for buyers and everyone, none from the future", async () => {
    const d = await buyerDashboard(scopeOf(buyer, "BUYER"), db());
    const titles = d.news.map((n) => n.title);
    expect(titles).toContain("全体向け");
    expect(titles).toContain("発注者向け");
    expect(titles).not.toContain("メーカー向け");
    expect(titles).not.toContain("下書き");
    expect(titles).not.toContain("予約投稿");
  });
});

describe("supplierDashboard", () => {
  it("shows the open nominated inquiries addressed to the company only", async () => {
    const d = await supplierDashboard(scopeOf(supplier, "SUPPLIER"), db());
    expect(d.nominated.openCount).toBe(1);
    expect(d.nominated.latest).toMatchObject([{ title: "指名の案件", unread: true, entered: true }]);
    const other = await supplierDashboard(scopeOf(otherSupplier, "SUPPLIER"), db());
    expect(other.nominated.latest.map((i) => i.title)).toEqual(["他社への指名"]);
  });

  it("counts public recruits, the company's entries, tickets and news for suppliers", async () => {
    const d = await supplierDashboard(scopeOf(supplier, "SUPPLIER"), db());
    expect(d.openPublicRecruits).toBeGreaterThanOrEqual(1);
    expect(d.entryCounts).toEqual({
      ENTERED: 2,
      SHORTLISTED: 0,
      AWARDED: 0,
      DECLINED: 0,
      WITHDRAWN: 0,
      CANCELLED: 0,
    });
    expect(d.ticketBalance).toBe(5);
    expect(d.plan).toEqual({ paymentStatus: "OEM_FREE", contract: null });
    expect(d.news.map((n) => n.title)).toContain("メーカー向け");
    expect(d.news.map((n) => n.title)).not.toContain("発注者向け");
  });

  it("reports the plan of a paid supplier", async () => {
    const paid = await registerAccount("SUPPLIER");
    await makePaid(paid.companyId);
    const d = await supplierDashboard(scopeOf(paid, "SUPPLIER"), db());
    expect(d.plan.paymentStatus).toBe("OEM_PAID");
    expect(d.plan.contract?.status).toBe("ACTIVE");
  });

  it("shows a plan application waiting for payment", async () => {
    await db().insert(planContracts).values({ companyId: otherSupplier.companyId, monthlyFeeYen: 30000 });
    const d = await supplierDashboard(scopeOf(otherSupplier, "SUPPLIER"), db());
    expect(d.plan).toMatchObject({ paymentStatus: "OEM_FREE", contract: { status: "WAITING" } });
  });
});
