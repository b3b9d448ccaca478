import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { todayInJapan } from "@/lib/japan-time";
import { listPublicRecruits } from "@/modules/inquiries/recruit.repository";
import { keptRankings } from "@/modules/inquiries/recruit-ranking";
import { loadFitNames } from "@/modules/matching/fit-names.service";
import { changesSeen, feedLive } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { inquiryPrefectures } from "@/server/db/schema";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { setInquiryRequirements, setSupplierPlaces } from "../factories/capabilities";
import { api } from "../factories/http";
import { createInquiry } from "../factories/inquiries";
import { type CapabilityIds, capabilityIds, setCapabilities, supplierWith } from "../factories/requirements";

// The recruits by fit read their order from a ranking each process keeps (decision 0025): the
// first view scores every open recruit, the next ones read only their page's rows. A change to an
// open recruit — through any path: the API, a direct write — reaches the kept ranking through the
// triggers' notices, and the next view ranks it afresh.

let app: ReturnType<typeof createApp>;
let ids: CapabilityIds;
let buyer: Account;
let supplier: Account;
let capabilities: Parameters<typeof setCapabilities>[1];

interface Row {
  id: string;
  title: string;
  fit: { score: number };
}

/** The supplier's recruits by fit (a page of them), and the queries the request made. */
async function byFit(query = "&perPage=50") {
  const res = await app.request(
    `/api/oem/company/${supplier.companyId}/contacts?contactType=BULK&sort=fit${query}`,
    { headers: { authorization: `Bearer ${supplier.token}` } },
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: Row[]; total: number };
  const queries = Number(/desc="(\d+) queries"/.exec(res.headers.get("server-timing") ?? "")?.[1]);
  return { ...body, titles: body.items.map((i) => i.title), queries };
}

let owner: { token: string };

/** A public recruit: created by the buyer, approved by the operator (published). */
async function recruit(title: string, over: Record<string, unknown> = {}): Promise<string> {
  const id = await createInquiry(buyer, {
    title,
    categoryId: ids.category("cosmetics"),
    prefectureIds: [13],
    ...over,
  });
  const approved = await api("PUT", `/api/owner/contact/bulk/${id}`, {
    token: owner.token,
    body: { action: "APPROVE" },
  });
  expect(approved.status).toBe(200);
  return id;
}

beforeAll(async () => {
  ids = await capabilityIds();
  buyer = await registerVerified("BUYER", { companyName: "株式会社ランキング商事" });
  owner = await createOwner();
  capabilities = {
    quantityUnit: "個",
    moqMin: 1000,
    monthlyCapacity: 50_000,
    verifiedCertificationIds: [ids.certification("iso-22716")],
  };
  supplier = await supplierWith("順位確認化粧品株式会社", {
    categoryIds: [ids.category("cosmetics")],
    capabilities,
  });
  const gmp = ids.certification("iso-22716");
  const licence = ids.certification("cosmetics-manufacturing");
  await recruit("条件ぴったり", { lotQuantity: 3000, quantityUnit: "個", requiredCertificationIds: [gmp] });
  await recruit("許可が必要", { requiredCertificationIds: [licence] });
  await recruit("小さすぎるロット", { lotQuantity: 100, quantityUnit: "個" });
  await recruit("別カテゴリ", { categoryId: ids.category("food") });
  await recruit("要件なし");
  await loadFitNames(db());
  const previous = env().QUERY_LOG;
  setEnvForTests({ QUERY_LOG: "1" });
  app = createApp();
  setEnvForTests({ QUERY_LOG: previous });
  await changesSeen(db());
});

describe("recruits by fit, from the kept ranking", () => {
  it("pages through the ranking computed afresh, and reads only the page once it is kept", async () => {
    expect(feedLive()).toBe(true);
    const fresh = await listPublicRecruits(db(), {
      today: todayInJapan(),
      limit: 100,
      offset: 0,
      countCap: 1000,
      sort: "fit",
      capabilities: {
        categoryIds: [ids.category("cosmetics")],
        prefectureIds: [13],
        quantityUnit: "個",
        moqMin: 1000,
        monthlyCapacity: 50_000,
        smallLotAccepted: null,
        smallLotMin: null,
        sampleAvailable: null,
        processIds: [],
        materialIds: [],
        verifiedCertificationIds: [ids.certification("iso-22716")],
      },
    });
    const first = await byFit();
    expect(first.items.map((i) => i.id)).toEqual(fresh.rows.map((r) => r.id));
    expect(first.items.map((i) => i.fit.score)).toEqual(fresh.rows.map((r) => r.fitScore));
    // Equal scores: the newest first; outside the category last (issue 33).
    expect(first.titles).toEqual([
      "要件なし",
      "条件ぴったり",
      "小さすぎるロット",
      "許可が必要",
      "別カテゴリ",
    ]);
    expect(first.total).toBe(5);
    // The same order, page by page (2 a page), from the kept ranking: one statement fewer.
    const pages = [];
    for (const page of [1, 2, 3]) {
      const p = await byFit(`&perPage=2&page=${page}`);
      expect(p.total).toBe(5);
      pages.push(...p.items.map((i) => i.id));
    }
    expect(pages).toEqual(first.items.map((i) => i.id));
    // First: the session, the supplier's capabilities, the ranking, the page's rows with the
    // buyers' figures. Then the capabilities and the ranking are kept: the session, the rows.
    expect(first.queries).toBe(4);
    const again = await byFit();
    expect(again.queries).toBe(2);
    expect(again.titles).toEqual(first.titles);
    expect(keptRankings()).toBeGreaterThan(0);
  });

  it("shows a recruit published, edited or closed through any path in the next view", async () => {
    await byFit(); // kept
    const published = await recruit("新着の好条件", {
      lotQuantity: 5000,
      quantityUnit: "個",
      requiredCertificationIds: [ids.certification("iso-22716")],
    });
    await changesSeen(db());
    const afterPublish = await byFit();
    expect(afterPublish.titles[0]).toBe("新着の好条件"); // a score of 100, and the newest
    expect(afterPublish.total).toBe(6);

    // A direct write (an operator's fix, a script) changes the requirements: the trigger notices it too.
    const tooSmall = afterPublish.items.find((i) => i.title === "小さすぎるロット")!;
    await setInquiryRequirements(tooSmall.id, { lotQuantity: 20_000, quantityUnit: "個" });
    await changesSeen(db());
    const afterEdit = await byFit();
    expect(afterEdit.items.find((i) => i.id === tooSmall.id)!.fit.score).toBeGreaterThan(tooSmall.fit.score);
    expect(afterEdit.titles.indexOf("小さすぎるロット")).toBeLessThan(
      afterPublish.titles.indexOf("小さすぎるロット"),
    );

    const closed = await api("POST", `/api/buyer/company/${buyer.companyId}/contact/${published}/close`, {
      token: buyer.token,
    });
    expect(closed.status).toBe(200);
    await changesSeen(db());
    const afterClose = await byFit();
    expect(afterClose.titles).not.toContain("新着の好条件");
    expect(afterClose.total).toBe(5);
  });

  it("ranks a recruit that gains a prefecture into a list filtered by it", async () => {
    const osaka = await byFit("&perPage=50&prefectureId=27");
    expect(osaka.total).toBe(0);
    const target = (await byFit()).items.find((i) => i.title === "要件なし")!;
    await db().insert(inquiryPrefectures).values({ inquiryId: target.id, prefectureId: 27 });
    await changesSeen(db());
    expect((await byFit("&perPage=50&prefectureId=27")).titles).toEqual(["要件なし"]);
  });

  it("ranks afresh at once when the supplier's capabilities change (they are part of the key)", async () => {
    await byFit();
    const before = await byFit(); // from the kept ranking
    await setCapabilities(supplier.companyId, {
      ...capabilities,
      verifiedCertificationIds: [
        ids.certification("iso-22716"),
        ids.certification("cosmetics-manufacturing"),
      ],
    });
    const after = await byFit();
    const licensed = (r: typeof before) => r.items.find((i) => i.title === "許可が必要")!.fit.score;
    expect(licensed(after)).toBeGreaterThan(licensed(before));
    expect(after.titles.indexOf("許可が必要")).toBeLessThan(before.titles.indexOf("許可が必要"));
    // the changed capabilities read again, and the ranking computed for them (a new key)
    expect(after.queries).toBe(before.queries + 2);
    await setCapabilities(supplier.companyId, capabilities);
  });

  it("follows the supplier's categories and places (its kept capabilities dropped by their notices)", async () => {
    const foodReason = async () =>
      (await byFit()).items.find((i) => i.title === "別カテゴリ")!.fit as {
        score: number;
        reasons: Array<{ text: string }>;
      };
    await byFit();
    expect((await foodReason()).reasons.map((r) => r.text)).toContain(
      "カテゴリ「食品」の登録なし（カテゴリ外）",
    );
    await setSupplierPlaces(supplier.companyId, {
      categoryIds: [ids.category("cosmetics"), ids.category("food")],
      prefectureId: 27,
      factoryPrefectureIds: [13],
    });
    const after = await foodReason();
    expect(after.reasons.map((r) => r.text)).not.toContain("カテゴリ「食品」の登録なし（カテゴリ外）");
    await setSupplierPlaces(supplier.companyId, {
      categoryIds: [ids.category("cosmetics")],
      prefectureId: 13,
      factoryPrefectureIds: [],
    });
    expect((await foodReason()).reasons.map((r) => r.text)).toContain(
      "カテゴリ「食品」の登録なし（カテゴリ外）",
    );
  });

  // PostgreSQL only (the API suite runs on both): PGlite has no connection to lose.
  if (process.env.DATABASE_URL)
    it("PostgreSQL: keeps nothing while its listening connection is lost, then listens again", async () => {
      await db().execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'oem-change-feed' and datname = current_database()`,
      );
      const deadline = Date.now() + 5000;
      while (feedLive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(feedLive()).toBe(false);
      // Written while no notice can arrive: the views compute the ranking each time and show it.
      await recruit("接続断の間の新着", {
        lotQuantity: 5000,
        quantityUnit: "個",
        requiredCertificationIds: [ids.certification("iso-22716")],
      });
      const during = [await byFit(), await byFit()];
      for (const v of during) {
        expect(v.titles[0]).toBe("接続断の間の新着");
        expect(v.queries).toBe(4); // the capabilities and the ranking read afresh each time
      }
      while (!feedLive() && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 10));
      expect(feedLive()).toBe(true);
      expect((await byFit()).queries).toBe(4);
      expect((await byFit()).queries).toBe(2); // kept again
    });
});
