import { beforeAll, describe, expect, it } from "vitest";
import { type Account, registerVerified } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { oemInfo } from "../factories/documents";
import { api } from "../factories/http";

let sheetMetal: Account;
let cosmetics: Account;
let hidden: Account;

async function profile(a: Account, body: Record<string, unknown>) {
  const res = await api("PUT", `/api/oem/company/${a.companyId}/information/update`, {
    token: a.token,
    body: oemInfo(body),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  sheetMetal = await registerVerified("SUPPLIER", { companyName: "中部精密板金株式会社", prefectureId: 23 });
  await profile(sheetMetal, {
    catchphrase: "精密板金と機械部品の試作・量産",
    certifications: "ISO9001取得",
    categoryIds: [10, 11],
    featureIds: [1, 8],
    factories: [{ name: "岐阜工場", prefectureId: 21 }],
  });
  cosmetics = await registerVerified("SUPPLIER", { companyName: "関東コスメ製造株式会社", prefectureId: 13 });
  await profile(cosmetics, { catchphrase: "オーガニック化粧品のOEM", categoryIds: [1], featureIds: [1, 7] });
  await makePaid(cosmetics.companyId);
  hidden = await registerVerified("SUPPLIER", { companyName: "秘密部品工業株式会社", prefectureId: 27 });
  await profile(hidden, { catchphrase: "樹脂部品の射出成形", categoryIds: [12] });
  await api("PATCH", `/api/oem/company/${hidden.companyId}/namePublishStatus/update`, {
    token: hidden.token,
    body: { namePublished: false },
  });
  // A case study's words are searchable once published, not as a draft.
  await api("POST", `/api/oem/company/${sheetMetal.companyId}/case`, {
    token: sheetMetal.token,
    body: {
      title: "医療機器筐体の量産",
      body: "ステンレス筐体を月産500台で量産した事例です。",
      status: "PUBLISHED",
    },
  });
  await api("POST", `/api/oem/company/${cosmetics.companyId}/case`, {
    token: cosmetics.token,
    body: { title: "未公開の筐体案件", body: "下書き", status: "DRAFT" },
  });
});

const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((i) => i.id);

describe("public supplier search", () => {
  it("finds two-character Japanese words", async () => {
    expect(ids(await api("POST", "/api/oem/search", { body: { keyword: "板金" } }))).toEqual([
      sheetMetal.companyId,
    ]);
    const parts = ids(await api("POST", "/api/oem/search", { body: { keyword: "部品" } }));
    expect(parts).toContain(sheetMetal.companyId);
    expect(parts).toContain(hidden.companyId);
    expect(ids(await api("POST", "/api/oem/search", { body: { keyword: "筐体" } }))).toEqual([
      sheetMetal.companyId,
    ]);
  });

  it("needs every keyword and matches longer words too", async () => {
    expect(ids(await api("POST", "/api/oem/search", { body: { keyword: "オーガニック 化粧品" } }))).toEqual([
      cosmetics.companyId,
    ]);
    expect(ids(await api("POST", "/api/oem/search", { body: { keyword: "板金 化粧品" } }))).toEqual([]);
  });

  it("filters by category, by prefecture of the office or a factory, and by all selected features", async () => {
    expect(ids(await api("POST", "/api/oem/search", { body: { categoryIds: [11] } }))).toEqual([
      sheetMetal.companyId,
    ]);
    expect(ids(await api("POST", "/api/oem/search", { body: { prefectureIds: [21] } }))).toEqual([
      sheetMetal.companyId,
    ]);
    expect(ids(await api("POST", "/api/oem/search", { body: { featureIds: [1, 7] } }))).toEqual([
      cosmetics.companyId,
    ]);
    expect(
      ids(await api("GET", "/api/oem?keyword=%E9%83%A8%E5%93%81&categoryIds=10,11&prefectureIds=23")),
    ).toEqual([sheetMetal.companyId]);
  });

  it("hides the name of an unpublished company, and a search by its name finds nothing", async () => {
    const res = await api("POST", "/api/oem/search", { body: { keyword: "樹脂" } });
    expect(res.body.items[0]).toMatchObject({
      id: hidden.companyId,
      name: "企業名非公開",
      namePublished: false,
      logoUrl: null,
    });
    expect(ids(await api("POST", "/api/oem/search", { body: { keyword: "秘密部品工業" } }))).toEqual([]);
  });

  it("sorts paid suppliers first by default and pages with a total", async () => {
    const all = await api("POST", "/api/oem/search?perPage=2&page=1", { body: {} });
    expect(all.body).toMatchObject({ page: 1, perPage: 2, total: 3 });
    expect(all.body.items[0]).toMatchObject({ id: cosmetics.companyId, isPaid: true });
    const page2 = await api("POST", "/api/oem/search?perPage=2&page=2", { body: {} });
    expect(page2.body.items).toHaveLength(1);
    const byCases = await api("POST", "/api/oem/search", { body: { sort: "cases" } });
    expect(byCases.body.items[0]).toMatchObject({ id: sheetMetal.companyId, caseCount: 1 });
  });

  it("keeps the total past the last page, and sorts by newest", async () => {
    const past = await api("POST", "/api/oem/search?perPage=2&page=5", { body: {} });
    expect(past.body).toMatchObject({ items: [], page: 5, perPage: 2, total: 3 });
    const none = await api("POST", "/api/oem/search", { body: { keyword: "存在しない語" } });
    expect(none.body).toMatchObject({ items: [], total: 0 });
    const newest = await api("POST", "/api/oem/search", { body: { sort: "newest" } });
    expect(ids(newest)).toEqual([hidden.companyId, cosmetics.companyId, sheetMetal.companyId]);
  });

  it("matches a keyword inside a longer stored word, and a single character", async () => {
    // "ISO9001" is stored as the one word "iso9001"; a part of it is still found (substring rule).
    expect(ids(await api("POST", "/api/oem/search", { body: { keyword: "ＳＯ900" } }))).toEqual([
      sheetMetal.companyId,
    ]);
    const one = ids(await api("POST", "/api/oem/search", { body: { keyword: "樹" } }));
    expect(one).toEqual([hidden.companyId]);
    expect(ids(await api("POST", "/api/oem/search", { body: { keyword: "100%" } }))).toEqual([]);
  });

  it("fills each card with its categories, features, cases and prefecture", async () => {
    const res = await api("POST", "/api/oem/search", { body: { keyword: "板金" } });
    expect(res.body).toMatchObject({ total: 1 });
    expect(res.body.items[0]).toMatchObject({
      id: sheetMetal.companyId,
      name: "中部精密板金株式会社",
      prefectureName: "愛知県",
      caseCount: 1,
      isPaid: false,
      imageUrl: null,
    });
    expect(res.body.items[0].categories.map((c: { id: number }) => c.id).sort()).toEqual([10, 11]);
    expect(res.body.items[0].features.map((f: { id: number }) => f.id).sort()).toEqual([1, 8]);
  });

  it("answers 422 for bad filters", async () => {
    const res = await api("POST", "/api/oem/search", {
      body: { sort: "cheapest", keyword: "x".repeat(101) },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({
      sort: "並び順の指定が正しくありません",
      keyword: "キーワードは100文字以内で入力してください",
    });
  });
});

describe("public company page", () => {
  it("shows the profile and published cases, and counts the view", async () => {
    const res = await api("GET", `/api/oem/${sheetMetal.companyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "中部精密板金株式会社",
      prefectureName: "愛知県",
      factories: [{ name: "岐阜工場", prefectureName: "岐阜県" }],
    });
    expect(res.body.caseStudies.map((c: any) => c.title)).toEqual(["医療機器筐体の量産"]);
  });

  it("hides the name, website and address when the name is not published", async () => {
    const res = await api("GET", `/api/oem/${hidden.companyId}`);
    expect(res.body).toMatchObject({ name: "企業名非公開", website: null, address: null, logoUrl: null });
  });

  it("answers 404 for unknown, malformed and buyer ids", async () => {
    const buyer = await registerVerified("BUYER");
    expect((await api("GET", "/api/oem/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await api("GET", "/api/oem/not-an-id")).status).toBe(404);
    expect((await api("GET", `/api/oem/${buyer.companyId}`)).status).toBe(404);
  });
});
