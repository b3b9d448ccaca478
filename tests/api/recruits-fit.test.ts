import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInJapan } from "@/lib/japan-time";
import { suppliersOfInquiries } from "@/modules/inquiries/bulk-digest.repository";
import type { CapabilityValues } from "@/modules/inquiries/fit-sql.repository";
import { listPublicRecruits } from "@/modules/inquiries/recruit.repository";
import {
  listCertificationTypes,
  listMaterials,
  listProcesses,
} from "@/modules/master-data/master-data.service";
import {
  compareFits,
  type FitNames,
  fitOf,
  type InquiryNeeds,
  type SupplierCapabilities,
} from "@/modules/matching/fit.service";
import { loadFitNames } from "@/modules/matching/fit-names.service";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { inquiries, inquiryPrefectures } from "@/server/db/schema";
import { type Account, registerVerified } from "../factories/accounts";
import {
  certificationIdsOf,
  processIdsOf,
  setSupplierCapabilities,
  setSupplierPlaces,
} from "../factories/capabilities";
import { api } from "../factories/http";
import { insertNominations } from "../factories/inquiries";

// The supplier's public recruits by fit (issue 20): 「適合度順」 (sort=fit) and 「条件に合う案件のみ」
// (fit=only), each row with its fit score and short reasons. The order and the filter are decided
// in SQL; a property test on random capabilities and requirements proves the SQL score equals
// fitOf's score and the SQL filter fitOf's `fits` (for the recruits' bound parameters and for the
// digest's profile columns alike).

let buyer: Account;
let supplier: Account;
let gmp: number;
let license: number;
let filling: number;

type Needs = Omit<
  InquiryNeeds,
  "prefectureIds" | "requiredCertificationIds" | "processIds" | "materialIds"
> & {
  prefectureIds: number[];
  requiredCertificationIds: number[];
  processIds: number[];
  materialIds: number[];
};

const noNeeds: Needs = {
  categoryId: 1,
  prefectureIds: [],
  lotQuantity: null,
  monthlyQuantity: null,
  quantityUnit: null,
  requiredCertificationIds: [],
  processIds: [],
  materialIds: [],
  sampleWanted: false,
};

let published = 0;
/** Open bulk inquiries of the buyer, each published a minute after the previous one. */
async function openRecruits(list: Array<{ title: string } & Partial<Needs>>): Promise<string[]> {
  const rows = await db()
    .insert(inquiries)
    .values(
      list.map(({ title, prefectureIds: _p, ...needs }) => ({
        ...noNeeds,
        ...needs,
        type: "BULK" as const,
        status: "OPEN" as const,
        buyerCompanyId: buyer.companyId,
        createdByUserId: buyer.userId,
        title,
        description: "適合度の確認用の公開案件です。",
        quantity: "ご相談",
        publishedAt: new Date(Date.UTC(2026, 0, 1) + ++published * 60_000),
      })),
    )
    .returning({ id: inquiries.id });
  const prefectures = list.flatMap((n, i) =>
    (n.prefectureIds ?? []).map((prefectureId) => ({ inquiryId: rows[i]!.id, prefectureId })),
  );
  if (prefectures.length) await db().insert(inquiryPrefectures).values(prefectures);
  await changesSeen(db()); // the kept rankings dropped (decision 0025)
  return rows.map((r) => r.id);
}

async function recruits(query: string) {
  const res = await api("GET", `/api/oem/company/${supplier.companyId}/contacts?contactType=BULK&${query}`, {
    token: supplier.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Array<{ id: string; title: string; fit: any }>; total: number };
}

beforeAll(async () => {
  buyer = await registerVerified("BUYER");
  supplier = await registerVerified("SUPPLIER");
  [gmp, license] = await certificationIdsOf("iso-22716", "cosmetics-manufacturing");
  [filling] = await processIdsOf("filling");
  await setSupplierCapabilities(supplier.companyId, {
    quantityUnit: "個",
    moqMin: 1000,
    smallLotAccepted: true,
    smallLotMin: 300,
    monthlyCapacity: 10_000,
    processIds: [filling],
    sampleAvailable: true,
    sampleDays: 14,
    verifiedCertificationIds: [gmp],
  });
  await setSupplierPlaces(supplier.companyId, {
    categoryIds: [1],
    prefectureId: 13,
    factoryPrefectureIds: [14],
  });
  await openRecruits([
    {
      title: "ぴったりの化粧水",
      prefectureIds: [13],
      lotQuantity: 2000,
      monthlyQuantity: 5000,
      quantityUnit: "個",
      requiredCertificationIds: [gmp],
      processIds: [filling],
      sampleWanted: true,
    },
    { title: "許可も必要な美容液", requiredCertificationIds: [gmp, license] },
    { title: "100個の試作", lotQuantity: 100, quantityUnit: "個" },
    { title: "500個の小ロット", lotQuantity: 500, quantityUnit: "個" },
    { title: "月5万個の量産", monthlyQuantity: 50_000, quantityUnit: "個" },
    { title: "kg単位の原料", lotQuantity: 10, quantityUnit: "kg" },
    { title: "別カテゴリの雑貨", categoryId: 2 },
  ]);
});

const titles = (r: { items: Array<{ title: string }> }) => r.items.map((i) => i.title);
const byTitle = (r: { items: Array<{ title: string; fit: any }> }, title: string) =>
  r.items.find((i) => i.title === title)!.fit;

describe("the public recruits by fit", () => {
  it("scores every row, newest first by default", async () => {
    const res = await recruits("");
    expect(titles(res)).toEqual([
      "別カテゴリの雑貨",
      "kg単位の原料",
      "月5万個の量産",
      "500個の小ロット",
      "100個の試作",
      "許可も必要な美容液",
      "ぴったりの化粧水",
    ]);
    expect(byTitle(res, "ぴったりの化粧水")).toMatchObject({ score: 100, fits: true });
    expect(byTitle(res, "100個の試作")).toMatchObject({ fits: false });
  });

  it("orders by score, best first, then newest (sort=fit)", async () => {
    const res = await recruits("sort=fit");
    expect(res.items.map((i) => [i.title, i.fit.score])).toEqual([
      ["500個の小ロット", 100],
      ["ぴったりの化粧水", 100], // six conditions stated, six met
      ["kg単位の原料", 50], // its one condition unknown (another unit): half
      ["許可も必要な美容液", 50], // one of two certifications
      ["月5万個の量産", 0],
      ["100個の試作", 0],
      ["別カテゴリの雑貨", 0], // outside the category: last, below every in-category recruit (issue 33)
    ]);
    expect(byTitle(res, "ぴったりの化粧水")).toMatchObject({ met: 6, stated: 6, inCategory: true });
    expect(res.total).toBe(7);
  });

  it("keeps only the recruits it fits (fit=only), in either order", async () => {
    const only = await recruits("fit=only");
    expect(titles(only)).toEqual(["kg単位の原料", "500個の小ロット", "ぴったりの化粧水"]);
    expect(only.total).toBe(3);
    expect(only.items.every((i) => i.fit.fits)).toBe(true);
    const best = await recruits("sort=fit&fit=only&perPage=1&page=2");
    expect(best.total).toBe(3);
    expect(best.items).toHaveLength(1);
  });

  it("gives the misses and the hard rules met as the reasons, the unknown and soft pluses left out", async () => {
    const res = await recruits("");
    expect(byTitle(res, "許可も必要な美容液").reasons).toEqual([
      { met: true, hard: true, text: "ISO 22716（化粧品GMP） 認証確認済み" },
      { met: false, hard: true, text: "必要な許可: 化粧品製造業許可 確認済みの登録なし" },
    ]);
    expect(byTitle(res, "500個の小ロット").reasons).toEqual([
      { met: true, hard: true, text: "小ロット対応 300個から（ご希望 500個）" },
    ]);
    expect(byTitle(res, "月5万個の量産").reasons).toEqual([
      { met: false, hard: true, text: "月産 10,000個 < ご希望 月50,000個" },
    ]);
    expect(byTitle(res, "kg単位の原料")).toMatchObject({ fits: true, reasons: [] });
    expect(byTitle(res, "別カテゴリの雑貨").reasons).toEqual([
      { met: false, hard: true, text: expect.stringMatching(/^カテゴリ「.+」の登録なし（カテゴリ外）$/) },
    ]);
  });

  it("puts a recruit outside the supplier's categories last, never among those it fits (issue 33)", async () => {
    const byFit = await recruits("sort=fit");
    expect(byFit.items.at(-1)!.title).toBe("別カテゴリの雑貨");
    expect(byTitle(byFit, "別カテゴリの雑貨")).toMatchObject({ fits: false, inCategory: false, score: 0 });
    const only = await recruits("fit=only");
    expect(titles(only)).not.toContain("別カテゴリの雑貨");
  });

  it("gives nominations no fit and refuses unknown orders and filters", async () => {
    await insertNominations(buyer, supplier.companyId, 1);
    const res = await api("GET", `/api/oem/company/${supplier.companyId}/contacts?contactType=NOMINATION`, {
      token: supplier.token,
    });
    expect(res.body.items[0].fit).toBeNull();
    const bad = await api("GET", `/api/oem/company/${supplier.companyId}/contacts?sort=best&fit=all`, {
      token: supplier.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({
      sort: "並び順の指定が正しくありません",
      fit: "絞り込みの指定が正しくありません",
    });
  });
});

describe("the SQL fit equals fitOf (property)", () => {
  it("scores, orders and filters every recruit as fitOf does, on random capabilities and requirements", async () => {
    const names: FitNames = await loadFitNames(db());
    const certs = (await listCertificationTypes(db())).slice(0, 6).map((c) => c.id);
    const procs = (await listProcesses(db())).slice(0, 7).map((p) => p.id);
    const mats = (await listMaterials(db())).slice(0, 6).map((m) => m.id);
    const probe = await registerVerified("SUPPLIER");
    const unit = fc.constantFrom(null, "個", "kg");
    const amount = fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null });
    const flag = fc.constantFrom(null, true, false);
    const ids = (pool: number[]) => fc.uniqueArray(fc.constantFrom(...pool), { maxLength: pool.length });
    const prefs = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 });
    type Capabilities = CapabilityValues & SupplierCapabilities;
    const capabilities: fc.Arbitrary<Capabilities> = fc.record({
      categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
      prefectureIds: prefs,
      quantityUnit: unit,
      moqMin: amount,
      monthlyCapacity: amount,
      smallLotAccepted: flag,
      smallLotMin: amount,
      sampleAvailable: flag,
      sampleDays: fc.option(fc.integer({ min: 1, max: 365 }), { nil: null }),
      processIds: ids(procs),
      materialIds: ids(mats),
      verifiedCertificationIds: ids(certs),
    });
    const needs: fc.Arbitrary<Needs> = fc.record({
      categoryId: fc.integer({ min: 1, max: 4 }),
      prefectureIds: prefs,
      lotQuantity: amount,
      monthlyQuantity: amount,
      quantityUnit: unit,
      requiredCertificationIds: ids(certs),
      processIds: ids(procs),
      materialIds: ids(mats),
      sampleWanted: fc.boolean(),
    });
    // Many conditions of every kind at once: 1 + ½ + ½ + 0 + 2 + 0 + 0 = 4 points of 11 stated
    // conditions, 100 × 4 / 11 = 36.36… (36); the SQL must divide the same way.
    const boundary: Needs = {
      categoryId: 1,
      prefectureIds: [1],
      lotQuantity: 100,
      monthlyQuantity: 100,
      quantityUnit: "個",
      requiredCertificationIds: certs.slice(0, 3),
      processIds: procs.slice(0, 1),
      materialIds: mats.slice(0, 3),
      sampleWanted: true,
    };
    const boundaryCaps: Capabilities = {
      categoryIds: [1],
      prefectureIds: [5],
      quantityUnit: null,
      moqMin: null,
      monthlyCapacity: null,
      smallLotAccepted: null,
      smallLotMin: null,
      sampleAvailable: false,
      sampleDays: null,
      processIds: [],
      materialIds: mats.slice(0, 2),
      verifiedCertificationIds: certs.slice(0, 1),
    };
    expect(fitOf(boundary, boundaryCaps, names)).toMatchObject({ score: 36, met: 3, stated: 11 });
    const today = todayInJapan();
    await fc.assert(
      fc.asyncProperty(capabilities, fc.array(needs, { minLength: 1, maxLength: 8 }), async (caps, list) => {
        // Only this run's recruits are open.
        await db()
          .update(inquiries)
          .set({ status: "CLOSED" })
          .where(eq(inquiries.buyerCompanyId, buyer.companyId));
        const batch = await openRecruits(list.map((n, i) => ({ ...n, title: `性質 ${i}` })));
        const page = { today, limit: 100, offset: 0, countCap: 1000, capabilities: caps };
        const byFit = await listPublicRecruits(db(), { ...page, sort: "fit" });
        expect(byFit.rows.map((r) => r.id).sort()).toEqual([...batch].sort());
        const expected = new Map<string, ReturnType<typeof fitOf>>();
        for (const r of byFit.rows) {
          const need = list[batch.indexOf(r.id)]!;
          const fit = fitOf(need, caps, names);
          expected.set(r.id, fit);
          expect({ id: r.id, score: r.fitScore }).toEqual({ id: r.id, score: fit.score });
        }
        // The category first (issue 33), then best first, then newest.
        const order = [...byFit.rows].sort(
          (a, b) =>
            compareFits(expected.get(a.id)!, expected.get(b.id)!) ||
            b.publishedAt!.getTime() - a.publishedAt!.getTime(),
        );
        expect(byFit.rows.map((r) => r.id)).toEqual(order.map((r) => r.id));
        // No recruit outside the supplier's categories ranks at or above one inside them.
        const firstOutside = byFit.rows.findIndex((r) => !expected.get(r.id)!.inCategory);
        if (firstOutside >= 0)
          expect(byFit.rows.slice(firstOutside).every((r) => !expected.get(r.id)!.inCategory)).toBe(true);

        const only = await listPublicRecruits(db(), { ...page, fitOnly: true });
        const fitting = batch.filter((id) => expected.get(id)!.fits);
        expect(only.rows.map((r) => r.id).sort()).toEqual(fitting.sort());
        expect(only.total).toBe(fitting.length);

        // The digest reads the same rules from the supplier's profile columns.
        await setSupplierCapabilities(probe.companyId, {
          quantityUnit: caps.quantityUnit,
          moqMin: caps.moqMin,
          monthlyCapacity: caps.monthlyCapacity,
          smallLotAccepted: caps.smallLotAccepted,
          smallLotMin: caps.smallLotMin,
          verifiedCertificationIds: [...caps.verifiedCertificationIds],
        });
        await setSupplierPlaces(probe.companyId, {
          categoryIds: [1, 2, 3, 4],
          prefectureId: null,
          factoryPrefectureIds: [],
        });
        const digest = (await suppliersOfInquiries(db(), batch)).filter(
          (d) => d.companyId === probe.companyId,
        );
        expect(digest).toHaveLength(batch.length);
        // The probe lists every category: the digest's hard rules are fitOf's inside the gate.
        const everyCategory = { ...caps, categoryIds: [1, 2, 3, 4] };
        for (const d of digest)
          expect({ id: d.inquiryId, fits: d.fits }).toEqual({
            id: d.inquiryId,
            fits: fitOf(list[batch.indexOf(d.inquiryId)]!, everyCategory, names).fits,
          });
      }),
      { numRuns: 40, seed: 20_261_126, examples: [[boundaryCaps, [boundary]]] },
    );
  });
});
