// The number of SQL queries of the hot reads is part of their performance (every query is a round
// trip to PostgreSQL, and costs a planning on PGlite). The counter of QUERY_LOG=1 reports it in a
// Server-Timing header; these counts were 3, 6, 6 and 6 before the reads were merged.
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { type Account, markVerified, registerAccount } from "../factories/accounts";
import { createInquiry } from "../factories/inquiries";

let app: ReturnType<typeof createApp>;
let buyer: Account;
let supplier: Account;

beforeAll(async () => {
  buyer = await registerAccount("BUYER");
  supplier = await registerAccount("SUPPLIER");
  await markVerified(buyer.userId);
  await createInquiry(buyer);
  const previous = env().QUERY_LOG;
  setEnvForTests({ QUERY_LOG: "1" });
  app = createApp();
  setEnvForTests({ QUERY_LOG: previous });
});

async function queriesOf(path: string, init: RequestInit = {}): Promise<number> {
  const res = await app.request(path, init);
  expect(res.status).toBe(200);
  const timing = res.headers.get("server-timing") ?? "";
  const m = /desc="(\d+) queries"/.exec(timing);
  expect(m, timing).not.toBeNull();
  return Number(m![1]);
}

const bearer = (a: Account) => ({ headers: { authorization: `Bearer ${a.token}` } });

describe("queries per request", () => {
  it("reads the session, the user and their companies in one query", async () => {
    expect(await queriesOf("/api/account/me", bearer(buyer))).toBe(1);
    // A supplier's session user also carries its ticket balance.
    expect(await queriesOf("/api/account/me", bearer(supplier))).toBe(2);
  });

  it("searches suppliers in one query, cards included", async () => {
    const init = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keyword: "テスト", categoryIds: [1] }),
    };
    expect(await queriesOf("/api/oem/search", init)).toBe(1);
  });

  it("lists inquiries with their entries, prefectures and total in one query after the session", async () => {
    expect(await queriesOf(`/api/buyer/company/${buyer.companyId}/contacts`, bearer(buyer))).toBe(2);
    expect(
      await queriesOf(`/api/oem/company/${supplier.companyId}/contacts?contactType=BULK`, bearer(supplier)),
    ).toBe(2);
  });
});
