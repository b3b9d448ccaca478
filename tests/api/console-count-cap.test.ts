import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { COUNT_CAP, cappedTableCount, tableRows, totalOf } from "@/server/db/listing";
import { inquiries } from "@/server/db/schema";
import { type Account, createOwner, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";
import { insertOpenRecruits } from "../factories/inquiries";

// A console list counts at most COUNT_CAP + 1 rows (decision 0023): the entry list counted all of
// 1,000,000 entries on every request. Up to the cap the total is exact; above it the API answers
// total = the cap (what the pager reaches), totalCapped and the planner's estimate of the whole.

let buyer: Account;
let owner: { token: string };

/** `n` bulk inquiries of `buyer`, then fresh planner statistics (the estimate reads them). */
async function inquiriesOf(n: number, title: string) {
  await insertOpenRecruits(buyer, n, title);
  await db().execute(sql`analyze inquiries`);
}

beforeAll(async () => {
  buyer = await registerAccount("BUYER");
  owner = await createOwner();
});

describe("a console list's total", () => {
  it("is exact up to the cap, and above it stops at the cap with an estimate", async () => {
    await inquiriesOf(30, "上限確認");
    const titled = sql`${inquiries.title} like '上限確認 %'`;
    expect(await totalOf(db(), sql`${inquiries}`, titled, 30)).toEqual({ total: 30 });
    const capped = await totalOf(db(), sql`${inquiries}`, titled, 10);
    expect(capped).toMatchObject({ total: 10, totalCapped: true });
    expect(capped.totalEstimate).toBeGreaterThanOrEqual(11);
  });

  it("skips the count of a whole table its statistics put above twice the cap", async () => {
    await inquiriesOf(30, "統計確認");
    const [row] = (
      await db().execute<{ rows: number; small: number | null; large: number | null }>(
        sql`select ${tableRows(inquiries)} as rows, ${cappedTableCount(inquiries, 10)} as small,
          ${cappedTableCount(inquiries, 1_000_000)} as large`,
      )
    ).rows;
    const [{ n }] = (await db().execute<{ n: number }>(sql`select count(*)::int as n from ${inquiries}`))
      .rows as [{ n: number }];
    // After ANALYZE the statistics hold the table's rows: far above 2 × 10, no count; below 2 × 10⁶, counted.
    expect(Number(row!.rows)).toBe(n);
    expect(row!.small).toBeNull();
    expect(Number(row!.large)).toBe(n);
  });

  it("answers the operator's inquiry list above COUNT_CAP with the cap, the flag and an estimate", async () => {
    await inquiriesOf(COUNT_CAP + 500, "大量の案件");
    const all = await api("GET", "/api/owner/contact/common?perPage=50", { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: COUNT_CAP, totalCapped: true, page: 1, perPage: 50 });
    expect(all.body.items).toHaveLength(50);
    // The planner's figure after ANALYZE: within a few percent of the 10,530 rows here.
    expect(all.body.totalEstimate).toBeGreaterThan(COUNT_CAP);
    expect(Math.abs(all.body.totalEstimate - (COUNT_CAP + 530)) / (COUNT_CAP + 530)).toBeLessThan(0.1);

    // The pager's last page is a page of rows, not an empty one.
    const last = await api("GET", `/api/owner/contact/common?perPage=50&page=${COUNT_CAP / 50}`, {
      token: owner.token,
    });
    expect(last.status).toBe(200);
    expect(last.body.items).toHaveLength(50);

    // A filter below the cap counts exactly, without the flag.
    const few = await api("GET", "/api/owner/contact/common?keyword=上限確認", { token: owner.token });
    expect(few.status).toBe(200);
    expect(few.body.total).toBe(30);
    expect(few.body.totalCapped).toBeUndefined();
    expect(few.body.totalEstimate).toBeUndefined();
  });

  it("answers the operator's entry list from one prepared statement per filter shape, its total carried", async () => {
    const supplier = await registerAccount("SUPPLIER");
    await inquiriesOf(COUNT_CAP + 40, "エントリー上限");
    // An entry on each of those inquiries, the first 25 declined, with a findable message on 3.
    await db().execute(sql`
      insert into entries (inquiry_id, supplier_company_id, user_id, status, message, created_at)
      select id, ${supplier.companyId}, ${supplier.userId},
        (case when n <= 25 then 'DECLINED' else 'ENTERED' end)::entry_status,
        (case when n <= 3 then '検索用メッセージ' else '対応可能です。' end) || ' ' || n,
        now() - make_interval(secs => n)
      from (select id, row_number() over (order by title) n from inquiries where title like 'エントリー上限 %') t`);
    await db().execute(sql`analyze entries`);
    const get = async (query: string) => {
      const res = await api("GET", `/api/owner/contact/entry?${query}`, { token: owner.token });
      expect(res.status).toBe(200);
      return res.body;
    };
    const all = await get("perPage=50");
    expect(all).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(all.items).toHaveLength(50);
    expect(all.totalEstimate).toBeGreaterThan(COUNT_CAP);
    // One shape, two values: the prepared statement takes each request's own.
    const declined = await get(`supplierCompanyId=${supplier.companyId}&status=DECLINED`);
    expect(declined.total).toBe(25);
    expect(declined.items.every((e: any) => e.status === "DECLINED")).toBe(true);
    const entered = await get(`supplierCompanyId=${supplier.companyId}&status=ENTERED&perPage=50`);
    expect(entered).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(entered.items.every((e: any) => e.status === "ENTERED")).toBe(true);
    const found = await get("keyword=検索用メッセージ");
    expect(found.total).toBe(3);
    expect(found.items.map((e: any) => e.message).sort()).toEqual(
      [1, 2, 3].map((n) => `検索用メッセージ ${n}`),
    );
    expect((await get("keyword=見つからない言葉")).total).toBe(0);
    // Past the last page: no rows, the total still exact.
    const beyond = await get(`supplierCompanyId=${supplier.companyId}&status=DECLINED&page=3&perPage=20`);
    expect(beyond).toMatchObject({ total: 25, items: [] });
  });

  it("exports the CSV with the estimate as X-Total-Count and at most the cap of rows", async () => {
    const csv = await api("GET", "/api/owner/contact/common?format=csv", { token: owner.token });
    expect(csv.status).toBe(200);
    expect(Number(csv.headers.get("x-total-count"))).toBeGreaterThan(COUNT_CAP);
  });
});
