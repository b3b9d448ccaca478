import { beforeAll, describe, expect, it } from "vitest";
import { keywordTerms } from "@/modules/companies/search-text";
import {
  type SearchCriteria,
  searchSuppliers,
  supplierCardsByIds,
} from "@/modules/companies/supplier-directory.repository";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { companyFeatures } from "@/server/db/schema";
import { type Account, registerVerified } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { setSupplierCapabilities, setSupplierPlaces } from "../factories/capabilities";
import { oemInfo } from "../factories/documents";
import { api } from "../factories/http";

// Decision 0026: the search keeps each search's order of matches per process and drops it on the
// change feed's "suppliers" notices. A kept ranking must give the pages the whole statement gives,
// and every kind of change must show on the next search.

const WORD = "順序保持試験";
let suppliers: Account[];

async function search(body: Record<string, unknown>, page = 1, perPage = 20) {
  const res = await api("POST", `/api/oem/search?page=${page}&perPage=${perPage}`, {
    body: { keyword: WORD, ...body },
  });
  expect(res.status).toBe(200);
  return res.body as { items: Array<{ id: string; caseCount: number }>; total: number };
}
const idsOf = async (body: Record<string, unknown>) => (await search(body)).items.map((i) => i.id);

beforeAll(async () => {
  suppliers = [];
  for (let i = 0; i < 7; i++) {
    const s = await registerVerified("SUPPLIER", {
      companyName: `${WORD}工業${i}号株式会社`,
      prefectureId: 13,
    });
    const info = await api("PUT", `/api/oem/company/${s.companyId}/information/update`, {
      token: s.token,
      // Some profiles are fuller than others: the completeness orders them.
      body: oemInfo({
        catchphrase: `${WORD}の製造`,
        categoryIds: [i % 2 ? 10 : 11],
        ...(i % 3 === 0 ? { strengths: "小ロット対応", leadTime: "30日" } : {}),
      }),
    });
    expect(info.status).toBe(200);
    suppliers.push(s);
  }
  await makePaid(suppliers[4]!.companyId);
});

describe("the kept search ranking", () => {
  it("gives every page the whole statement gives, in each order and with filters", async () => {
    const cases: Array<{ body: Record<string, unknown>; criteria: Partial<SearchCriteria> }> = [
      { body: {}, criteria: {} },
      { body: { sort: "newest" }, criteria: { sort: "newest" } },
      { body: { sort: "cases" }, criteria: { sort: "cases" } },
      { body: { categoryIds: [10] }, criteria: { categoryIds: [10] } },
    ];
    for (const { body, criteria } of cases) {
      for (const page of [1, 2, 3]) {
        const kept = await search(body, page, 3);
        const whole = await searchSuppliers(db(), {
          terms: keywordTerms(WORD),
          categoryIds: [],
          prefectureIds: [],
          featureIds: [],
          certificationIds: [],
          processIds: [],
          sort: "recommended",
          limit: 3,
          offset: (page - 1) * 3,
          ...criteria,
        });
        expect(kept.items.map((i) => i.id)).toEqual(whole.rows.map((r) => r.id));
        expect(kept.total).toBe(whole.total);
      }
    }
    expect((await search({})).total).toBe(7);
    // The paid supplier first.
    expect((await idsOf({}))[0]).toBe(suppliers[4]!.companyId);
  });

  it("shows a change of each kind on the next search", async () => {
    const [a, b, c] = suppliers as [Account, Account, Account];
    // The profile's text (through the API): a new word finds it at once.
    await api("PUT", `/api/oem/company/${a.companyId}/information/update`, {
      token: a.token,
      body: oemInfo({ catchphrase: `${WORD}の製造と検査治具`, categoryIds: [11] }),
    });
    expect(await idsOf({ keyword: `${WORD} 検査治具` })).toEqual([a.companyId]);

    // A feature written straight into the database (another process, the operator's script).
    expect(await idsOf({ featureIds: [3] })).toEqual([]);
    await db().insert(companyFeatures).values({ companyId: b.companyId, featureId: 3 });
    await changesSeen(db());
    expect(await idsOf({ featureIds: [3] })).toEqual([b.companyId]);

    // The head office's prefecture.
    expect(await idsOf({ prefectureIds: [47] })).toEqual([]);
    await setSupplierPlaces(c.companyId, { categoryIds: [10], prefectureId: 47, factoryPrefectureIds: [] });
    expect(await idsOf({ prefectureIds: [47] })).toEqual([c.companyId]);

    // A capability and a published case (the "cases" order).
    await setSupplierCapabilities(b.companyId, { quantityUnit: "個", moqMin: 50 });
    expect(await idsOf({ moqMax: 100, quantityUnit: "個" })).toEqual([b.companyId]);
    const published = await api("POST", `/api/oem/company/${c.companyId}/case`, {
      token: c.token,
      body: { title: "量産立ち上げの事例", body: "月産1万個の立ち上げ", status: "PUBLISHED" },
    });
    expect(published.status).toBe(201);
    const byCases = await search({ sort: "cases" });
    expect(byCases.items[0]).toMatchObject({ id: c.companyId, caseCount: 1 });

    // Leaving the listing (deactivation) takes it out of every kept search.
    const before = (await search({})).total;
    const gone = await api("DELETE", `/api/oem/company/${a.companyId}/deactivate`, { token: a.token });
    expect(gone.status).toBe(200);
    expect((await search({})).total).toBe(before - 1);
    expect(await idsOf({})).not.toContain(a.companyId);
  });

  it("leaves a supplier no longer public out of a page's cards (the moment before its notice arrives)", async () => {
    const d = suppliers[5]!;
    expect((await supplierCardsByIds(db(), [d.companyId])).map((r) => r.id)).toEqual([d.companyId]);
    const gone = await api("DELETE", `/api/oem/company/${d.companyId}/deactivate`, { token: d.token });
    expect(gone.status).toBe(200);
    expect(await supplierCardsByIds(db(), [d.companyId])).toEqual([]);
  });
});
