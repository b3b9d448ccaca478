import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { capabilitiesOf, fitCandidates } from "@/modules/companies/supplier-fit.service";
import { fitOf, type InquiryNeeds } from "@/modules/matching/fit.service";
import { loadFitNames } from "@/modules/matching/fit-names.service";
import { suggestionInput } from "@/modules/matching/suggestion.schema";
import { suggestSuppliers } from "@/modules/matching/suggestion.service";
import { db } from "@/server/db/client";
import { newQueryStats, withQueryStats } from "@/server/db/query-stats";
import { companies } from "@/server/db/schema";
import { type Account, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";
import { type CapabilityIds, capabilityIds, setCapabilities, supplierWith } from "../factories/requirements";

// POST /api/contact/suggestions (issue 20): the public suppliers that fit a bulk inquiry's
// requirements, best first, at most 20, each with the reasons; the hard rules in SQL agree with
// fitOf on random data.

let ids: CapabilityIds;
let licence: number;
let gmp: number;
let filling: number;
let cosmetics: number;
const s: Record<string, Account> = {};

const suggest = (body: Record<string, unknown>) => api("POST", "/api/contact/suggestions", { body });

const needs = (over: Record<string, unknown> = {}) => ({
  categoryId: cosmetics,
  prefectureIds: [27],
  lotQuantity: 3000,
  monthlyQuantity: 10000,
  quantityUnit: "個",
  requiredCertificationIds: [licence],
  processIds: [filling],
  sampleWanted: true,
  ...over,
});

beforeAll(async () => {
  ids = await capabilityIds();
  licence = ids.certification("cosmetics-manufacturing");
  gmp = ids.certification("iso-22716");
  filling = ids.process("filling");
  cosmetics = ids.category("cosmetics");
  const good = {
    quantityUnit: "個",
    moqMin: 1000,
    monthlyCapacity: 50000,
    sampleAvailable: true,
    sampleDays: 14,
    processIds: [filling, ids.process("emulsifying")],
    verifiedCertificationIds: [gmp, licence],
  };
  const cat = [cosmetics];
  s.best = await supplierWith("大阪充填化粧品株式会社", {
    categoryIds: cat,
    prefectureId: 27,
    capabilities: good,
  });
  s.hidden = await supplierWith("非公開化粧品株式会社", {
    categoryIds: cat,
    prefectureId: 27,
    hidden: true,
    capabilities: { ...good, sampleAvailable: false, sampleDays: null },
  });
  s.smallLot = await supplierWith("小ロット化粧品株式会社", {
    categoryIds: cat,
    capabilities: { ...good, moqMin: 5000, smallLotAccepted: true, smallLotMin: 500, monthlyCapacity: 20000 },
  });
  s.otherCategory = await supplierWith("健康食品の充填株式会社", {
    categoryIds: [ids.category("health-food")],
    prefectureId: 27,
    capabilities: { ...good, moqMin: 100, verifiedCertificationIds: [licence] },
  });
  s.otherUnit = await supplierWith("キロ単位化粧品株式会社", {
    categoryIds: cat,
    factoryPrefectureIds: [27],
    capabilities: {
      quantityUnit: "kg",
      moqMin: 10,
      monthlyCapacity: 100,
      verifiedCertificationIds: [licence],
    },
  });
  // None of these fit: a lot below the MOQ, too little capacity, the licence not verified.
  s.moqTooHigh = await supplierWith("大ロット専門化粧品株式会社", {
    categoryIds: cat,
    prefectureId: 27,
    capabilities: { ...good, moqMin: 5000 },
  });
  s.smallCapacity = await supplierWith("少量生産化粧品株式会社", {
    categoryIds: cat,
    prefectureId: 27,
    capabilities: { ...good, monthlyCapacity: 5000 },
  });
  s.unverified = await supplierWith("許可確認待ち化粧品株式会社", {
    categoryIds: cat,
    prefectureId: 27,
    capabilities: { ...good, verifiedCertificationIds: [gmp] },
  });
  // Fitting but not public: no member has verified an email; a deactivated company.
  s.notPublic = await registerAccount("SUPPLIER", { companyName: "未確認化粧品株式会社", prefectureId: 27 });
  await setCapabilities(s.notPublic.companyId, good);
  s.deactivated = await supplierWith("退会済み化粧品株式会社", {
    categoryIds: cat,
    prefectureId: 27,
    capabilities: good,
  });
  await db()
    .update(companies)
    .set({ status: "DEACTIVATED" })
    .where(eq(companies.id, s.deactivated.companyId));
});

describe("POST /api/contact/suggestions", () => {
  it("lists only the public suppliers that fit, best first, with their scores and reasons", async () => {
    const res = await suggest(needs());
    expect(res.status).toBe(200);
    const items = res.body.items as any[];
    expect(items.map((i) => i.id)).toEqual([
      s.best!.companyId,
      s.hidden!.companyId,
      s.smallLot!.companyId,
      s.otherUnit!.companyId,
    ]);
    // Six conditions stated; an unknown one counts half (the category is the gate, not a condition).
    expect(items.map((i) => [i.score, i.met, i.stated])).toEqual([
      [100, 6, 6],
      [83, 5, 6],
      [83, 5, 6],
      [58, 2, 6], // two met, three unknown: 3.5 of 6
    ]);
    const [best, hidden, smallLot, otherUnit] = items;
    expect(best).toMatchObject({
      name: "大阪充填化粧品株式会社",
      namePublished: true,
      prefectureName: "大阪府",
      verifiedCertifications: [
        { id: gmp, name: "ISO 22716（化粧品GMP）" },
        { id: licence, name: "化粧品製造業許可" },
      ],
    });
    expect(best.reasons).toEqual([
      { met: true, hard: false, text: "化粧品製造業許可 認証確認済み" },
      { met: true, hard: false, text: "MOQ 1,000個 ≤ ご希望 3,000個" },
      { met: true, hard: false, text: "月産 50,000個 ≥ ご希望 月10,000個" },
      { met: true, hard: false, text: "加工: 充填 に対応" },
      { met: true, hard: false, text: "希望地域に拠点: 大阪府" },
      { met: true, hard: false, text: "サンプル製作に対応（目安14日）" },
    ]);
    // The hidden-name rule of the search cards: no name, no logo.
    expect(hidden).toMatchObject({ name: "企業名非公開", namePublished: false, logoUrl: null });
    expect(JSON.stringify(hidden)).not.toContain("非公開化粧品株式会社");
    expect(hidden.reasons).toContainEqual({ met: false, hard: false, text: "サンプル製作: 非対応" });
    expect(smallLot.reasons).toContainEqual({
      met: true,
      hard: false,
      text: "小ロット対応 500個から（ご希望 3,000個）",
    });
    expect(smallLot.reasons).toContainEqual({
      met: false,
      hard: false,
      text: "希望地域（大阪府）に拠点なし",
    });
    // A factory in the region counts; figures in another unit are unknown, never a miss.
    expect(otherUnit.reasons.filter((r: any) => r.met === null).map((r: any) => r.text)).toEqual([
      "MOQ: 単位が異なるため比較できません（10kg）",
      "月産能力: 単位が異なるため比較できません（100kg）",
      "サンプル製作: 未登録",
    ]);
    expect(otherUnit.reasons).toContainEqual({ met: true, hard: false, text: "希望地域に拠点: 大阪府" });
    for (const item of items) expect(item.reasons.some((r: any) => r.hard && r.met === false)).toBe(false);
  });

  it("answers an empty list when nothing fits, and everyone that meets the category alone without requirements", async () => {
    const none = await suggest(
      needs({ requiredCertificationIds: [ids.certification("liquor-manufacturing")] }),
    );
    expect(none.status).toBe(200);
    expect(none.body.items).toEqual([]);
    const plain = await suggest({ categoryId: cosmetics });
    expect(plain.status).toBe(200);
    const found = (plain.body.items as any[]).map((i) => i.id);
    for (const key of [
      "best",
      "hidden",
      "smallLot",
      "moqTooHigh",
      "smallCapacity",
      "unverified",
      "otherUnit",
    ])
      expect(found).toContain(s[key]!.companyId);
    expect(found).not.toContain(s.notPublic!.companyId);
    expect(found).not.toContain(s.deactivated!.companyId);
  });

  it("never suggests a supplier without the inquiry's category, even one meeting every condition (issue 33)", async () => {
    for (const body of [needs(), { categoryId: cosmetics }]) {
      const res = await suggest(body);
      expect(res.status).toBe(200);
      const found = (res.body.items as any[]).map((i) => i.id);
      expect(found).not.toContain(s.otherCategory!.companyId);
      expect(found.length).toBeGreaterThan(0);
    }
  });

  it("refuses bad requirements with the inquiry form's field errors (422)", async () => {
    const fieldsOf = async (body: Record<string, unknown>) => {
      const res = await suggest(body);
      expect(res.status).toBe(422);
      return res.body.error.fields as Record<string, string>;
    };
    expect(await fieldsOf(needs({ quantityUnit: null }))).toEqual({
      quantityUnit: "数量の単位を選択してください",
    });
    expect((await fieldsOf(needs({ quantityUnit: "トン" }))).quantityUnit).toBe(
      "数量の単位を選択してください",
    );
    expect((await fieldsOf(needs({ lotQuantity: 0 }))).lotQuantity).toBe(
      "ロット数量は1以上で入力してください",
    );
    expect((await fieldsOf(needs({ monthlyQuantity: 1.5 }))).monthlyQuantity).toBe(
      "月間数量は整数で入力してください",
    );
    const many = Array.from({ length: 21 }, (_, i) => i + 1);
    expect((await fieldsOf(needs({ processIds: many }))).processIds).toBe("加工は20件まで選べます");
    expect(
      await fieldsOf(needs({ categoryId: 99_999, processIds: [99_999], materialIds: [99_998] })),
    ).toEqual({
      categoryId: "カテゴリを選択してください",
      processIds: "加工の中に、選択できないものが含まれています。選び直してください",
      materialIds: "素材の中に、選択できないものが含まれています。選び直してください",
    });
    expect(await fieldsOf(needs({ requiredCertificationIds: [99_999] }))).toEqual({
      requiredCertificationIds:
        "必要な認証・許可の中に、選択できないものが含まれています。選び直してください",
    });
    expect((await fieldsOf({})).categoryId).toBe("カテゴリを選択してください");
  });

  it("suggests at most 20 suppliers, by descending score", async () => {
    const haccp = ids.certification("haccp");
    const food = ids.category("food");
    await Promise.all(
      Array.from({ length: 33 }, (_, i) =>
        supplierWith(`食品加工${i + 1}株式会社`, {
          categoryIds: i % 3 === 0 ? [] : [food],
          prefectureId: i % 2 ? 13 : 27,
          capabilities: { verifiedCertificationIds: [haccp], sampleAvailable: i % 4 === 0 },
        }),
      ),
    );
    const res = await suggest({
      categoryId: food,
      prefectureIds: [27],
      requiredCertificationIds: [haccp],
      sampleWanted: true,
    });
    expect(res.status).toBe(200);
    const scores = (res.body.items as any[]).map((i) => i.score);
    expect(scores).toHaveLength(20); // of the 22 of the category; the 11 outside it never
    expect(
      (res.body.items as any[]).every(
        (i) => !/^食品加工(\d+)株式会社$/.test(i.name) || Number(i.name.match(/\d+/)[0]) % 3 !== 1,
      ),
    ).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores[0]).toBe(100);
  });
});

describe("the candidates' statement", () => {
  it("reads every candidate with its categories and sites in one statement (the master lists are cached)", async () => {
    const input = suggestionInput.parse(needs());
    await suggestSuppliers(db(), input, fitCandidates);
    const stats = newQueryStats("sql");
    const { items } = await withQueryStats(stats, () => suggestSuppliers(db(), input, fitCandidates));
    expect(items.length).toBeGreaterThan(3);
    expect(stats.count, stats.statements?.join("\n")).toBe(1);
  });
});

describe("the candidates' hard rules in SQL", () => {
  it("select exactly the suppliers fitOf says fit, on random capabilities and needs", async () => {
    const certs = [ids.certification("iso-9001"), ids.certification("iso-14001"), ids.certification("jis")];
    const machinery = ids.category("machine-parts");
    const pool = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        supplierWith(`ランダム工業${i + 1}株式会社`, { categoryIds: [machinery] }),
      ),
    );
    const poolIds = new Set(pool.map((a) => a.companyId));
    const names = await loadFitNames(db());
    const small = (max: number) => fc.option(fc.integer({ min: 1, max }), { nil: null });
    const capability = fc.record({
      quantityUnit: fc.constantFrom("個", "kg", null),
      moqMin: small(6),
      monthlyCapacity: small(12),
      smallLotAccepted: fc.constantFrom(true, false, null),
      smallLotMin: small(6),
      verifiedCertificationIds: fc.subarray(certs),
    });
    const need = fc.record({
      lotQuantity: small(7),
      monthlyQuantity: small(13),
      quantityUnit: fc.constantFrom("個", "kg"),
      requiredCertificationIds: fc.subarray(certs, { maxLength: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(capability, { minLength: 16, maxLength: 16 }), need, async (caps, n) => {
        await Promise.all(pool.map((a, i) => setCapabilities(a.companyId, caps[i]!)));
        const needs: InquiryNeeds = {
          categoryId: machinery,
          prefectureIds: [],
          processIds: [],
          materialIds: [],
          sampleWanted: false,
          ...n,
        };
        const selected = (await fitCandidates(db(), needs, 1000)).filter((c) => poolIds.has(c.id));
        const expected = [];
        for (const a of pool) {
          const fit = fitOf(needs, (await capabilitiesOf(db(), a.companyId))!, names);
          if (fit.fits) expected.push(a.companyId);
        }
        expect(selected.map((c) => c.id).sort()).toEqual(expected.sort());
      }),
      { numRuns: 40, seed: 20_261_126 },
    );
  });
});
