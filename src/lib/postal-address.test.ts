import { describe, expect, it } from "vitest";
import { formatAddress, formatPostalCode } from "./postal-address";

describe("formatAddress", () => {
  it("writes the postal code, the prefecture and the rest on one line", () => {
    expect(formatAddress({ postalCode: "1500002", prefecture: "東京都", address: "渋谷区渋谷1-2-3" })).toBe(
      "〒150-0002 東京都渋谷区渋谷1-2-3",
    );
  });

  it("does not double the prefecture when the address already starts with it", () => {
    expect(
      formatAddress({ postalCode: "150-0002", prefecture: "東京都", address: "東京都渋谷区渋谷1-2-3" }),
    ).toBe("〒150-0002 東京都渋谷区渋谷1-2-3");
    expect(formatAddress({ prefecture: "神奈川県", address: "神奈川県川崎市幸区新川崎7-7" })).toBe(
      "神奈川県川崎市幸区新川崎7-7",
    );
  });

  it("normalises full-width spaces and digits before comparing", () => {
    expect(
      formatAddress({
        postalCode: "１５０－０００２",
        prefecture: "東京都",
        address: "　東京都　渋谷区渋谷１－２－３　",
      }),
    ).toBe("〒150-0002 東京都渋谷区渋谷1-2-3");
    expect(
      formatAddress({ prefecture: " 大阪府 ", address: "大阪府大阪市北区梅田1-1  大阪駅前第1ビル" }),
    ).toBe("大阪府大阪市北区梅田1-1 大阪駅前第1ビル");
  });

  it("keeps an address that starts with another prefecture as it is", () => {
    expect(formatAddress({ prefecture: "東京都", address: "埼玉県川口市本町1-1" })).toBe(
      "埼玉県川口市本町1-1",
    );
  });

  it("tells 京都府 from 東京都 (a prefix of neither)", () => {
    expect(formatAddress({ prefecture: "京都府", address: "京都府京都市下京区1" })).toBe(
      "京都府京都市下京区1",
    );
    expect(formatAddress({ prefecture: "京都府", address: "京都市下京区1" })).toBe("京都府京都市下京区1");
  });

  it("leaves out missing parts", () => {
    expect(formatAddress({ postalCode: null, prefecture: null, address: "渋谷区渋谷1-2-3" })).toBe(
      "渋谷区渋谷1-2-3",
    );
    expect(formatAddress({ postalCode: "1500002", prefecture: "東京都", address: null })).toBe(
      "〒150-0002 東京都",
    );
    expect(formatAddress({ postalCode: "1500002" })).toBe("〒150-0002");
    expect(formatAddress({ postalCode: "  ", prefecture: "", address: undefined })).toBe("");
  });
});

describe("formatPostalCode", () => {
  it("hyphenates seven digits and keeps any other shape", () => {
    expect(formatPostalCode("〒1500002")).toBe("〒150-0002");
    expect(formatPostalCode("150 0002")).toBe("〒150-0002");
    expect(formatPostalCode("12345")).toBe("〒12345");
    expect(formatPostalCode(undefined)).toBe("");
  });
});
