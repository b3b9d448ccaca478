import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { COUNT_CAP, totalOf } from "@/server/db/listing";
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

  it("exports the CSV with the estimate as X-Total-Count and at most the cap of rows", async () => {
    const csv = await api("GET", "/api/owner/contact/common?format=csv", { token: owner.token });
    expect(csv.status).toBe(200);
    expect(Number(csv.headers.get("x-total-count"))).toBeGreaterThan(COUNT_CAP);
  });
});
