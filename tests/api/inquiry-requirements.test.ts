import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approveBulkInquiry } from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { inquiries } from "@/server/db/schema";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api, idem } from "../factories/http";
import { createInquiry, inquiryBody } from "../factories/inquiries";
import { type CapabilityIds, capabilityIds, supplierWith } from "../factories/requirements";

// The structured requirements of an inquiry (issue 20): validated by dry-run exactly as by create,
// stored, and shown with their names to the buyer, the operator and the supplier, the supplier
// with how its own registered capabilities fit them.

let ids: CapabilityIds;
let buyer: Account;
let fitting: Account;
let lacking: Account;
let owner: { id: string; token: string };
let licence: number;
let gmp: number;
let filling: number;
let emulsifying: number;
let glass: number;

const requirements = (over: Record<string, unknown> = {}) => ({
  lotQuantity: 3000,
  monthlyQuantity: 10000,
  quantityUnit: "個",
  requiredCertificationIds: [licence, gmp],
  processIds: [filling, emulsifying],
  materialIds: [glass],
  sampleWanted: true,
  ...over,
});

beforeAll(async () => {
  ids = await capabilityIds();
  licence = ids.certification("cosmetics-manufacturing");
  gmp = ids.certification("iso-22716");
  filling = ids.process("filling");
  emulsifying = ids.process("emulsifying");
  glass = ids.material("glass");
  buyer = await registerVerified("BUYER", { companyName: "株式会社ボタニカル商事" });
  fitting = await supplierWith("関西コスメ充填株式会社", {
    categoryIds: [ids.category("cosmetics")],
    prefectureId: 27,
    factoryPrefectureIds: [13],
    capabilities: {
      quantityUnit: "個",
      moqMin: 1000,
      monthlyCapacity: 50000,
      sampleAvailable: true,
      sampleDays: 10,
      processIds: [filling],
      materialIds: [glass],
      verifiedCertificationIds: [gmp, licence],
    },
  });
  await makePaid(fitting.companyId);
  lacking = await supplierWith("大ロット化粧品工業株式会社", {
    categoryIds: [ids.category("cosmetics")],
    capabilities: { quantityUnit: "個", moqMin: 5000, verifiedCertificationIds: [gmp] },
  });
  owner = await createOwner();
});

const dryRun = (body: unknown, token?: string) => api("POST", "/api/contact/dry-run/create", { token, body });
const create = (body: unknown) =>
  api("POST", "/api/contact/create", { token: buyer.token, headers: idem(), body });

describe("validating the requirements", () => {
  it("dry-run (signed in or not) and create refuse the same bad requirements with the same field errors", async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ lotQuantity: 3000, quantityUnit: null }, { quantityUnit: "数量の単位を選択してください" }],
      [{ monthlyQuantity: 500 }, { quantityUnit: "数量の単位を選択してください" }],
      [{ lotQuantity: 3000, quantityUnit: "トン" }, { quantityUnit: "数量の単位を選択してください" }],
      [{ lotQuantity: 0, quantityUnit: "個" }, { lotQuantity: "ロット数量は1以上で入力してください" }],
      [
        { monthlyQuantity: 1_000_000_001, quantityUnit: "個" },
        { monthlyQuantity: "月間数量は10億以下で入力してください" },
      ],
      [{ processIds: Array.from({ length: 21 }, (_, i) => i + 1) }, { processIds: "加工は20件まで選べます" }],
      [{ materialIds: ["ガラス"] }, { "materialIds.0": "素材の指定が正しくありません" }],
      [{ sampleWanted: "はい" }, { sampleWanted: "サンプル希望は「はい」か「いいえ」で指定してください" }],
    ];
    for (const [over, fields] of cases) {
      const body = inquiryBody(over);
      const signedOut = await dryRun(body);
      const signedIn = await dryRun(body, buyer.token);
      const sent = await create(body);
      expect(signedOut.status, JSON.stringify(over)).toBe(422);
      expect(signedOut.body.error.fields).toEqual(fields);
      expect(signedIn.body).toEqual(signedOut.body);
      expect(sent.body).toEqual(signedOut.body);
    }
  });

  it("refuses ids the master lists do not hold, beside the other checks of the content", async () => {
    const body = inquiryBody({
      categoryId: 99_999,
      requiredCertificationIds: [licence, 99_999],
      processIds: [99_998],
      materialIds: [glass],
    });
    const dry = await dryRun(body);
    const sent = await create(body);
    expect(dry.status).toBe(422);
    expect(dry.body.error.fields).toEqual({
      categoryId: "カテゴリを選択してください",
      requiredCertificationIds:
        "必要な認証・許可の中に、選択できないものが含まれています。選び直してください",
      processIds: "加工の中に、選択できないものが含まれています。選び直してください",
    });
    expect(sent.body).toEqual(dry.body);
  });

  it("accepts valid requirements in dry-run and stores nothing", async () => {
    const [before] = await db().select({ n: count() }).from(inquiries);
    expect((await dryRun(inquiryBody(requirements()))).status).toBe(200);
    expect((await dryRun(inquiryBody(requirements()), buyer.token)).status).toBe(200);
    const [after] = await db().select({ n: count() }).from(inquiries);
    expect(after!.n).toBe(before!.n);
  });
});

describe("stored and shown", () => {
  it("stores the requirements (each id once) and shows them with their names to the buyer", async () => {
    const id = await createInquiry(
      buyer,
      requirements({ processIds: [filling, emulsifying, filling], monthlyQuantity: null }),
    );
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({
      lotQuantity: 3000,
      monthlyQuantity: null,
      quantityUnit: "個",
      requiredCertificationIds: [licence, gmp],
      processIds: [filling, emulsifying],
      materialIds: [glass],
      sampleWanted: true,
    });
    const detail = await api("GET", `/api/buyer/company/${buyer.companyId}/contact/${id}`, {
      token: buyer.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.requirements).toEqual({
      lotQuantity: 3000,
      monthlyQuantity: null,
      quantityUnit: "個",
      requiredCertifications: [
        { id: licence, name: "化粧品製造業許可", kind: "LICENSE" },
        { id: gmp, name: "ISO 22716（化粧品GMP）", kind: "CERTIFICATION" },
      ],
      processes: [
        { id: filling, name: "充填" },
        { id: emulsifying, name: "乳化" },
      ],
      materials: [{ id: glass, name: "ガラス" }],
      sampleWanted: true,
    });
  });

  it("an inquiry without requirements stores none (and no unit without a quantity)", async () => {
    const id = await createInquiry(buyer, { quantityUnit: "kg" });
    const detail = await api("GET", `/api/buyer/company/${buyer.companyId}/contact/${id}`, {
      token: buyer.token,
    });
    expect(detail.body.requirements).toEqual({
      lotQuantity: null,
      monthlyQuantity: null,
      quantityUnit: null,
      requiredCertifications: [],
      processes: [],
      materials: [],
      sampleWanted: false,
    });
  });

  it("shows the nominated supplier the requirements and why its capabilities fit", async () => {
    const id = await createInquiry(
      buyer,
      requirements({ type: "NOMINATION", nominatedCompanyId: fitting.companyId, prefectureIds: [27] }),
    );
    const res = await api("GET", `/api/oem/company/${fitting.companyId}/contact/${id}`, {
      token: fitting.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.requirements.processes.map((p: any) => p.name)).toEqual(["充填", "乳化"]);
    expect(res.body.fit).toEqual({
      score: Math.round((100 * 8) / 9), // eight of the nine stated conditions met
      fits: true,
      inCategory: true,
      met: 8,
      stated: 9,
      reasons: [
        { met: true, hard: false, text: "化粧品製造業許可 認証確認済み" },
        { met: true, hard: false, text: "ISO 22716（化粧品GMP） 認証確認済み" },
        { met: true, hard: false, text: "MOQ 1,000個 ≤ ご希望 3,000個" },
        { met: true, hard: false, text: "月産 50,000個 ≥ ご希望 月10,000個" },
        { met: true, hard: false, text: "加工: 充填 に対応" },
        { met: false, hard: false, text: "加工: 乳化 の登録なし" },
        { met: true, hard: false, text: "素材: ガラス に対応" },
        { met: true, hard: false, text: "希望地域に拠点: 大阪府" },
        { met: true, hard: false, text: "サンプル製作に対応（目安10日）" },
      ],
    });
  });

  it("shows a supplier reading a public recruit where it falls short, and the operator the requirements", async () => {
    const id = await createInquiry(buyer, requirements());
    await approveBulkInquiry(db(), owner.id, id);
    const res = await api("GET", `/api/oem/company/${lacking.companyId}/contact/${id}`, {
      token: lacking.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.fit.fits).toBe(false);
    expect(
      res.body.fit.reasons.filter((r: any) => r.hard && r.met === false).map((r: any) => r.text),
    ).toEqual(["必要な許可: 化粧品製造業許可 確認済みの登録なし", "MOQ 5,000個 > ご希望 3,000個"]);
    expect(res.body.fit.reasons).toContainEqual({ met: null, hard: false, text: "月産能力: 未登録" });
    // Another supplier's view is its own: the fitting one reads a fit.
    const other = await api("GET", `/api/oem/company/${fitting.companyId}/contact/${id}`, {
      token: fitting.token,
    });
    expect(other.body.fit.fits).toBe(true);

    const console = await api("GET", `/api/owner/contact/bulk/${id}`, { token: owner.token });
    expect(console.status).toBe(200);
    expect(console.body.requirements).toMatchObject({
      lotQuantity: 3000,
      monthlyQuantity: 10000,
      quantityUnit: "個",
      sampleWanted: true,
      materials: [{ id: glass, name: "ガラス" }],
    });
    expect(console.body.requirements.requiredCertifications.map((c: any) => c.name)).toEqual([
      "化粧品製造業許可",
      "ISO 22716（化粧品GMP）",
    ]);
  });
});
