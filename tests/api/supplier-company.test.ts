import { describe, expect, it } from "vitest";
import { registerVerified } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { basicInfo, oemInfo } from "../factories/documents";
import { api } from "../factories/http";
import { uploadPng } from "../factories/images";

describe("supplier company settings", () => {
  it("reads and updates the basic information, with Japanese field errors", async () => {
    const s = await registerVerified("SUPPLIER", { companyName: "東和精工株式会社" });
    const got = await api("GET", `/api/oem/company/${s.companyId}`, { token: s.token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      name: "東和精工株式会社",
      type: "SUPPLIER",
      paymentStatus: "OEM_FREE",
      namePublished: true,
    });

    const bad = await api("PUT", `/api/oem/company/${s.companyId}/update`, {
      token: s.token,
      body: { name: "", website: "ftp://x", establishedYear: 3000 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({
      name: "会社名を入力してください",
      establishedYear: "設立年が未来になっています",
    });
    expect(bad.body.error.fields.website).toContain("URL");

    const logo = await uploadPng(s.token, s.companyId);
    const put = await api("PUT", `/api/oem/company/${s.companyId}/update`, {
      token: s.token,
      body: basicInfo({
        name: "東和精工株式会社",
        prefectureId: 23,
        address: "名古屋市中区1-2-3",
        website: "https://towa-seiko.example.jp",
        establishedYear: 1972,
        capitalYen: 30000000,
        employeeCount: 85,
        description: "精密板金と機械部品の加工を得意とする町工場です。",
        logoFileId: logo,
      }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ prefectureId: 23, capitalYen: 30000000, logoUrl: `/api/image/${logo}` });
  });

  it("refuses another company's image as a logo", async () => {
    const s = await registerVerified("SUPPLIER");
    const other = await registerVerified("SUPPLIER");
    const foreign = await uploadPng(other.token, other.companyId);
    const res = await api("PUT", `/api/oem/company/${s.companyId}/update`, {
      token: s.token,
      body: basicInfo({ name: "株式会社テスト", logoFileId: foreign }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.logoFileId).toContain("ロゴ画像が見つかりません");
  });

  it("replaces the OEM information with categories, features, factories and a captioned gallery", async () => {
    const s = await registerVerified("SUPPLIER");
    const img = await uploadPng(s.token, s.companyId);
    const put = await api("PUT", `/api/oem/company/${s.companyId}/information/update`, {
      token: s.token,
      body: oemInfo({
        catchphrase: "小ロットから量産まで、精密板金のことならお任せください",
        minimumLot: "100個から",
        leadTime: "試作2週間・量産1か月",
        categoryIds: [10, 11],
        featureIds: [1, 2],
        factories: [{ name: "本社工場", prefectureId: 23, address: "名古屋市" }],
        gallery: [{ fileId: img, caption: "レーザー加工機" }],
      }),
    });
    expect(put.status).toBe(200);
    expect(put.body.categories.map((c: any) => c.id)).toEqual([10, 11]);
    expect(put.body.factories[0]).toMatchObject({ name: "本社工場", prefectureName: "愛知県" });
    expect(put.body.gallery).toEqual([{ id: img, url: `/api/image/${img}`, caption: "レーザー加工機" }]);
    expect(put.body.profileCompleteness).toBeGreaterThan(0);

    const unknown = await api("PUT", `/api/oem/company/${s.companyId}/information/update`, {
      token: s.token,
      body: oemInfo({ categoryIds: [9999], featureIds: [8888] }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toMatchObject({
      categoryIds: "存在しないカテゴリが含まれています",
      featureIds: "存在しない特徴が含まれています",
    });
  });

  it("lets only an ADMIN hide the company name", async () => {
    const s = await registerVerified("SUPPLIER");
    const general = await addGeneralMember(s.companyId);
    const byGeneral = await api("PATCH", `/api/oem/company/${s.companyId}/namePublishStatus/update`, {
      token: general.token,
      body: { namePublished: false },
    });
    expect(byGeneral.status).toBe(403);
    expect(byGeneral.body.error.message).toBe("この操作は管理者のみ行えます。");
    const res = await api("PATCH", `/api/oem/company/${s.companyId}/namePublishStatus/update`, {
      token: s.token,
      body: { namePublished: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.namePublished).toBe(false);
  });

  it("answers 404 for a buyer company id on supplier calls and for another supplier", async () => {
    const buyer = await registerVerified("BUYER");
    const s = await registerVerified("SUPPLIER");
    expect((await api("GET", `/api/oem/company/${buyer.companyId}`, { token: buyer.token })).status).toBe(
      404,
    );
    expect(
      (await api("GET", `/api/oem/company/${s.companyId}/information`, { token: buyer.token })).status,
    ).toBe(404);
  });
});

describe("additional register", () => {
  it("lets a buyer add a supplier company and switches the session to it, once", async () => {
    const buyer = await registerVerified("BUYER");
    const res = await api("POST", "/api/oem/additional-register", {
      token: buyer.token,
      body: { name: "追加工業株式会社", personName: "山田 太郎", phone: "03-1111-2222" },
    });
    expect(res.status).toBe(201);
    expect(res.body.companyType).toBe("SUPPLIER");
    expect(res.body.companies).toHaveLength(2);
    const again = await api("POST", "/api/oem/additional-register", {
      token: buyer.token,
      body: { name: "二社目工業", personName: "山田 太郎" },
    });
    expect(again.status).toBe(409);
  });
});

describe("deactivation", () => {
  it("records reasons, deactivates, hides the public page and ends the members' access", async () => {
    const s = await registerVerified("SUPPLIER", { companyName: "退会予定工業株式会社" });
    const reasons = await api("GET", "/api/reason?audience=SUPPLIER");
    const reasonIds = reasons.body.items.slice(0, 2).map((r: any) => r.id);
    const rec = await api("POST", "/api/reason", {
      token: s.token,
      body: { companyId: s.companyId, reasonIds, comment: "案件が合いませんでした" },
    });
    expect(rec.status).toBe(201);
    const buyerOnly = reasons.body.items.length;
    expect(buyerOnly).toBeGreaterThan(0);

    expect((await api("GET", `/api/oem/${s.companyId}`)).status).toBe(200);
    const res = await api("DELETE", `/api/oem/company/${s.companyId}/deactivate`, { token: s.token });
    expect(res.status).toBe(200);
    expect((await api("GET", `/api/oem/${s.companyId}`)).status).toBe(404);
    const search = await api("POST", "/api/oem/search", { body: { keyword: "退会予定工業" } });
    expect(search.body.items.map((i: any) => i.id)).not.toContain(s.companyId);
    // The session working in the company ended.
    expect((await api("GET", "/api/account/me", { token: s.token })).status).toBe(401);
  });

  it("refuses reasons of the other audience and a GENERAL member", async () => {
    const s = await registerVerified("SUPPLIER");
    const general = await addGeneralMember(s.companyId);
    const buyerReasons = (await api("GET", "/api/reason?audience=BUYER")).body.items.filter(
      (r: any) => r.audience === "BUYER",
    );
    const res = await api("POST", "/api/reason", {
      token: s.token,
      body: { companyId: s.companyId, reasonIds: [buyerReasons[0].id] },
    });
    expect(res.status).toBe(422);
    expect(
      (await api("DELETE", `/api/oem/company/${s.companyId}/deactivate`, { token: general.token })).status,
    ).toBe(403);
  });
});
