import { describe, expect, it } from "vitest";
import { yen, yenInManOku, yenOrDash, yenSuffixed } from "./yen";

describe("yen", () => {
  it("writes amounts with Japanese digit grouping", () => {
    expect(yen(12_345)).toBe("¥12,345");
    expect(yen(0)).toBe("¥0");
    expect(yenSuffixed(1_500)).toBe("1,500円");
    expect(yenOrDash(1_234_567)).toBe("1,234,567円");
    expect(yenOrDash(0)).toBe("0円");
    expect(yenOrDash(null)).toBe("—");
    expect(yenOrDash(undefined)).toBe("—");
  });

  it("matches toLocaleString, which the emails and PDFs used before", () => {
    for (const n of [0, 7, 1_234, 98_765_432]) {
      expect(yen(n)).toBe(`¥${n.toLocaleString("ja-JP")}`);
      expect(yenSuffixed(n)).toBe(`${n.toLocaleString("ja-JP")}円`);
    }
  });

  it("writes capital the Japanese way", () => {
    expect(yenInManOku(30_000_000)).toBe("3,000万円");
    expect(yenInManOku(100_000_000)).toBe("1億円");
    expect(yenInManOku(150_000_000)).toBe("1億5,000万円");
    expect(yenInManOku(8_500)).toBe("8,500円");
    expect(yenInManOku(-1)).toBe("");
  });
});
