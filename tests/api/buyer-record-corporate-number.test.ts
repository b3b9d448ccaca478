// 法人番号 (corporate number) in a company's basic information (issue 19): optional, 13 digits with
// a valid check digit (src/lib/corporate-number.ts), a Japanese field error otherwise; suppliers see
// only 「法人番号確認済み」 in the buyer figures (tests/api/buyer-record.test.ts), never the number.
import { describe, expect, it } from "vitest";
import { registerVerified } from "../factories/accounts";
import { basicInfo } from "../factories/documents";
import { api } from "../factories/http";

const CORPORATE_NUMBER_ERROR =
  "法人番号の形式が正しくありません（13桁の数字・チェックディジットをご確認ください）";

describe("法人番号 in the company settings", () => {
  it("stores a valid number (full-width and hyphens accepted), refuses a wrong check digit in Japanese, clears with null", async () => {
    const buyer = await registerVerified("BUYER");
    const path = `/api/buyer/company/${buyer.companyId}/update`;
    const ok = await api("PUT", path, {
      token: buyer.token,
      body: basicInfo({ corporateNumber: "７０００-０１-２０５０００２" }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.corporateNumber).toBe("7000012050002");
    expect(
      (await api("GET", `/api/buyer/company/${buyer.companyId}`, { token: buyer.token })).body
        .corporateNumber,
    ).toBe("7000012050002");

    for (const wrong of [
      "7000012050003",
      "1000012050002",
      "700001205000",
      "70000120500021",
      "abcdefghijklm",
    ]) {
      const bad = await api("PUT", path, { token: buyer.token, body: basicInfo({ corporateNumber: wrong }) });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields).toEqual({ corporateNumber: CORPORATE_NUMBER_ERROR });
    }
    expect(
      (await api("GET", `/api/buyer/company/${buyer.companyId}`, { token: buyer.token })).body
        .corporateNumber,
    ).toBe("7000012050002");
    const { corporateNumber: _, ...withoutIt } = basicInfo();
    const missing = await api("PUT", path, { token: buyer.token, body: withoutIt });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.error.fields)).toEqual(["corporateNumber"]);

    const cleared = await api("PUT", path, { token: buyer.token, body: basicInfo({ corporateNumber: "" }) });
    expect(cleared.status).toBe(200);
    expect(cleared.body.corporateNumber).toBeNull();
  });

  it("is part of a supplier's basic information too", async () => {
    const supplier = await registerVerified("SUPPLIER");
    const path = `/api/oem/company/${supplier.companyId}/update`;
    const ok = await api("PUT", path, {
      token: supplier.token,
      body: basicInfo({ corporateNumber: "7000012050002" }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.corporateNumber).toBe("7000012050002");
    const bad = await api("PUT", path, {
      token: supplier.token,
      body: basicInfo({ corporateNumber: "0000012050002" }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ corporateNumber: CORPORATE_NUMBER_ERROR });
  });
});
