// Issue 33 (12): the 商談 list scales — threads come grouped by inquiry, with a tab per status and a
// filter on the inquiry's title or the counterpart's name (as the viewer may see it).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { companies } from "@/server/db/schema";
import { type Account, registerVerified } from "../factories/accounts";
import { addThread, base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

let buyer: Account;
let s1: Account;
let s2: Account;
let s3: Account;
let hidden: Account;
let bottles: string;
let boxes: string;

const list = (a: Account, query = "") => api("GET", `${base(a)}/threads${query}`, { token: a.token });

beforeAll(async () => {
  [buyer, s1, s2, s3, hidden] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社一覧テスト商事" }),
    registerVerified("SUPPLIER", { companyName: "株式会社ボトル一号工業" }),
    registerVerified("SUPPLIER", { companyName: "株式会社ボトル二号工業" }),
    registerVerified("SUPPLIER", { companyName: "株式会社ボトル三号工業" }),
    registerVerified("SUPPLIER", { companyName: "秘匿紙器株式会社" }),
  ]);
  await db().update(companies).set({ namePublished: false }).where(eq(companies.id, hidden.companyId));
  await resetInquiryLimits();
  // Two threads of the boxes inquiry are opened between those of the bottles inquiry.
  const a = await openDealThread(buyer, s1, { title: "ステンレスボトルの製造（3,000本）" });
  bottles = a.inquiryId;
  const b = await openDealThread(buyer, hidden, { title: "化粧箱の印刷・加工" });
  boxes = b.inquiryId;
  const t2 = await addThread(buyer, bottles, s2);
  await addThread(buyer, boxes, s3);
  const t3 = await addThread(buyer, bottles, s3);
  expect((await quote(s1, a.threadId)).status).toBe(201);
  const withdrawn = await api("POST", `${base(s3)}/threads/${t3}/no-quote`, {
    token: s3.token,
    body: { reason: "CAPACITY" },
  });
  expect(withdrawn.status).toBe(200);
  expect(t2).toBeTruthy();
});

describe("the deal thread list", () => {
  it("keeps each inquiry's threads together and counts the threads of each tab", async () => {
    const res = await list(buyer);
    expect(res.status).toBe(200);
    const ids = res.body.items.map((t: { inquiry: { id: string } }) => t.inquiry.id);
    expect(ids).toHaveLength(5);
    // Contiguous: once an inquiry's group ends, it does not come back.
    const groups = ids.filter((id: string, i: number) => ids[i - 1] !== id);
    expect(new Set(groups).size).toBe(groups.length);
    expect(groups).toHaveLength(2);
    // The group with the latest activity first (the bottles: a quote and a 辞退 came last).
    expect(groups[0]).toBe(bottles);
    expect(res.body.counts).toEqual({ ALL: 5, NEW: 3, QUOTED: 1, AWARDED: 0, CLOSED: 1 });
  });

  it("shows one tab's threads, the counts staying those of every tab", async () => {
    const quoted = await list(buyer, "?status=QUOTED");
    expect(quoted.status).toBe(200);
    expect(quoted.body.total).toBe(1);
    expect(quoted.body.items[0]).toMatchObject({ status: "QUOTED", inquiry: { id: bottles } });
    const closed = await list(buyer, "?status=CLOSED");
    expect(closed.body.items.map((t: { status: string }) => t.status)).toEqual(["WITHDRAWN"]);
    const fresh = await list(buyer, "?status=NEW&perPage=2");
    expect(fresh.body.total).toBe(3);
    expect(fresh.body.items).toHaveLength(2);
    expect(fresh.body.counts.ALL).toBe(5);
  });

  it("filters on the inquiry's title or the counterpart's shown name, never a hidden one", async () => {
    const byTitle = await list(buyer, `?q=${encodeURIComponent("化粧箱")}`);
    expect(byTitle.body.total).toBe(2);
    expect(byTitle.body.items.every((t: { inquiry: { id: string } }) => t.inquiry.id === boxes)).toBe(true);
    // The counts follow the filter, so the tabs tell what the filter holds.
    expect(byTitle.body.counts).toEqual({ ALL: 2, NEW: 2, QUOTED: 0, AWARDED: 0, CLOSED: 0 });
    const byName = await list(buyer, `?q=${encodeURIComponent("ボトル二号")}`);
    expect(byName.body.items.map((t: { counterpart: { name: string } }) => t.counterpart.name)).toEqual([
      "株式会社ボトル二号工業",
    ]);
    // The hidden supplier is found by what the buyer sees, not by its real name.
    expect((await list(buyer, `?q=${encodeURIComponent("秘匿紙器")}`)).body.total).toBe(0);
    expect((await list(buyer, `?q=${encodeURIComponent("企業名非公開")}`)).body.total).toBe(1);
    // % and _ are literal characters, not patterns.
    expect((await list(buyer, "?q=%25")).body.total).toBe(0);
    // The supplier filters on the buyer's name.
    expect((await list(s3, `?q=${encodeURIComponent("一覧テスト")}`)).body.total).toBe(2);
  });

  it("refuses an unknown tab and a too-long filter with Japanese field errors", async () => {
    const bad = await list(buyer, "?status=DONE");
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.status).toMatch(/表示する状況/);
    const long = await list(buyer, `?q=${"あ".repeat(101)}`);
    expect(long.status).toBe(422);
    expect(long.body.error.fields.q).toMatch(/100文字/);
  });
});
