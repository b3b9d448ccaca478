import { describe, expect, it } from "vitest";
import { registerVerified } from "../factories/accounts";
import { basicInfo, caseDocument, oemInfo } from "../factories/documents";
import { api } from "../factories/http";
import { uploadPng } from "../factories/images";

// A PUT replaces a whole document (docs/decisions/0005): a body that leaves fields out is refused
// with 422 and changes nothing, so a client bug can never erase a company's profile. Only an
// explicit null (or [] for a list) clears a field.
const MISSING = "この項目がありません。空にする場合は null を送ってください";
const MISSING_LIST = "この項目がありません。空にする場合は [] を送ってください";

async function supplierWithOemInformation() {
  const s = await registerVerified("SUPPLIER");
  const img = await uploadPng(s.token, s.companyId, "加工機");
  const full = oemInfo({
    catchphrase: "精密板金のことならお任せください",
    strengths: "試作から量産まで一貫対応",
    minimumLot: "100個から",
    categoryIds: [10, 11],
    featureIds: [1, 2],
    factories: [{ name: "本社工場", prefectureId: 23, address: "名古屋市" }],
    gallery: [{ fileId: img, caption: "加工機" }],
  });
  const put = await api("PUT", `/api/oem/company/${s.companyId}/information/update`, {
    token: s.token,
    body: full,
  });
  expect(put.status).toBe(200);
  return { s, before: put.body };
}

describe("PUT of the OEM information", () => {
  it("refuses {} and a partial body with 422 and keeps categories, features, factories and gallery", async () => {
    const { s, before } = await supplierWithOemInformation();
    const path = `/api/oem/company/${s.companyId}/information/update`;
    const empty = await api("PUT", path, { token: s.token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields).toEqual({
      catchphrase: MISSING,
      strengths: MISSING,
      minimumLot: MISSING,
      leadTime: MISSING,
      capacity: MISSING,
      certifications: MISSING,
      services: MISSING,
      priceRange: MISSING,
      categoryIds: MISSING_LIST,
      featureIds: MISSING_LIST,
      factories: MISSING_LIST,
      gallery: MISSING_LIST,
    });
    const partial = await api("PUT", path, { token: s.token, body: { catchphrase: "書き換え" } });
    expect(partial.status).toBe(422);
    expect(partial.body.error.fields.catchphrase).toBeUndefined();
    expect(partial.body.error.fields.gallery).toBe(MISSING_LIST);

    const after = await api("GET", `/api/oem/company/${s.companyId}/information`, { token: s.token });
    expect(after.body).toEqual(before);
    expect(after.body.categories).toHaveLength(2);
    expect(after.body.gallery).toHaveLength(1);
  });

  it("clears fields and lists only when the document says null and []", async () => {
    const { s } = await supplierWithOemInformation();
    const put = await api("PUT", `/api/oem/company/${s.companyId}/information/update`, {
      token: s.token,
      body: oemInfo({ catchphrase: "", strengths: "強みだけ残す" }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      catchphrase: null,
      strengths: "強みだけ残す",
      minimumLot: null,
      categories: [],
      features: [],
      factories: [],
      gallery: [],
    });
  });
});

describe("PUT of a company's basic information", () => {
  for (const type of ["SUPPLIER", "BUYER"] as const) {
    const path = (id: string) => `/api/${type === "SUPPLIER" ? "oem" : "buyer"}/company/${id}/update`;

    it(`refuses a body with only the name (${type}) and keeps every other field`, async () => {
      const a = await registerVerified(type);
      const full = basicInfo({
        name: "東和精工株式会社",
        nameKana: "トウワセイコウ",
        postalCode: "460-0001",
        prefectureId: 23,
        address: "名古屋市中区1-2-3",
        phone: "052-123-4567",
        website: "https://towa.example.jp",
        representativeName: "東和 一郎",
        establishedYear: 1972,
        capitalYen: 30000000,
        employeeCount: 85,
        description: "精密板金の町工場です。",
        logoFileId: await uploadPng(a.token, a.companyId),
      });
      const saved = await api("PUT", path(a.companyId), { token: a.token, body: full });
      expect(saved.status).toBe(200);

      const partial = await api("PUT", path(a.companyId), { token: a.token, body: { name: "東和精工" } });
      expect(partial.status).toBe(422);
      expect(Object.keys(partial.body.error.fields).sort()).toEqual(
        Object.keys(full)
          .filter((k) => k !== "name")
          .sort(),
      );
      expect(partial.body.error.fields.description).toBe(MISSING);

      const after = await api("GET", `/api/${type === "SUPPLIER" ? "oem" : "buyer"}/company/${a.companyId}`, {
        token: a.token,
      });
      expect(after.body).toEqual(saved.body);

      const cleared = await api("PUT", path(a.companyId), {
        token: a.token,
        body: { ...full, nameKana: null, website: "", logoFileId: null, capitalYen: null },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({
        nameKana: null,
        website: null,
        logoFileId: null,
        capitalYen: null,
        employeeCount: 85,
        description: "精密板金の町工場です。",
      });
    });
  }
});

describe("PUT of the person's profile in a company", () => {
  it("refuses a body without department and phone and keeps them", async () => {
    const b = await registerVerified("BUYER");
    const path = `/api/account/company/${b.companyId}/profile/update`;
    const full = { name: "山田 花子", department: "購買部", phone: "06-1234-5678" };
    expect((await api("PUT", path, { token: b.token, body: full })).status).toBe(200);
    const partial = await api("PUT", path, { token: b.token, body: { name: "山田 次郎" } });
    expect(partial.status).toBe(422);
    expect(partial.body.error.fields).toEqual({ department: MISSING, phone: MISSING });
    const after = await api("GET", `/api/account/company/${b.companyId}/profile`, { token: b.token });
    expect(after.body).toMatchObject(full);
    const cleared = await api("PUT", path, {
      token: b.token,
      body: { ...full, department: null, phone: "" },
    });
    expect(cleared.body).toMatchObject({ name: "山田 花子", department: null, phone: null });
  });
});

describe("PUT of a case study", () => {
  it("refuses a body with only title and body and keeps its status, category and images", async () => {
    const s = await registerVerified("SUPPLIER");
    const img = await uploadPng(s.token, s.companyId);
    const base = `/api/oem/company/${s.companyId}/case`;
    const created = await api("POST", base, {
      token: s.token,
      body: caseDocument({ categoryId: 1, lotSize: "3,000本", status: "PUBLISHED", imageIds: [img] }),
    });
    expect(created.status).toBe(201);
    const partial = await api("PUT", `${base}/${created.body.id}`, {
      token: s.token,
      body: { title: "改訂", body: "内容を更新しました。" },
    });
    expect(partial.status).toBe(422);
    expect(partial.body.error.fields).toMatchObject({
      categoryId: MISSING,
      clientIndustry: MISSING,
      lotSize: MISSING,
      period: MISSING,
      imageIds: MISSING_LIST,
    });
    expect(partial.body.error.fields.status).toBeDefined();
    const after = await api("GET", `${base}/${created.body.id}`, { token: s.token });
    expect(after.body).toEqual(created.body);

    const cleared = await api("PUT", `${base}/${created.body.id}`, {
      token: s.token,
      body: caseDocument({ title: "改訂", status: "PUBLISHED" }),
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ title: "改訂", categoryId: null, lotSize: null, images: [] });
  });
});
