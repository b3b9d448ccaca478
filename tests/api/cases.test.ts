import { describe, expect, it } from "vitest";
import { registerVerified } from "../factories/accounts";
import { caseDocument } from "../factories/documents";
import { api } from "../factories/http";
import { uploadPng } from "../factories/images";

const base = (companyId: string) => `/api/oem/company/${companyId}/case`;

describe("case studies", () => {
  it("creates, lists, reads, updates and deletes a case with images", async () => {
    const s = await registerVerified("SUPPLIER");
    const img = await uploadPng(s.token, s.companyId, "完成品");
    const created = await api("POST", base(s.companyId), {
      token: s.token,
      body: {
        title: "オーガニック化粧水のOEM",
        categoryId: 1,
        clientIndustry: "化粧品ブランド",
        body: "処方開発から充填・包装までを一貫して担当しました。",
        lotSize: "3,000本",
        period: "4か月",
        status: "PUBLISHED",
        imageIds: [img],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "オーガニック化粧水のOEM",
      categoryName: "化粧品",
      status: "PUBLISHED",
    });
    expect(created.body.images).toEqual([{ id: img, url: `/api/image/${img}`, caption: "完成品" }]);
    const id = created.body.id;

    await api("POST", base(s.companyId), { token: s.token, body: { title: "下書きの事例", body: "作成中" } });
    const list = await api("GET", base(s.companyId), { token: s.token });
    expect(list.body.total).toBe(2);
    const drafts = await api("GET", `${base(s.companyId)}?status=DRAFT`, { token: s.token });
    expect(drafts.body.items.map((c: any) => c.title)).toEqual(["下書きの事例"]);

    const updated = await api("PUT", `${base(s.companyId)}/${id}`, {
      token: s.token,
      body: caseDocument({
        title: "オーガニック化粧水のOEM（改訂）",
        body: "内容を更新しました。",
        status: "DRAFT",
        imageIds: [],
      }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: "DRAFT", images: [] });
    expect((await api("GET", `/api/oem/${s.companyId}`)).body.caseStudies).toEqual([]);

    expect((await api("DELETE", `${base(s.companyId)}/${id}`, { token: s.token })).status).toBe(200);
    expect((await api("GET", `${base(s.companyId)}/${id}`, { token: s.token })).status).toBe(404);
  });

  it("validates input in Japanese", async () => {
    const s = await registerVerified("SUPPLIER");
    const res = await api("POST", base(s.companyId), {
      token: s.token,
      body: { title: "", body: "", status: "SECRET", imageIds: ["x"] },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({
      title: "タイトルを入力してください",
      body: "事例の内容を入力してください",
    });
  });

  it("answers 404 for another company's case, even under my company id", async () => {
    const s = await registerVerified("SUPPLIER");
    const other = await registerVerified("SUPPLIER");
    const theirs = await api("POST", base(other.companyId), {
      token: other.token,
      body: { title: "他社事例", body: "内容" },
    });
    const caseId = theirs.body.id;
    expect((await api("GET", `${base(s.companyId)}/${caseId}`, { token: s.token })).status).toBe(404);
    expect(
      (
        await api("PUT", `${base(s.companyId)}/${caseId}`, {
          token: s.token,
          body: caseDocument({ title: "乗っ取り", body: "x" }),
        })
      ).status,
    ).toBe(404);
    expect((await api("DELETE", `${base(s.companyId)}/${caseId}`, { token: s.token })).status).toBe(404);
    expect((await api("GET", `${base(other.companyId)}/${caseId}`, { token: s.token })).status).toBe(404);
    // Still there for its owner.
    expect((await api("GET", `${base(other.companyId)}/${caseId}`, { token: other.token })).status).toBe(200);
  });

  it("refuses another company's image on a case", async () => {
    const s = await registerVerified("SUPPLIER");
    const other = await registerVerified("SUPPLIER");
    const foreign = await uploadPng(other.token, other.companyId);
    const res = await api("POST", base(s.companyId), {
      token: s.token,
      body: { title: "事例", body: "内容", imageIds: [foreign] },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.imageIds).toContain("画像が見つかりません");
  });
});
