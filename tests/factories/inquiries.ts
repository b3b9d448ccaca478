import { sql } from "drizzle-orm";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { ticketUsages } from "@/server/db/schema";
import type { Account } from "./accounts";
import { api, idem } from "./http";

export function inquiryBody(overrides: Record<string, unknown> = {}) {
  return {
    type: "BULK",
    title: "オーガニック化粧水のOEM製造（初回3,000本）",
    categoryId: 1,
    description: "敏感肌向けの化粧水を開発したいと考えています。処方開発から充填までご相談させてください。",
    quantity: "初回3,000本、以降月1,000本",
    targetUnitPriceYen: 450,
    desiredDeliveryDate: addDays(todayInJapan(), 90),
    prefectureIds: [13, 14],
    ndaRequired: true,
    ...overrides,
  };
}

export async function createInquiry(buyer: Account, overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/contact/create", {
    headers: idem(),
    token: buyer.token,
    body: inquiryBody(overrides),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A ticket spent on an inquiry, as the billing step records it. */
export async function spendTicket(supplier: Account, inquiryId: string) {
  await db()
    .insert(ticketUsages)
    .values({ companyId: supplier.companyId, inquiryId, usedByUserId: supplier.userId });
}

/**
 * `n` open bulk inquiries (public recruits) of `buyer` titled `${title} 1..n`, published a minute
 * apart, written in one statement (count caps and lists over many rows).
 */
export async function insertOpenRecruits(buyer: Account, n: number, title: string): Promise<void> {
  await db().execute(sql`
    insert into inquiries (type, status, buyer_company_id, created_by_user_id, title, category_id,
      description, quantity, entry_deadline, published_at)
    select 'BULK', 'OPEN', ${buyer.companyId}, ${buyer.userId}, ${title} || ' ' || g, 1,
      '件数の上限を確かめるための案件です。', '1000個', null, now() - make_interval(mins => g)
    from generate_series(1, ${n}) g`);
  await changesSeen(db());
}

/** Many open nominations to one supplier, inserted directly (fast setup for load tests). */
export async function insertNominations(
  buyer: Account,
  supplierCompanyId: string,
  n: number,
): Promise<string[]> {
  const { inquiries, inquiryRecipients } = await import("@/server/db/schema");
  const rows = await db()
    .insert(inquiries)
    .values(
      Array.from({ length: n }, (_, i) => ({
        type: "NOMINATION" as const,
        status: "OPEN" as const,
        buyerCompanyId: buyer.companyId,
        createdByUserId: buyer.userId,
        nominatedCompanyId: supplierCompanyId,
        title: `指名案件 ${i + 1}`,
        categoryId: 1,
        description: "テスト用の指名案件です。",
        quantity: "1,000個",
        publishedAt: new Date(),
      })),
    )
    .returning({ id: inquiries.id });
  // As the nomination flow records them: the nominated supplier is the recipient, notified, unread.
  await db()
    .insert(inquiryRecipients)
    .values(
      rows.map((r) => ({
        inquiryId: r.id,
        supplierCompanyId,
        kind: "NOMINATED" as const,
        notifiedAt: new Date(),
      })),
    );
  return rows.map((r) => r.id);
}

/** Paid tickets credited to a company directly (the operator's confirmation does the same). */
export async function creditTickets(companyId: string, quantity: number) {
  const { ticketPurchases } = await import("@/server/db/schema");
  await db().insert(ticketPurchases).values({
    companyId,
    quantity,
    subtotalYen: 0,
    taxYen: 0,
    totalYen: 0,
    status: "PAID",
    isGrant: true,
    paidAt: new Date(),
  });
}

/**
 * Clears the per-company inquiry limits (tests/api/inquiry-limits.test.ts tests them): suites
 * that create dozens of inquiries as setup from one persona start each case with a fresh allowance.
 */
export async function resetInquiryLimits() {
  await db().execute(sql`delete from rate_limits where key like 'inquiry:%'`);
}
