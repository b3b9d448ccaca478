import { beforeAll, describe, expect, it } from "vitest";
import { type Account, registerVerified } from "../factories/accounts";
import { certificationIdsOf, processIdsOf, setSupplierCapabilities } from "../factories/capabilities";
import { oemInfo } from "../factories/documents";
import { api } from "../factories/http";

// The capability filters of the public search (issue 20): verified certifications (all of them),
// MOQ at most, monthly capacity at least, processes (all of them), and a unit that limits the two
// comparisons to figures in that unit; the cards carry the badges and the figures.

const KEYWORD = "能力検索試験";
let full: Account; // 個: MOQ 500, 月産 100,000; 充填・ラベル貼付; ISO 22716 + 化粧品製造業許可
let large: Account; // 個: MOQ 5,000, 月産 20,000; 充填; ISO 22716
let bulk: Account; // kg: MOQ 100, 月産 5,000; 調合・混合; nothing verified
let bare: Account; // nothing registered
let gmp: number;
let license: number;
let haccp: number;
let filling: number;
let labeling: number;
let mixing: number;

async function supplier(name: string): Promise<Account> {
  const a = await registerVerified("SUPPLIER", { companyName: name });
  const res = await api("PUT", `/api/oem/company/${a.companyId}/information/update`, {
    token: a.token,
    body: oemInfo({ catchphrase: `${KEYWORD}の${name}`, categoryIds: [1] }),
  });
  expect(res.status).toBe(200);
  return a;
}

beforeAll(async () => {
  [gmp, license, haccp] = await certificationIdsOf("iso-22716", "cosmetics-manufacturing", "haccp");
  [filling, labeling, mixing] = await processIdsOf("filling", "labeling", "mixing");
  full = await supplier("能力充実化粧品株式会社");
  large = await supplier("大ロット化粧品株式会社");
  bulk = await supplier("原料調合株式会社");
  bare = await supplier("未登録工業株式会社");
  await setSupplierCapabilities(full.companyId, {
    quantityUnit: "個",
    moqMin: 500,
    monthlyCapacity: 100_000,
    processIds: [filling, labeling],
    verifiedCertificationIds: [gmp, license],
  });
  await setSupplierCapabilities(large.companyId, {
    quantityUnit: "個",
    moqMin: 5000,
    monthlyCapacity: 20_000,
    processIds: [filling],
    verifiedCertificationIds: [gmp],
  });
  await setSupplierCapabilities(bulk.companyId, {
    quantityUnit: "kg",
    moqMin: 100,
    monthlyCapacity: 5000,
    processIds: [mixing],
  });
});

async function search(filters: Record<string, unknown>) {
  const res = await api("POST", "/api/oem/search", { body: { keyword: KEYWORD, ...filters } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Array<Record<string, any>>; total: number };
}
const found = async (filters: Record<string, unknown>) =>
  (await search(filters)).items.map((i) => i.id as string).sort();
const sorted = (...as: Account[]) => as.map((a) => a.companyId).sort();

describe("capability filters of the supplier search", () => {
  it("keeps every supplier without capability filters", async () => {
    expect(await found({})).toEqual(sorted(full, large, bulk, bare));
  });

  it("keeps suppliers holding every chosen certification verified", async () => {
    expect(await found({ certificationIds: [gmp] })).toEqual(sorted(full, large));
    expect(await found({ certificationIds: [gmp, license] })).toEqual(sorted(full));
    expect(await found({ certificationIds: [haccp] })).toEqual([]);
  });

  it("bounds the MOQ from above and the capacity from below; unregistered figures never match", async () => {
    expect(await found({ moqMax: 1000 })).toEqual(sorted(full, bulk));
    expect(await found({ moqMax: 5000 })).toEqual(sorted(full, large, bulk));
    expect(await found({ capacityMin: 50_000 })).toEqual(sorted(full));
    expect(await found({ capacityMin: 5000, moqMax: 5000 })).toEqual(sorted(full, large, bulk));
  });

  it("compares in the chosen unit only", async () => {
    expect(await found({ moqMax: 1000, quantityUnit: "個" })).toEqual(sorted(full));
    expect(await found({ capacityMin: 1000, quantityUnit: "kg" })).toEqual(sorted(bulk));
    // A unit alone bounds nothing.
    expect(await found({ quantityUnit: "kg" })).toEqual(sorted(full, large, bulk, bare));
  });

  it("keeps suppliers offering every chosen process", async () => {
    expect(await found({ processIds: [filling] })).toEqual(sorted(full, large));
    expect(await found({ processIds: [filling, labeling] })).toEqual(sorted(full));
  });

  it("combines with the keyword and the other filters, the total included", async () => {
    const res = await search({ certificationIds: [gmp], moqMax: 1000, quantityUnit: "個", categoryIds: [1] });
    expect(res.items.map((i) => i.id)).toEqual([full.companyId]);
    expect(res.total).toBe(1);
  });

  it("shows the verified certifications by name, in the master list's order, and the registered figures", async () => {
    const { items } = await search({});
    const card = (a: Account) => items.find((i) => i.id === a.companyId)!;
    expect(card(full)).toMatchObject({
      verifiedCertifications: [
        { id: gmp, name: "ISO 22716（化粧品GMP）" },
        { id: license, name: "化粧品製造業許可" },
      ],
      quantityUnit: "個",
      moqMin: 500,
      monthlyCapacity: 100_000,
    });
    expect(card(bare)).toMatchObject({
      verifiedCertifications: [],
      quantityUnit: null,
      moqMin: null,
      monthlyCapacity: null,
    });
  });

  it("takes the same filters as query parameters on GET /api/oem", async () => {
    const res = await api(
      "GET",
      `/api/oem?keyword=${encodeURIComponent(KEYWORD)}&certificationIds=${gmp}&processIds=${filling},${labeling}&moqMax=1000&quantityUnit=${encodeURIComponent("個")}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([full.companyId]);
  });

  it("answers 422 with Japanese field errors for bad capability filters", async () => {
    const res = await api("POST", "/api/oem/search", {
      body: { moqMax: 0, capacityMin: "多い", quantityUnit: "トン", certificationIds: ["ISO"] },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({
      moqMax: "MOQは1以上で入力してください",
      capacityMin: "月産能力は数値で入力してください",
      quantityUnit: "数量の単位の指定が正しくありません",
    });
    const big = await api("GET", "/api/oem?moqMax=1000000001&capacityMin=1.5");
    expect(big.status).toBe(422);
    expect(big.body.error.fields).toMatchObject({
      moqMax: "MOQは10億以下で入力してください",
      capacityMin: "月産能力は整数で入力してください",
    });
  });
});
